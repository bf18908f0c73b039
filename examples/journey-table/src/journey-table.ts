// Prints a container's journey from Bollard's HTTP API with plain fetch: no SDK, no dependencies.

/** A JSON:API resource as the API returns it. */
interface Resource {
  id: string;
  type: string;
  attributes: Record<string, unknown>;
  relationships?: Record<string, { data: { id: string; type: string } | null }>;
}

interface Document {
  data: Resource | Resource[];
  included?: Resource[];
  links?: { next?: string };
}

/** Where the API is and how to call it. */
export interface ApiOptions {
  /** The API's base URL, ending in `/v2`, e.g. `http://127.0.0.1:8080/v2`. */
  baseUrl: string;
  apiKey: string;
}

async function get(api: ApiOptions, pathOrUrl: string): Promise<Document> {
  const url = pathOrUrl.startsWith("http") ? pathOrUrl : `${api.baseUrl.replace(/\/$/, "")}${pathOrUrl}`;
  const response = await fetch(url, { headers: { Authorization: `Token ${api.apiKey}`, Accept: "application/vnd.api+json" } });
  const body = (await response.json()) as Document & { errors?: { detail?: string }[] };
  if (!response.ok) throw new Error(`GET ${url}: ${response.status} ${body.errors?.[0]?.detail ?? response.statusText}`);
  return body;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The container with this id or number (`GET /containers/{id}` or `GET /containers?filter[number]=`). */
async function findContainer(api: ApiOptions, idOrNumber: string): Promise<Resource> {
  if (UUID.test(idOrNumber)) return (await get(api, `/containers/${idOrNumber}`)).data as Resource;
  const found = (await get(api, `/containers?filter[number]=${encodeURIComponent(idOrNumber)}`)).data as Resource[];
  if (!found[0]) throw new Error(`No container ${idOrNumber}`);
  return found[0];
}

/** `2026-03-04 14:20 GMT+8`: the instant on the wall clock of `timeZone` (UTC when unknown). */
export function localTime(timestamp: string, timeZone: string | null): string {
  const format = new Intl.DateTimeFormat("en-US", {
    timeZone: timeZone ?? "UTC", hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit",
    ...(timeZone && { timeZoneName: "shortOffset" }),
  });
  const part = Object.fromEntries(format.formatToParts(new Date(timestamp)).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}${timeZone ? ` ${part.timeZoneName}` : ""}`;
}

/** One line of the journey. */
export interface JourneyRow {
  time: string;
  event: string;
  location: string;
  vessel: string;
}

/** The container's transport events, oldest first, with their location and vessel. */
export async function journeyRows(api: ApiOptions, containerId: string): Promise<JourneyRow[]> {
  const events: Resource[] = [];
  const included = new Map<string, Resource>();
  let next: string | undefined = `/containers/${containerId}/transport_events?include=location,vessel&page[size]=100`;
  while (next) {
    const page = await get(api, next);
    events.push(...(page.data as Resource[]));
    for (const record of page.included ?? []) included.set(`${record.type}:${record.id}`, record);
    next = page.links?.next;
  }
  const related = (event: Resource, name: string) => {
    const ref = event.relationships?.[name]?.data;
    return ref ? included.get(`${ref.type}:${ref.id}`)?.attributes : undefined;
  };
  return events.map((event) => {
    const a = event.attributes as { event: string; timestamp: string | null; timezone: string | null; location_locode: string | null; voyage_number: string | null };
    const location = related(event, "location") as { name: string; code: string; time_zone: string } | undefined;
    const vessel = related(event, "vessel") as { name: string } | undefined;
    return {
      // Without a known location, Bollard's timestamp already holds the local wall-clock time.
      time: a.timestamp ? localTime(a.timestamp, location?.time_zone ?? a.timezone) : "(no time)",
      event: a.event.replace(/^container\.(transport\.)?/, "").replace(/[._]/g, " "),
      location: location ? `${location.name} (${location.code})` : (a.location_locode ?? ""),
      vessel: [vessel?.name, a.voyage_number].filter(Boolean).join(" / "),
    };
  });
}

/** Lays rows out as a plain-text table with a header line. */
export function formatTable(rows: readonly JourneyRow[]): string {
  const header: JourneyRow = { time: "Time (local)", event: "Event", location: "Location", vessel: "Vessel / voyage" };
  const columns = ["time", "event", "location", "vessel"] as const;
  const widths = columns.map((column) => Math.max(...[header, ...rows].map((row) => row[column].length)));
  const line = (row: JourneyRow) => columns.map((column, i) => row[column].padEnd(widths[i]!)).join("  ").trimEnd();
  return [line(header), widths.map((width) => "-".repeat(width)).join("  "), ...rows.map(line)].join("\n");
}

/** The journey of the container with this id or number, as a heading and a table. */
export async function journeyTable(api: ApiOptions, idOrNumber: string): Promise<string> {
  const container = await findContainer(api, idOrNumber);
  const { number, current_status } = container.attributes as { number: string; current_status: string };
  const rows = await journeyRows(api, container.id);
  return `Container ${number} (${current_status}), ${rows.length} event${rows.length === 1 ? "" : "s"}\n\n${formatTable(rows)}`;
}
