import { z } from "zod";
import type { Clock } from "../clock/index.js";
import { toTimestamp } from "../domain/common-schema.js";
import { ImoSchema, MmsiSchema } from "../domain/validators.js";
import type { Vessel, VesselPositionRecord } from "../domain/vessel-schema.js";
import { BollardError, ValidationError } from "../errors/index.js";
import { parseInput } from "../validation/input-validation.js";
import type { Storage, StorageRepositories } from "../storage/index.js";

/** What {@link IngestService.positions} did with a batch of reports. */
export interface PositionIngestResult {
  /** Reports received. */
  received: number;
  /** Reports stored; the rest repeated a stored (vessel, timestamp) or one earlier in the batch. */
  stored: number;
  /** Vessels whose current position moved to a newer report. */
  vesselsMoved: number;
}

/** The most reports one call takes. */
export const MAX_POSITION_REPORTS = 10_000;
// A report more than this far ahead of the tracker's clock would pin the vessel's position.
const FUTURE_SKEW_MS = 60 * 60_000;

/**
 * An AIS-like position report: the vessel by IMO or MMSI (IMO wins when both are given), WGS84
 * coordinates, optional speed over ground and heading, and when it was observed (any ISO 8601
 * date-time with an offset; stored in UTC).
 */
export const PositionReportSchema = z
  .object({
    /** The vessel's IMO number; wins over `mmsi` when both are given. */
    imo: ImoSchema.optional(),
    /** The vessel's MMSI, used when there is no `imo`. */
    mmsi: MmsiSchema.optional(),
    /** WGS84 latitude in degrees. */
    latitude: z.number().min(-90).max(90),
    /** WGS84 longitude in degrees. */
    longitude: z.number().min(-180).max(180),
    /** Speed over ground in knots, when known. */
    speed_knots: z.number().min(0).max(100).nullable().optional(),
    /** Heading in degrees, when known. */
    heading: z.number().min(0).max(360).nullable().optional(),
    /** When the position was observed: any ISO 8601 date-time with an offset, stored in UTC. */
    timestamp: z.string().transform((value, ctx) => toTimestamp(value) ?? (ctx.addIssue({ code: "custom", message: "must be an ISO 8601 date-time" }), z.NEVER)),
  })
  .refine((report) => report.imo !== undefined || report.mmsi !== undefined, { message: "needs an imo or an mmsi", path: ["imo"] });

/** A validated position report. */
export interface PositionReport extends z.output<typeof PositionReportSchema> {}

/** A position report as `tracker.ingest.positions` accepts it (before defaults and normalization). */
export interface PositionReportInput extends z.input<typeof PositionReportSchema> {}

const ReportsSchema = z.array(PositionReportSchema).min(1).max(MAX_POSITION_REPORTS);

async function findVessel(tx: StorageRepositories, report: PositionReport): Promise<Vessel | null> {
  const byImo = report.imo ? await tx.vessels.getByImo(report.imo) : null;
  return byImo ?? (report.mmsi ? await tx.vessels.getByMmsi(report.mmsi) : null);
}

/**
 * Stores AIS-like position reports (see {@link PositionReportSchema}) in the vessels' time series,
 * all or nothing: any invalid report, unknown vessel or report from the future is a 422 on the
 * path `[<index>, <field>]`. Duplicates are skipped; out-of-order reports are kept in time
 * order by the series. A vessel's current position follows its newest report.
 */
export async function ingestPositions(storage: Storage, clock: Clock, input: unknown): Promise<PositionIngestResult> {
  const reports = parseInput(ReportsSchema, input);
  const now = clock.now();
  const late = reports.flatMap((report, i) =>
    Date.parse(report.timestamp) > now.getTime() + FUTURE_SKEW_MS ? [new BollardError("invalid", `timestamp ${report.timestamp} is in the future`, { path: [i, "timestamp"] })] : [],
  );
  if (late.length > 0) throw new ValidationError(late);
  return storage.transaction(async (tx) => {
    const vessels = new Map<string, Vessel>();
    const records: VesselPositionRecord[] = [];
    const missing: BollardError[] = [];
    for (const [i, report] of reports.entries()) {
      const key = report.imo ? `imo:${report.imo}` : `mmsi:${report.mmsi}`;
      const vessel = vessels.get(key) ?? (await findVessel(tx, report));
      if (!vessel) {
        const field = report.imo ? "imo" : "mmsi";
        missing.push(new BollardError("reference_not_found", `No vessel with ${field.toUpperCase()} ${report[field]}; vessels become known through tracked shipments`, { path: [i, field] }));
        continue;
      }
      vessels.set(key, vessel);
      records.push({ vessel_id: vessel.id, latitude: report.latitude, longitude: report.longitude, heading: report.heading ?? null, speed_knots: report.speed_knots ?? null, timestamp: report.timestamp, source: "ais" });
    }
    if (missing.length > 0) throw new ValidationError(missing);
    const stored = await tx.vesselPositions.insertMany(records);
    const moved = movedVessels([...new Map([...vessels.values()].map((v) => [v.id, v])).values()], records, now.toISOString());
    if (moved.length > 0) await tx.vessels.upsertMany(moved);
    return { received: reports.length, stored, vesselsMoved: moved.length };
  });
}

/**
 * The vessels whose newest report in `records` is newer than their current position, moved to it
 * (the first of equal-time reports wins, as the series keeps the first of duplicates).
 */
export function movedVessels(vessels: readonly Vessel[], records: readonly VesselPositionRecord[], now: string): Vessel[] {
  const newest = new Map<string, VesselPositionRecord>();
  for (const record of records) {
    const best = newest.get(record.vessel_id);
    if (!best || record.timestamp > best.timestamp) newest.set(record.vessel_id, record);
  }
  return vessels.flatMap((vessel) => {
    const report = newest.get(vessel.id);
    if (!report || (vessel.position_timestamp !== null && report.timestamp <= vessel.position_timestamp)) return [];
    return [{
      ...vessel, latitude: report.latitude, longitude: report.longitude, nautical_speed_knots: report.speed_knots,
      navigational_heading_degrees: report.heading, position_timestamp: report.timestamp, updated_at: now,
    }];
  });
}
