/**
 * Which of two disagreeing descriptions of the hosted service Bollard's wire format follows where
 * they differ: `live`, what the live service sends (and every recorded response and webhook
 * example shows), or `openapi`, what its published OpenAPI document declares. Today they differ in
 * one place: a port's `latitude` and `longitude` are decimal strings live (`"35.10162"`) and
 * numbers in the published document.
 */
export type WireCompat = "live" | "openapi";

/** The {@link WireCompat} values, the default first. */
export const WIRE_COMPATS = ["live", "openapi"] as const satisfies readonly WireCompat[];

interface WireResource {
  type?: unknown;
  attributes?: Record<string, unknown> | null;
}

const COORDINATES = ["latitude", "longitude"] as const;

/**
 * A JSON:API document's text (a response, or a webhook payload) as the published OpenAPI document
 * describes it, from the live form the renderer writes (pure): each port resource in `data` and
 * `included` gets its coordinates as numbers. A document with no port is returned as it is.
 */
export function openApiWireText(text: string): string {
  if (!text.includes('"type":"port"')) return text;
  const document = JSON.parse(text) as { data?: WireResource | WireResource[] | null; included?: WireResource[] };
  const resources = [...(Array.isArray(document.data) ? document.data : document.data ? [document.data] : []), ...(document.included ?? [])];
  let changed = false;
  for (const resource of resources) {
    if (resource.type !== "port" || !resource.attributes) continue;
    for (const key of COORDINATES) {
      const value = resource.attributes[key];
      if (typeof value === "string" && value !== "") {
        resource.attributes[key] = Number(value);
        changed = true;
      }
    }
  }
  return changed ? JSON.stringify(document) : text;
}
