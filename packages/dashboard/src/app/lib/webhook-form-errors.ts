import { ApiError } from "../api/api-client.js";

/** The fields of the webhook form. */
export type WebhookField = "url" | "events" | "active";

/** A message per field, and `form` for what no field is to blame for. */
export type WebhookFormMessages = Partial<Record<WebhookField | "form", string>>;

const FIELDS: readonly string[] = ["url", "events", "active"];

/** The field an error's JSON pointer names (`/data/attributes/events/0` → events), or null. */
export function fieldOf(pointer: string | null): WebhookField | null {
  const name = /^\/data\/attributes\/([^/]+)/.exec(pointer ?? "")?.[1];
  return name !== undefined && FIELDS.includes(name) ? (name as WebhookField) : null;
}

/** The messages to show for a failed create: each 422 beside its field, a 403 as the viewer's. */
export function messagesOf(error: unknown): WebhookFormMessages {
  if (!(error instanceof ApiError)) return { form: `Could not create the webhook: ${(error as Error).message}` };
  if (error.status === 403) return { form: "This API key can only read (viewer role): creating a webhook needs an editor key." };
  const messages: WebhookFormMessages = {};
  for (const item of error.errors.length > 0 ? error.errors : [{ detail: error.detail, pointer: null }]) {
    const field = fieldOf(item.pointer);
    // The server starts a field's detail with its name ("url: Invalid URL"); beside the field that is said already.
    const text = field ? item.detail.replace(new RegExp(`^${field}: `), "") : item.detail;
    const key = field ?? "form";
    messages[key] = messages[key] ? `${messages[key]} ${text}` : text;
  }
  if (!messages.form) messages.form = `The server did not accept the webhook (${error.status} ${error.title}): see the fields marked above.`;
  return messages;
}
