import { toTimestamp, UuidSchema } from "../domain/common-schema.js";
import type { Port } from "../domain/port-schema.js";
import type { Vessel, VesselPosition } from "../domain/vessel-schema.js";
import { BollardError, NotFoundError } from "../errors/index.js";
import { buildDocument } from "../jsonapi/document.js";
import type { JsonApiDocument } from "../jsonapi/jsonapi-types.js";
import { ResourceGraph } from "../jsonapi/resource-graph.js";
import { resourceRegistry } from "../jsonapi/resources.js";
import type { LonLat } from "../routing/geodesy.js";
import { seaRouter } from "../routing/sea-router.js";
import { estimateFuturePositions } from "../vessels/future-positions.js";
import type { SessionContext } from "./session.js";

/** A vessel with the `positions` a vessel endpoint returns. */
export interface VesselWithPositions {
  /** The vessel. */
  vessel: Vessel;
  /** Its positions in time order: reported ones, or estimates for the forecast endpoints. */
  positions: VesselPosition[];
}

/** The `show_positions` window of {@link VesselService.get}: ISO 8601 date-times as sent. */
export interface PositionWindowOptions {
  /** `show_positions[from_timestamp]`; default 7 days before now. */
  from?: string;
  /** `show_positions[to_timestamp]`; default now. */
  to?: string;
}

/** The query of the future position endpoints: UUIDs as sent, and for the coordinate variant the start. */
export interface FuturePositionsQuery {
  /** The port the forecast ends at (required). */
  port_id?: string;
  /** The port the vessel left (required); the start when the vessel has no reported position. */
  previous_port_id?: string;
  /** The start's latitude, for the coordinate variant. */
  latitude?: string;
  /** The start's longitude, for the coordinate variant. */
  longitude?: string;
}

/** Reads of vessels (global reference data: every account sees every vessel) and their positions. */
export interface VesselService {
  /** A vessel by 7-digit IMO or by id, with its reported positions inside the window; 404 otherwise. */
  get(idOrImo: string, window?: PositionWindowOptions): Promise<VesselWithPositions>;
  /** Estimated positions from the vessel's current position (or the previous port) to `port_id`, hourly, along the sea route. */
  futurePositions(idOrImo: string, query: FuturePositionsQuery): Promise<VesselWithPositions>;
  /** The same forecast from the given `latitude` and `longitude`. */
  futurePositionsWithCoordinates(idOrImo: string, query: FuturePositionsQuery): Promise<VesselWithPositions>;
}

const WEEK = 7 * 86_400_000;

function badParameter(parameter: string, detail: string): BollardError {
  return new BollardError("INVALID_PARAMETER", detail, { parameter });
}

function timestampParam(parameter: string, value: string | undefined, fallback: Date): string {
  if (value === undefined) return fallback.toISOString();
  const parsed = toTimestamp(value.trim());
  if (!parsed) throw badParameter(parameter, `${parameter} must be an ISO 8601 date-time`);
  return parsed;
}

function coordinateParam(parameter: "latitude" | "longitude", value: string | undefined): number {
  const limit = parameter === "latitude" ? 90 : 180;
  const number = value === undefined || value.trim() === "" ? Number.NaN : Number(value);
  if (!Number.isFinite(number) || Math.abs(number) > limit) throw badParameter(parameter, `${parameter} is required: a number from -${limit} to ${limit}`);
  return number;
}

/** The JSON:API document of a vessel endpoint: the vessel resource with `attributes.positions`, and `links.self`. */
export function vesselDocument(result: VesselWithPositions, self: string): JsonApiDocument {
  const document = buildDocument("vessel", result.vessel, { registry: resourceRegistry, graph: new ResourceGraph(), links: { self } });
  const data = document.data as { attributes: Record<string, unknown> };
  data.attributes.positions = result.positions;
  return document;
}

/** Creates the {@link VesselService} of a session. */
export function createVesselService(context: SessionContext): VesselService {
  const { storage, clock } = context;

  async function find(idOrImo: string): Promise<Vessel> {
    const value = idOrImo.trim();
    const vessel = /^\d{7}$/.test(value) ? await storage.vessels.getByImo(value) : UuidSchema.safeParse(value).success ? await storage.vessels.get(value.toLowerCase()) : null;
    if (!vessel) throw new NotFoundError(`No vessel ${value.slice(0, 64)}`);
    return vessel;
  }

  async function port(parameter: "port_id" | "previous_port_id", value: string | undefined): Promise<Port> {
    if (value === undefined || value.trim() === "") throw badParameter(parameter, `${parameter} is required: the id of a port`);
    const found = UuidSchema.safeParse(value.trim()).success ? await storage.ports.get(value.trim().toLowerCase()) : null;
    if (!found) throw badParameter(parameter, `${parameter} ${value.slice(0, 64)} is not a known port id`);
    return found;
  }

  // Errors come in the order a reader checks: the vessel (404), the ports, then the coordinates (400).
  async function forecast(idOrImo: string, query: FuturePositionsQuery, start: (vessel: Vessel, previous: Port) => LonLat): Promise<VesselWithPositions> {
    const vessel = await find(idOrImo);
    const destination = await port("port_id", query.port_id);
    const previous = await port("previous_port_id", query.previous_port_id);
    const from = start(vessel, previous);
    const positions = estimateFuturePositions({
      from, to: [destination.longitude, destination.latitude], startAt: clock.now().getTime(), speedKnots: vessel.nautical_speed_knots, router: seaRouter(),
    });
    return { vessel, positions };
  }

  return {
    async get(idOrImo, window = {}) {
      const vessel = await find(idOrImo);
      const now = clock.now();
      const from = timestampParam("show_positions[from_timestamp]", window.from, new Date(now.getTime() - WEEK));
      const to = timestampParam("show_positions[to_timestamp]", window.to, now);
      if (from > to) throw badParameter("show_positions[from_timestamp]", "show_positions[from_timestamp] is after show_positions[to_timestamp]");
      const records = await storage.vesselPositions.listByVessel(vessel.id, { from, to });
      const positions = records.map((r): VesselPosition => ({ latitude: r.latitude, longitude: r.longitude, heading: r.heading, timestamp: r.timestamp, estimated: false }));
      return { vessel, positions };
    },
    futurePositions(idOrImo, query) {
      return forecast(idOrImo, query, (vessel, previous) =>
        vessel.latitude !== null && vessel.longitude !== null ? [vessel.longitude, vessel.latitude] : [previous.longitude, previous.latitude],
      );
    },
    futurePositionsWithCoordinates(idOrImo, query) {
      return forecast(idOrImo, query, () => [coordinateParam("longitude", query.longitude), coordinateParam("latitude", query.latitude)]);
    },
  };
}
