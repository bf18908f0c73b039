import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { createApiClient } from "./api/api-client.js";
import { Link, useRoute, type Route } from "./lib/router.js";
import { createContainerStore } from "./state/container-store.js";
import { clearApiKey, loadApiKey, saveApiKey } from "./state/key-store.js";
import type { Session } from "./state/session.js";
import { AtSeaView } from "./views/at-sea-view.js";
import { ContainerView } from "./views/container-view.js";
import { ContainersView } from "./views/containers-view.js";
import { LfdView } from "./views/lfd-view.js";
import { ExceptionsView } from "./views/exceptions-view.js";
import { ImportView } from "./views/import-view.js";
import { LoginView } from "./views/login-view.js";
import { WebhooksView } from "./views/webhooks-view.js";

const NAV: { route: Route["name"]; href: string; label: string }[] = [
  { route: "containers", href: "/app/", label: "Containers" },
  { route: "at-sea", href: "/app/at-sea", label: "At sea now" },
  { route: "lfd", href: "/app/lfd", label: "Last free day" },
  { route: "exceptions", href: "/app/exceptions", label: "Exceptions" },
  { route: "webhooks", href: "/app/webhooks", label: "Webhooks" },
  { route: "import", href: "/app/import", label: "Import" },
];

/** The dashboard: the key form until a key is accepted, then the views. */
export function App() {
  const [apiKey, setApiKey] = useState(loadApiKey);
  const [notice, setNotice] = useState<string | null>(null);
  const signOut = (message: string | null) => {
    clearApiKey();
    setNotice(message);
    setApiKey(null);
  };
  const session = useMemo<Session | null>(() => {
    if (!apiKey) return null;
    const api = createApiClient(apiKey, () => signOut("The server no longer accepts this API key (401 Unauthorized). Enter a valid key."));
    return { api, containers: createContainerStore(api) };
  }, [apiKey]);
  useEffect(() => () => session?.containers.stop(), [session]);
  if (!session) {
    return (
      <LoginView
        notice={notice}
        onAccepted={(key) => {
          saveApiKey(key);
          setNotice(null);
          setApiKey(key);
        }}
      />
    );
  }
  return <Shell session={session} onSignOut={() => signOut(null)} />;
}

function Shell(props: { session: Session; onSignOut: () => void }) {
  const route = useRoute();
  const main = useRef<HTMLElement>(null);
  const first = useRef(true);
  useEffect(() => props.session.containers.start(), [props.session]);
  useEffect(() => {
    // After a navigation, focus moves to the new view's heading (where a screen reader reads on).
    if (first.current) {
      first.current = false;
      return;
    }
    main.current?.querySelector<HTMLElement>("h1")?.focus();
  }, [route]);
  const active = route.name === "container" ? "containers" : route.name;
  return (
    <>
      <a class="skip-link" href="#main">
        Skip to content
      </a>
      <header class="top">
        <span class="brand">Bollard</span>
        <nav aria-label="Views">
          <ul>
            {NAV.map((item) => (
              <li key={item.route}>
                <Link href={item.href} aria-current={active === item.route ? "page" : undefined}>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <button type="button" class="secondary" onClick={props.onSignOut}>
          Forget key
        </button>
      </header>
      <main id="main" ref={main}>
        {route.name === "containers" && <ContainersView session={props.session} />}
        {route.name === "container" && <ContainerView session={props.session} id={route.id} />}
        {route.name === "at-sea" && <AtSeaView session={props.session} />}
        {route.name === "lfd" && <LfdView session={props.session} />}
        {route.name === "exceptions" && <ExceptionsView session={props.session} />}
        {route.name === "webhooks" && <WebhooksView session={props.session} />}
        {route.name === "import" && <ImportView session={props.session} />}
        {route.name === "not-found" && (
          <>
            <h1 tabIndex={-1}>Not found</h1>
            <p>
              There is no such page. <Link href="/app/">See every container</Link>.
            </p>
          </>
        )}
      </main>
    </>
  );
}
