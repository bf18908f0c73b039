import { toTimestamp, UuidSchema } from "../domain/common-schema.js";
import type { Port } from "../domain/port-schema.js";
import type { Vessel, VesselPosition } from "../domain/vessel-schema.js";
import { BollardError, NotFoundError } from "../errors/index.js";
import type { LonLat } from "../routing/geodesy.js";
import { seaRouter } from "../routing/sea-router.js";
import { estimateFuturePositions } from "../vessels/future-positions.js";
import type { SessionContext } from "./session-context.js";

/** A vessel with the `positions` a vessel endpoint returns. */
export interface VesselWithPositions {
  /** The vessel. */
  vessel: Vessel;
  /** Its positions in time order: reported ones, or estimates for the forecast endpoints. */
  positions: VesselPosition[];
}

/** The window of reported positions {@link VesselService.get} returns: ISO 8601 date-times. */
export interface PositionWindowOptions {
  /** The earliest position's time; default 7 days before now. A bad value is a 400 on `from`. */
  from?: string;
  /** The latest position's time; default now. A bad value is a 400 on `to`. */
  to?: string;
}

/** Where a forecast of {@link VesselService.futurePositions} ends, and where the vessel came from. */
export interface FuturePositionsQuery {
  /** The id of the port the forecast ends at; an unknown one is a 400 on `port_id`. */
  port_id: string;
  /** The id of the port the vessel left: the start when the vessel has no reported position; a 400 on `previous_port_id` when unknown. */
  previous_port_id: string;
}

/** A forecast of {@link VesselService.futurePositionsWithCoordinates}: from a given point. */
export interface FuturePositionsFromQuery extends FuturePositionsQuery {
  /** The start's latitude, -90 to 90 (a 400 on `latitude` otherwise). */
  latitude: number;
  /** The start's longitude, -180 to 180 (a 400 on `longitude` otherwise). */
  longitude: number;
}

/** Reads of vessels (global reference data: every account sees every vessel) and their positions. */
export interface VesselService {
  /**
   * A vessel by 7-digit IMO or by id, with its reported positions inside the window (thinned evenly
   * to at most {@link MAX_VESSEL_POSITIONS}, the first and last kept); 404 otherwise.
   */
  get(idOrImo: string, window?: PositionWindowOptions): Promise<VesselWithPositions>;
  /** Estimated positions from the vessel's current position (or the previous port) to `port_id`, hourly, along the sea route. */
  futurePositions(idOrImo: string, query: FuturePositionsQuery): Promise<VesselWithPositions>;
  /** The same forecast from the given `latitude` and `longitude`. */
  futurePositionsWithCoordinates(idOrImo: string, query: FuturePositionsFromQuery): Promise<VesselWithPositions>;
}

const WEEK = 7 * 86_400_000;

/** The most positions one vessel read returns; a denser window is thinned evenly. */
export const MAX_VESSEL_POSITIONS = 2_000;

function badParameter(parameter: string, detail: string): BollardError {
  return new BollardError("invalid_parameter", detail, { parameter });
}

function timestampParam(parameter: string, value: string | undefined, fallback: Date): string {
  if (value === undefined) return fallback.toISOString();
  const parsed = typeof value === "string" ? toTimestamp(value.trim()) : null;
  if (!parsed) throw badParameter(parameter, `${parameter} must be an ISO 8601 date-time`);
  return parsed;
}

function coordinateParam(parameter: "latitude" | "longitude", value: number | undefined): number {
  const limit = parameter === "latitude" ? 90 : 180;
  if (typeof value !== "number" || !Number.isFinite(value) || Math.abs(value) > limit) throw badParameter(parameter, `${parameter} is required: a number from -${limit} to ${limit}`);
  return value;
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
    if (typeof value !== "string" || value.trim() === "") throw badParameter(parameter, `${parameter} is required: the id of a port`);
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
      const from = timestampParam("from", window.from, new Date(now.getTime() - WEEK));
      const to = timestampParam("to", window.to, now);
      if (from > to) throw badParameter("from", "the window starts after it ends (from is after to)");
      // A wide window over a dense AIS track is thinned evenly (first and last kept), so one read stays bounded.
      const records = await storage.vesselPositions.listByVessel(vessel.id, { from, to }, { maxPoints: MAX_VESSEL_POSITIONS });
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
