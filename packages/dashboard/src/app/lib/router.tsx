import type { ComponentChildren } from "preact";
import { useEffect, useState } from "preact/hooks";

/** A screen of the app, parsed from the location path. */
export type Route =
  | { name: "containers" }
  | { name: "container"; id: string }
  | { name: "at-sea" }
  | { name: "lfd" }
  | { name: "exceptions" }
  | { name: "webhooks" }
  | { name: "import" }
  | { name: "not-found" };

/** The route of a path: `/` and `/app/` are the containers table. */
export function parseRoute(pathname: string): Route {
  const path = pathname.replace(/\/+$/, "") || "/";
  if (path === "/" || path === "/app") return { name: "containers" };
  const container = /^\/app\/containers\/([0-9a-fA-F-]{36})$/.exec(path);
  if (container) return { name: "container", id: container[1]!.toLowerCase() };
  if (path === "/app/at-sea") return { name: "at-sea" };
  if (path === "/app/lfd") return { name: "lfd" };
  if (path === "/app/exceptions") return { name: "exceptions" };
  if (path === "/app/webhooks") return { name: "webhooks" };
  if (path === "/app/import") return { name: "import" };
  return { name: "not-found" };
}

const listeners = new Set<() => void>();

/** Goes to a path of the app without a reload. */
export function navigate(href: string): void {
  history.pushState(null, "", href);
  for (const listener of listeners) listener();
}

/** The current route; re-renders on navigation and on the back button. */
export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(location.pathname));
  useEffect(() => {
    const update = () => setRoute(parseRoute(location.pathname));
    listeners.add(update);
    addEventListener("popstate", update);
    return () => {
      listeners.delete(update);
      removeEventListener("popstate", update);
    };
  }, []);
  return route;
}

/** A link inside the app: a real `<a href>` (open in a new tab works), navigated in place on a plain click. */
export function Link(props: { href: string; children: ComponentChildren; class?: string; "aria-current"?: "page" | undefined }) {
  return (
    <a
      href={props.href}
      class={props.class}
      aria-current={props["aria-current"]}
      onClick={(event) => {
        if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        navigate(props.href);
      }}
    >
      {props.children}
    </a>
  );
}
