import { periodicPass, type PassControl, type PeriodicPass } from "../background/index.js";
import type { Clock } from "../clock/index.js";
import type { VesselPositionRecord } from "../domain/vessel-schema.js";
import type { Storage } from "../storage/index.js";

/** How long vessel positions keep full resolution, and how older tracks are thinned. */
export interface PositionRetentionOptions {
  /**
   * Reports younger than this (on the tracker's clock) are all kept. Older ones are thinned once,
   * as the window passes them. `Infinity` keeps every report.
   * @default 604_800_000 (7 days, the vessel route's default window)
   */
  fullResolutionMs?: number;
  /**
   * A thinned track keeps a report when at least this long has passed since the last one it kept…
   * @default 600_000 (10 minutes)
   */
  thinnedIntervalMs?: number;
  /**
   * …or when its heading differs from the last kept report's by at least this many degrees (a
   * turn; reports without a heading never count as one).
   * @default 20
   */
  turnDegrees?: number;
  /**
   * How often the pass runs while the refresh loop runs (`tracker.refresh.start()`).
   * @default 600_000
   */
  everyMs?: number;
}

/** 7 days: how long positions keep full resolution by default. */
export const DEFAULT_FULL_RESOLUTION_MS = 7 * 24 * 60 * 60 * 1000;
/** 10 minutes: the spacing of a thinned track by default. */
export const DEFAULT_THINNED_INTERVAL_MS = 10 * 60 * 1000;
/** 20°: the heading change a thinned track always keeps, by default. */
export const DEFAULT_TURN_DEGREES = 20;
/** 10 minutes: how often the pass runs by default. */
export const DEFAULT_POSITION_RETENTION_EVERY_MS = 10 * 60 * 1000;

/** Where the pass has thinned every track up to (exclusive), in `meta`. */
const THINNED_THROUGH_KEY = "vessel_positions_thinned_through";
/** Vessels read per page of the fleet. */
const VESSEL_PAGE = 200;
/** The longest stretch of one track held in memory at a time. */
const CHUNK_MS = 24 * 60 * 60 * 1000;

/** What one pass did. */
export interface PositionRetentionSummary {
  /** Vessels whose tracks it went through. */
  vessels: number;
  /** Reports it read. */
  examined: number;
  /** Reports it deleted. */
  deleted: number;
}

/** The thinning pass: `runDue()` thins what the full-resolution window has left behind since the last pass. */
export type PositionRetention = PeriodicPass<PositionRetentionSummary>;

/** The smallest angle between two headings, in degrees. */
function headingChange(a: number, b: number): number {
  const d = Math.abs(a - b) % 360;
  return d > 180 ? 360 - d : d;
}

/**
 * The reports of a stretch of track (in time order) that thinning removes: a report is kept when
 * `intervalMs` has passed since the last kept one, or its heading turned `turnDegrees` from it;
 * `lastKept` is the kept report just before the stretch (null: none). Every decision looks only at
 * the last kept report, so thinning a thinned track removes nothing.
 */
export function thinnedAway(reports: readonly VesselPositionRecord[], lastKept: VesselPositionRecord | null, intervalMs: number, turnDegrees: number): VesselPositionRecord[] {
  const removed: VesselPositionRecord[] = [];
  let kept = lastKept;
  let keptAt = kept === null ? Number.NEGATIVE_INFINITY : Date.parse(kept.timestamp);
  for (const report of reports) {
    const at = Date.parse(report.timestamp);
    const turned = kept !== null && kept.heading !== null && report.heading !== null && headingChange(kept.heading, report.heading) >= turnDegrees;
    if (at - keptAt >= intervalMs || turned) {
      kept = report;
      keptAt = at;
    } else removed.push(report);
  }
  return removed;
}

/**
 * The position retention pass: every report older than `fullResolutionMs` is thinned to one per
 * `thinnedIntervalMs`, turns kept ({@link thinnedAway}). Each pass takes the stretch between where
 * the last one stopped (`meta`) and the window's edge, vessel by vessel, a day of track at a time,
 * so a year of AIS reports for the whole fleet stays on one disk (see docs/vessels-and-maps.md). A
 * pass stopped midway leaves the mark where it was, and the next does the stretch again (thinning is
 * idempotent). A report arriving later than the window (a feed's backlog) stays unthinned.
 *
 * @example
 * const retention = createPositionRetention({ storage, clock, options: { fullResolutionMs: 86_400_000 } });
 * await retention.runDue(); // { vessels: 6600, examined: …, deleted: … }
 */
export function createPositionRetention(config: { storage: Storage; clock: Clock; options?: PositionRetentionOptions; onError?: (error: unknown) => void }): PositionRetention {
  const fullResolutionMs = config.options?.fullResolutionMs ?? DEFAULT_FULL_RESOLUTION_MS;
  const intervalMs = config.options?.thinnedIntervalMs ?? DEFAULT_THINNED_INTERVAL_MS;
  const turnDegrees = config.options?.turnDegrees ?? DEFAULT_TURN_DEGREES;
  if (!(fullResolutionMs >= 0) || !(intervalMs > 0) || !Number.isFinite(intervalMs) || !(turnDegrees > 0)) {
    throw new TypeError("positions.retention: fullResolutionMs must be ≥ 0, thinnedIntervalMs a positive number of milliseconds and turnDegrees positive");
  }
  const { storage } = config;
  const empty = (): PositionRetentionSummary => ({ vessels: 0, examined: 0, deleted: 0 });

  /** Thins one vessel's track in [from, to): from null is its first report. */
  async function thinVessel(vesselId: string, from: number | null, to: number, summary: PositionRetentionSummary): Promise<void> {
    const before = (at: number) => new Date(at - 1).toISOString();
    let start = from;
    if (start === null) {
      const [first] = await storage.vesselPositions.listByVessel(vesselId, { to: before(to) }, { maxPoints: 2 });
      if (!first) return;
      start = Date.parse(first.timestamp);
    }
    // The stretch before `from` is thinned: its last report is the last one kept.
    let lastKept = from === null ? null : ((await storage.vesselPositions.listByVessel(vesselId, { from: new Date(from - intervalMs).toISOString(), to: before(from) })).at(-1) ?? null);
    for (let chunk = start; chunk < to; chunk += CHUNK_MS) {
      const reports = await storage.vesselPositions.listByVessel(vesselId, { from: new Date(chunk).toISOString(), to: before(Math.min(chunk + CHUNK_MS, to)) });
      if (reports.length === 0) continue;
      const removed = thinnedAway(reports, lastKept, intervalMs, turnDegrees);
      summary.examined += reports.length;
      if (removed.length > 0) summary.deleted += await storage.vesselPositions.deleteMany(vesselId, removed.map((report) => report.timestamp));
      const removedTimes = new Set(removed.map((report) => report.timestamp));
      lastKept = reports.findLast((report) => !removedTimes.has(report.timestamp)) ?? lastKept;
      // Requests waiting on the event loop (and the storage's lock) go first.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  return periodicPass(
    async (control: PassControl) => {
      const summary = empty();
      if (fullResolutionMs === Number.POSITIVE_INFINITY) return summary;
      const to = config.clock.now().getTime() - fullResolutionMs;
      const mark = await storage.meta.get(THINNED_THROUGH_KEY);
      const from = mark === null ? null : Date.parse(mark);
      if (from !== null && from >= to) return summary;
      for (let after: string | null = null; ; ) {
        const vessels = await storage.vesselPositions.vesselIds(after, VESSEL_PAGE);
        for (const vesselId of vessels) {
          if (control.stopping) return summary;
          await thinVessel(vesselId, from, to, summary);
          summary.vessels += 1;
        }
        if (vessels.length < VESSEL_PAGE) break;
        after = vessels.at(-1)!;
      }
      await storage.meta.set(THINNED_THROUGH_KEY, new Date(to).toISOString());
      return summary;
    },
    empty,
    config.onError,
  );
}
