import { useEffect, useState } from "preact/hooks";
import type { ListDocument, OneDocument, Resource, WebhookAttributes, WebhookEventCategoryAttributes } from "../api/api-types.js";
import { messagesOf, type WebhookField, type WebhookFormMessages } from "../lib/webhook-form-errors.js";
import type { Session } from "../state/session.js";

/**
 * Creates a webhook (`POST /v2/webhooks`): its URL, its events from the published list
 * (`GET /v2/webhooks/events`) and whether it is active. The server checks everything; its errors
 * are shown beside their fields, and the new webhook's secret once, after it is created.
 */
export function WebhookForm(props: { session: Session; onCreated: () => void }) {
  const { api } = props.session;
  const [categories, setCategories] = useState<Resource<WebhookEventCategoryAttributes>[] | null>(null);
  const [catalogueError, setCatalogueError] = useState<string | null>(null);
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<ReadonlySet<string>>(new Set());
  const [active, setActive] = useState(true);
  const [busy, setBusy] = useState(false);
  const [messages, setMessages] = useState<WebhookFormMessages>({});
  const [created, setCreated] = useState<{ url: string; secret: string | null } | null>(null);

  useEffect(() => {
    let current = true;
    api.read<ListDocument<WebhookEventCategoryAttributes>>("/webhooks/events").then(
      (document) => current && setCategories(document.data),
      (error: Error) => current && setCatalogueError(error.message),
    );
    return () => {
      current = false;
    };
  }, [api]);

  const toggle = (name: string, on: boolean) =>
    setEvents((previous) => {
      const next = new Set(previous);
      if (on) next.add(name);
      else next.delete(name);
      return next;
    });

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setMessages({});
    setCreated(null);
    // In the catalogue's order, whatever order they were ticked in.
    const chosen = (categories ?? []).flatMap((category) => category.attributes.events.map((e) => e.name)).filter((name) => events.has(name));
    try {
      const document = await api.send<OneDocument<WebhookAttributes>>("POST", "/webhooks", { data: { type: "webhook", attributes: { url: url.trim(), events: chosen, active } } });
      setCreated({ url: document.data.attributes.url, secret: document.data.attributes.secret ?? null });
      setUrl("");
      setEvents(new Set());
      setActive(true);
      props.onCreated();
    } catch (error) {
      setMessages(messagesOf(error));
    } finally {
      setBusy(false);
    }
  };

  const invalid = (field: WebhookField) => (messages[field] ? { "aria-invalid": true, "aria-describedby": `webhook-${field}-error` } : {});
  const fieldError = (field: WebhookField) =>
    messages[field] && (
      <p id={`webhook-${field}-error`} class="error field-error">
        {messages[field]}
      </p>
    );
  return (
    <form class="webhook-form" onSubmit={submit} noValidate>
      <div class="field wide">
        <label for="webhook-url">URL</label>
        <input id="webhook-url" type="url" value={url} placeholder="https://example.com/bollard-webhook" onInput={(e) => setUrl(e.currentTarget.value)} {...invalid("url")} />
        {fieldError("url")}
      </div>
      {/* aria-invalid is not allowed on a group: the fieldset only points at its message. */}
      <fieldset class="events" aria-describedby={messages.events ? "webhook-events-error" : undefined}>
        <legend>Events</legend>
        {catalogueError && <p class="error">Could not read the list of events: {catalogueError}</p>}
        {categories === null && !catalogueError && <p class="muted">Loading the list of events…</p>}
        {categories?.map((category) => (
          <div key={category.id} class="event-category">
            <p class="category-name">{category.attributes.name}</p>
            <ul class="plain event-list">
              {category.attributes.events.map((e) => (
                <li key={e.name}>
                  <label class="check" title={e.description}>
                    <input type="checkbox" checked={events.has(e.name)} onChange={(change) => toggle(e.name, change.currentTarget.checked)} /> <code>{e.name}</code>
                  </label>
                </li>
              ))}
            </ul>
          </div>
        ))}
        {fieldError("events")}
      </fieldset>
      <div class="field check">
        <input id="webhook-active" type="checkbox" checked={active} onChange={(e) => setActive(e.currentTarget.checked)} {...invalid("active")} />
        <label for="webhook-active">Active (send notifications now)</label>
        {fieldError("active")}
      </div>
      <p>
        <button type="submit" disabled={busy}>
          {busy ? "Creating…" : "Create webhook"}
        </button>
      </p>
      {messages.form && (
        <p role="alert" class="error" data-testid="webhook-form-error">
          {messages.form}
        </p>
      )}
      {created && (
        <div role="status" class="created" data-testid="webhook-created">
          <p class="ok">
            Created the webhook for <span class="url">{created.url}</span>.
          </p>
          {created.secret && (
            <p>
              Its secret signs every notification (the <code>X-T49-Webhook-Signature</code> header); keep it where your receiver checks them:{" "}
              <code class="secret" data-testid="new-webhook-secret">
                {created.secret}
              </code>
            </p>
          )}
        </div>
      )}
    </form>
  );
}
