import type { Container, SearchResult, Shipment } from "../domain/index.js";
import { BollardError } from "../errors/index.js";
import type { SessionContext } from "./session-context.js";

/** Search over the account's shipments and containers. */
export interface SearchService {
  /**
   * Shipments whose bill of lading, reference numbers or container numbers contain `query`, and
   * containers whose number is `query`; at most 50 hits, shipments first. A blank query is a 400.
   */
  search(query: string): Promise<SearchResult[]>;
}

/** The most hits one search returns. */
const MAX_RESULTS = 50;

/** Creates the {@link SearchService} of a session. */
export function createSearchService(context: SessionContext): SearchService {
  const { storage, accountId } = context;
  return {
    async search(query) {
      const term = typeof query === "string" ? query.trim() : "";
      if (term === "") throw new BollardError("invalid_parameter", "Query parameter is required", { parameter: "query" });
      // A NUL never reaches the storage (PostgreSQL refuses it in text).
      if (term.includes("\u0000")) throw new BollardError("invalid_parameter", "query must not contain NUL characters", { parameter: "query" });
      if (term.length > 100) throw new BollardError("invalid_parameter", "query is at most 100 characters", { parameter: "query" });
      const shipments = (await storage.shipments.list(accountId, { page: { number: 1, size: MAX_RESULTS }, q: term })).items;
      const containers = (await storage.containers.list(accountId, { page: { number: 1, size: MAX_RESULTS }, number: term })).items;
      const counts = await storage.containers.listByShipments(accountId, shipments.map((s) => s.id));
      const parents = new Map([...shipments, ...(await storage.shipments.getMany(accountId, containers.map((c) => c.shipment_id)))].map((s) => [s.id, s]));
      const results = [
        ...shipments.map((s) => shipmentResult(s, counts.filter((c) => c.shipment_id === s.id).length)),
        ...containers.map((c) => containerResult(c, parents.get(c.shipment_id) ?? null)),
      ];
      return results.slice(0, MAX_RESULTS);
    },
  };
}

function shipmentResult(s: Shipment, containers: number): SearchResult {
  return {
    id: s.id, entity_type: "shipment", number: s.bill_of_lading_number, shipment_id: null, scac: s.shipping_line_scac,
    port_of_lading_name: s.port_of_lading_name, port_of_discharge_name: s.port_of_discharge_name, containers_count: containers,
    tracking_stopped: s.line_tracking_stopped_at !== null, tracking_stopped_reason: s.line_tracking_stopped_reason, status: null, failed_reason: null,
    ref_numbers: s.ref_numbers, created_at: s.created_at, updated_at: s.updated_at,
  };
}

function containerResult(c: Container, s: Shipment | null): SearchResult {
  return {
    id: c.id, entity_type: "cargo", number: c.number, shipment_id: null, scac: s?.shipping_line_scac ?? null,
    port_of_lading_name: s?.port_of_lading_name ?? null, port_of_discharge_name: s?.port_of_discharge_name ?? null, containers_count: null,
    tracking_stopped: s ? s.line_tracking_stopped_at !== null : false, tracking_stopped_reason: s?.line_tracking_stopped_reason ?? null,
    status: null, failed_reason: null, ref_numbers: c.ref_numbers, created_at: c.created_at, updated_at: c.updated_at,
  };
}
