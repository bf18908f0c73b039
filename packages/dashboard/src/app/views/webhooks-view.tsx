import { useState } from "preact/hooks";
import { ApiError } from "../api/api-client.js";
import type { ListDocument, Resource, WebhookAttributes, WebhookNotificationAttributes, WebhookNotificationLogAttributes, WebhookTriggerResult } from "../api/api-types.js";
import type { Session } from "../state/session.js";
import { formatLocal } from "../lib/time-format.js";
import { usePolled } from "../lib/use-polled.js";
import { WebhookForm } from "./webhook-form.js";

function logsOf(document: ListDocument<WebhookNotificationAttributes>, notification: Resource<WebhookNotificationAttributes>): WebhookNotificationLogAttributes[] {
  const ids = notification.relationships?.webhook_notification_logs?.data;
  if (!Array.isArray(ids)) return [];
  return ids.flatMap((id) => (document.included ?? []).filter((item) => item.type === id.type && item.id === id.id).map((item) => item.attributes as unknown as WebhookNotificationLogAttributes));
}

/**
 * Webhook subscriptions with a test button, a form for a new one, and the recent deliveries
 * (failures first to the eye), each of which can be sent again.
 */
export function WebhooksView(props: { session: Session }) {
  const { api } = props.session;
  const webhooks = usePolled<ListDocument<WebhookAttributes>>(api, "/webhooks?page%5Bsize%5D=100");
  const notifications = usePolled<ListDocument<WebhookNotificationAttributes>>(api, "/webhook_notifications?include=webhook_notification_logs&page%5Bsize%5D=50");
  const webhookUrl = (id: string | undefined) => webhooks.data?.data.find((webhook) => webhook.id === id)?.attributes.url ?? "";
  return (
    <>
      <h1 tabIndex={-1}>Webhooks</h1>
      <section class="panel" aria-labelledby="subscriptions-heading">
        <h2 id="subscriptions-heading">Subscriptions</h2>
        {webhooks.error && <p class="error">Could not read webhooks: {webhooks.error.message}</p>}
        {webhooks.data && webhooks.data.data.length === 0 && <p class="muted">No webhook yet: create one below.</p>}
        <ul class="plain subscriptions">
          {webhooks.data?.data.map((webhook) => (
            <Subscription key={webhook.id} session={props.session} webhook={webhook} onSent={() => void notifications.reload()} />
          ))}
        </ul>
      </section>
      <section class="panel" aria-labelledby="new-webhook-heading">
        <h2 id="new-webhook-heading">New webhook</h2>
        <WebhookForm session={props.session} onCreated={() => void webhooks.reload()} />
      </section>
      <section class="panel" aria-labelledby="deliveries-heading">
        <h2 id="deliveries-heading">Recent deliveries</h2>
        {notifications.error && <p class="error">Could not read deliveries: {notifications.error.message}</p>}
        <div class="table-wrap">
          <table class="deliveries">
            <thead>
              <tr>
                <th scope="col">Created</th>
                <th scope="col">Event</th>
                <th scope="col">Webhook</th>
                <th scope="col">Status</th>
                <th scope="col">Attempts</th>
                <th scope="col">Last answer</th>
                <th scope="col">Send again</th>
              </tr>
            </thead>
            <tbody>
              {notifications.data?.data.map((notification) => {
                const a = notification.attributes;
                const logs = logsOf(notifications.data!, notification);
                const failed = a.delivery_status === "failed" || (a.last_response_status !== null && a.last_response_status >= 400);
                const webhookId = (notification.relationships?.webhook?.data as { id: string } | null)?.id;
                return (
                  <tr key={notification.id} class={failed ? "failed" : undefined} data-notification-id={notification.id} data-delivery-status={a.delivery_status}>
                    <td>{formatLocal(a.created_at, null)}</td>
                    <td>
                      <code>{a.event}</code>
                    </td>
                    <td class="url">{webhookUrl(webhookId)}</td>
                    <td>
                      <span class={`badge delivery-${a.delivery_status}`}>{failed && a.delivery_status !== "failed" ? "Failing" : a.delivery_status}</span>
                      {a.next_attempt_at && <span class="sub">retry {formatLocal(a.next_attempt_at, null)}</span>}
                    </td>
                    <td class="number">
                      {a.attempts}
                      {logs.length > 0 && (
                        <details>
                          <summary>Attempts</summary>
                          <ol>
                            {logs.map((log, index) => (
                              <li key={index}>
                                {formatLocal(log.attempted_at, null)}: {log.status_code ?? "no answer"} in {log.duration_ms} ms{log.error ? ` (${log.error})` : ""}
                              </li>
                            ))}
                          </ol>
                        </details>
                      )}
                    </td>
                    <td>{a.last_response_status ?? "—"}</td>
                    <td>
                      <Redeliver session={props.session} notification={notification} onQueued={() => void notifications.reload()} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        {notifications.data && notifications.data.data.length === 0 && <p class="muted">No notification sent yet.</p>}
      </section>
    </>
  );
}

function Subscription(props: { session: Session; webhook: Resource<WebhookAttributes>; onSent: () => void }) {
  const { webhook } = props;
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const event = webhook.attributes.events[0] ?? "tracking_request.succeeded";
  const test = async () => {
    setBusy(true);
    setResult(null);
    try {
      const answer = await props.session.api.send<WebhookTriggerResult>("POST", "/webhooks/trigger", { url: webhook.attributes.url, event, ...(webhook.attributes.secret && { secret: webhook.attributes.secret }) });
      setResult({ ok: answer.succeeded, text: answer.succeeded ? `Delivered: ${answer.status_code}.` : `Failed: ${answer.status_code ?? "no answer"}${answer.error ? ` (${answer.error})` : ""}.` });
      props.onSent();
    } catch (error) {
      setResult({ ok: false, text: error instanceof ApiError && error.status === 403 ? "This API key can only read (viewer role): sending a test needs an editor key." : `Could not send: ${(error as Error).message}` });
    } finally {
      setBusy(false);
    }
  };
  return (
    <li class="subscription" data-webhook-id={webhook.id}>
      <p>
        <span class={`badge ${webhook.attributes.active ? "active" : "inactive"}`}>{webhook.attributes.active ? "Active" : "Inactive"}</span> <span class="url">{webhook.attributes.url}</span>
      </p>
      <p class="sub">{webhook.attributes.events.length} events: {webhook.attributes.events.slice(0, 4).join(", ")}{webhook.attributes.events.length > 4 ? ", …" : ""}</p>
      <button type="button" disabled={busy} onClick={test} aria-describedby={`test-help-${webhook.id}`}>
        {busy ? "Sending…" : "Send test notification"}
      </button>
      <span id={`test-help-${webhook.id}`} class="sub">
        A sample <code>{event}</code>, signed with the webhook's secret.
      </span>
      {result && (
        <p role="status" class={result.ok ? "ok" : "error"} data-testid="test-result">
          {result.text}
        </p>
      )}
    </li>
  );
}

/**
 * Sends a stored notification again (`POST /v2/webhook_notifications/{id}/redeliver`), with its
 * original id and body. Not while it is pending: it is going to be sent anyway.
 */
function Redeliver(props: { session: Session; notification: Resource<WebhookNotificationAttributes>; onQueued: () => void }) {
  const { notification } = props;
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const redeliver = async () => {
    setBusy(true);
    setResult(null);
    try {
      await props.session.api.send("POST", `/webhook_notifications/${notification.id}/redeliver`);
      setResult({ ok: true, text: "Queued: it is sent again with the same id and body." });
      props.onQueued();
    } catch (error) {
      const viewer = error instanceof ApiError && error.status === 403;
      setResult({ ok: false, text: viewer ? "This API key can only read (viewer role): redelivering needs an editor key." : `Could not redeliver: ${error instanceof ApiError ? error.detail : (error as Error).message}` });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" class="secondary" disabled={busy || notification.attributes.delivery_status === "pending"} onClick={redeliver}>
        {busy ? "Sending…" : "Redeliver"}
        <span class="visually-hidden">
          {" "}
          the {notification.attributes.event} notification of {formatLocal(notification.attributes.created_at, null)}
        </span>
      </button>
      {result && (
        <p role="status" class={result.ok ? "ok" : "error"} data-testid="redeliver-result">
          {result.text}
        </p>
      )}
    </>
  );
}
