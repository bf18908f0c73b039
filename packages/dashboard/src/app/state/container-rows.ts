import type { ContainerAttributes, Fee, Hold, ListDocument, Resource, ShipmentAttributes } from "../api/api-types.js";

/** One line of the containers table: a container with its shipment's fields flattened in. */
export interface ContainerRow {
  id: string;
  number: string;
  status: string;
  shipmentId: string | null;
  billOfLading: string;
  refs: string[];
  scac: string;
  carrier: string;
  pol: string;
  polName: string;
  pod: string;
  podName: string;
  podTimeZone: string | null;
  vessel: string;
  voyage: string;
  eta: string | null;
  ata: string | null;
  lfd: string | null;
  holds: Hold[];
  fees: Fee[];
  availabilityKnown: boolean;
  available: boolean;
  /** Left the POD terminal (full out) or is done: the LFD no longer matters. */
  pickedUp: boolean;
  trackingStopped: boolean;
  /** Lower-case numbers and references, for search. */
  search: string;
}

const DONE = new Set(["picked_up", "off_dock", "delivered", "dropped", "loaded", "empty_returned", "on_rail"]);

/** The rows of one `GET /v2/containers?include=shipment` page. */
export function rowsOfPage(document: ListDocument<ContainerAttributes>): ContainerRow[] {
  const shipments = new Map<string, ShipmentAttributes>();
  for (const resource of document.included ?? []) if (resource.type === "shipment") shipments.set(resource.id, resource.attributes as unknown as ShipmentAttributes);
  return document.data.map((container) => containerRow(container, shipments));
}

function relatedId(resource: Resource<unknown>, name: string): string | null {
  const data = resource.relationships?.[name]?.data;
  return data && !Array.isArray(data) ? data.id : null;
}

/** A row from a container and the shipments its page included. */
export function containerRow(container: Resource<ContainerAttributes>, shipments: ReadonlyMap<string, ShipmentAttributes>): ContainerRow {
  const a = container.attributes;
  const shipmentId = relatedId(container, "shipment");
  const s = shipmentId ? shipments.get(shipmentId) : undefined;
  const refs = [...(a.ref_numbers ?? []), ...(s?.ref_numbers ?? [])];
  const row: ContainerRow = {
    id: container.id,
    number: a.number,
    status: a.current_status,
    shipmentId,
    billOfLading: s?.bill_of_lading_number ?? "",
    refs,
    scac: s?.shipping_line_scac ?? "",
    carrier: s?.shipping_line_short_name || s?.shipping_line_name || s?.shipping_line_scac || "",
    pol: s?.port_of_lading_locode ?? "",
    polName: s?.port_of_lading_name ?? "",
    pod: s?.port_of_discharge_locode ?? "",
    podName: s?.port_of_discharge_name ?? "",
    podTimeZone: a.pod_timezone ?? s?.pod_timezone ?? null,
    vessel: s?.pod_vessel_name ?? "",
    voyage: s?.pod_voyage_number ?? "",
    eta: s?.pod_eta_at ?? null,
    ata: s?.pod_ata_at ?? null,
    lfd: a.pickup_lfd,
    holds: a.holds_at_pod_terminal ?? [],
    fees: a.fees_at_pod_terminal ?? [],
    availabilityKnown: a.availability_known,
    available: a.available_for_pickup,
    pickedUp: DONE.has(a.current_status) || a.pod_full_out_at !== null,
    trackingStopped: Boolean(s?.line_tracking_stopped_at),
    search: "",
  };
  row.search = [row.number, row.billOfLading, s?.normalized_number ?? "", ...refs].join("\n").toLowerCase();
  return row;
}

/** The filters of the containers table; empty values filter nothing. */
export interface RowFilters {
  /** Container, bill of lading / booking number or reference (substring, any case). */
  query: string;
  status: string;
  carrier: string;
  pod: string;
  /** Arriving at the POD within this many days (ETA from now on, not yet arrived). */
  arrivingWithinDays: number | null;
  /** Last free day within this many days from now, overdue included, not yet picked up. */
  lfdWithinDays: number | null;
  holdsOnly: boolean;
}

/** No filter at all. */
export const NO_FILTERS: RowFilters = { query: "", status: "", carrier: "", pod: "", arrivingWithinDays: null, lfdWithinDays: null, holdsOnly: false };

const DAY = 86_400_000;

/** The rows that pass every filter, in their order. */
export function filterRows(rows: readonly ContainerRow[], filters: RowFilters, now: number): ContainerRow[] {
  const query = filters.query.trim().toLowerCase();
  const arriveBy = filters.arrivingWithinDays === null ? null : now + filters.arrivingWithinDays * DAY;
  const lfdBy = filters.lfdWithinDays === null ? null : now + filters.lfdWithinDays * DAY;
  return rows.filter((row) => {
    if (query && !row.search.includes(query)) return false;
    if (filters.status && row.status !== filters.status) return false;
    if (filters.carrier && row.scac !== filters.carrier) return false;
    if (filters.pod && row.pod !== filters.pod) return false;
    if (filters.holdsOnly && row.holds.length === 0) return false;
    if (arriveBy !== null) {
      if (row.ata !== null || row.eta === null) return false;
      const eta = Date.parse(row.eta);
      if (eta < now || eta > arriveBy) return false;
    }
    if (lfdBy !== null && (row.lfd === null || row.pickedUp || Date.parse(row.lfd) > lfdBy)) return false;
    return true;
  });
}

/** Columns the table sorts by. */
export type SortKey = "number" | "status" | "carrier" | "route" | "vessel" | "arrival" | "lfd" | "holds";

/** A sort order: a column and a direction. */
export interface SortOrder {
  key: SortKey;
  descending: boolean;
}

const collator = new Intl.Collator("en", { numeric: true, sensitivity: "base" });

function compareNullable(a: number | null, b: number | null): number {
  if (a === b) return 0;
  if (a === null) return 1; // unknown last, whatever the direction
  if (b === null) return -1;
  return a - b;
}

const time = (iso: string | null): number | null => (iso === null ? null : Date.parse(iso));

/** The rows sorted by a column (a stable sort; unknown dates last in both directions). */
export function sortRows(rows: readonly ContainerRow[], order: SortOrder): ContainerRow[] {
  const sign = order.descending ? -1 : 1;
  const compare = (a: ContainerRow, b: ContainerRow): number => {
    switch (order.key) {
      case "number":
        return sign * collator.compare(a.number, b.number);
      case "status":
        return sign * collator.compare(a.status, b.status);
      case "carrier":
        return sign * collator.compare(a.carrier, b.carrier);
      case "route":
        return sign * collator.compare(`${a.pol}${a.pod}`, `${b.pol}${b.pod}`);
      case "vessel":
        return sign * collator.compare(a.vessel, b.vessel);
      case "holds":
        return sign * (a.holds.length - b.holds.length);
      case "arrival": {
        const [x, y] = [time(a.ata ?? a.eta), time(b.ata ?? b.eta)];
        return x === null || y === null ? compareNullable(x, y) : sign * (x - y);
      }
      case "lfd": {
        const [x, y] = [time(a.lfd), time(b.lfd)];
        return x === null || y === null ? compareNullable(x, y) : sign * (x - y);
      }
    }
  };
  return rows.map((row, index) => ({ row, index })).sort((a, b) => compare(a.row, b.row) || a.index - b.index).map(({ row }) => row);
}

/** The distinct values of a field, sorted, for the filter menus. */
export function distinctValues(rows: readonly ContainerRow[], pick: (row: ContainerRow) => string): string[] {
  return [...new Set(rows.map(pick).filter((value) => value !== ""))].sort(collator.compare);
}
