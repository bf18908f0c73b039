import { describe, expect, it } from "vitest";
import type { RefreshLogDay, RefreshLogRepository } from "../storage/index.js";
import { makeAccount, makeRefreshLogDay, makeShipment } from "../testing/fixtures.js";
import { recordAsOf } from "./as-of.js";
import { readRefreshTimestampsAt, refreshLogAppends, refreshTimestampsIn } from "./refresh-log.js";

const account = makeAccount();
const HOUR = 3_600_000;
/** A read-only log over `records` that counts its reads. */
function logOf(records: readonly RefreshLogDay[]): RefreshLogRepository & { reads: number } {
  const log = {
    reads: 0,
    append: async () => undefined,
    listThrough: async (_account: string, _shipment: string, through: string, limit: number) => {
      log.reads += 1;
      return records.filter((r) => r.day <= through).sort((a, b) => (a.day < b.day ? 1 : -1)).slice(0, limit);
    },
  };
  return log;
}
const t = (hours: number) => new Date(Date.UTC(2025, 10, 1) + hours * HOUR).toISOString();

describe("refreshLogAppends", () => {
  const before = makeShipment(account.id, { line_tracking_last_attempted_at: t(1), line_tracking_last_succeeded_at: t(1) });

  it("logs a refresh once, in the day of its instant, and nothing when the timestamps did not move", () => {
    const after = { ...before, line_tracking_last_attempted_at: t(26), line_tracking_last_succeeded_at: t(26) };
    expect(refreshLogAppends(before, after)).toStrictEqual([{ account_id: account.id, shipment_id: before.id, day: "2025-11-02", attempted: [2 * HOUR], succeeded: [2 * HOUR] }]);
    expect(refreshLogAppends(before, { ...before, tags: ["hot"] })).toStrictEqual([]);
  });

  it("logs only the timestamp that moved, an insert's non-null ones, and never a null", () => {
    expect(refreshLogAppends(before, { ...before, line_tracking_last_attempted_at: t(3) })).toStrictEqual([makeRefreshLogDay(account.id, before.id, { day: "2025-11-01", attempted: [3 * HOUR], succeeded: [] })]);
    expect(refreshLogAppends(null, before)).toStrictEqual([makeRefreshLogDay(account.id, before.id, { day: "2025-11-01", attempted: [HOUR], succeeded: [HOUR] })]);
    expect(refreshLogAppends(before, { ...before, line_tracking_last_attempted_at: null, line_tracking_last_succeeded_at: null })).toStrictEqual([]);
  });
});

describe("refreshTimestampsIn and readRefreshTimestampsAt", () => {
  const shipment = makeShipment(account.id);
  const day = (name: string, attempted: number[], succeeded: number[]) => makeRefreshLogDay(account.id, shipment.id, { day: name, attempted: attempted.map((h) => h * HOUR), succeeded: succeeded.map((h) => h * HOUR) });
  const newestFirst = [day("2025-11-03", [1, 2, 3], [1]), day("2025-11-02", [22, 23], [22])];

  it("takes the latest instant at or before the asked one, from the newest record that has one", () => {
    expect(refreshTimestampsIn(newestFirst, t(48 + 2))).toStrictEqual({ line_tracking_last_attempted_at: t(48 + 2), line_tracking_last_succeeded_at: t(48 + 1) });
    expect(refreshTimestampsIn(newestFirst, t(48 + 1.5))).toStrictEqual({ line_tracking_last_attempted_at: t(48 + 1), line_tracking_last_succeeded_at: t(48 + 1) });
    expect(refreshTimestampsIn(newestFirst, t(48 + 0.5))).toStrictEqual({ line_tracking_last_attempted_at: t(24 + 23), line_tracking_last_succeeded_at: t(24 + 22) });
    expect(refreshTimestampsIn(newestFirst.slice(1), t(24 + 21))).toStrictEqual({});
  });

  it("reads back day by day until both are found, however long ago the last success was", async () => {
    const failing = Array.from({ length: 40 }, (_, i) => day(new Date(Date.UTC(2025, 10, 3 + i)).toISOString().slice(0, 10), [5], []));
    const log = logOf([day("2025-11-01", [4], [4]), ...failing]);
    expect(await readRefreshTimestampsAt(log, account.id, shipment.id, t(24 * 42 + 6))).toStrictEqual({ line_tracking_last_attempted_at: t(24 * 41 + 5), line_tracking_last_succeeded_at: t(4) });
    expect(log.reads).toBe(3);
    const hourly = logOf(newestFirst);
    expect(await readRefreshTimestampsAt(hourly, account.id, shipment.id, t(48 + 2))).toStrictEqual({ line_tracking_last_attempted_at: t(48 + 2), line_tracking_last_succeeded_at: t(48 + 1) });
    expect(hourly.reads).toBe(1);
    expect(await readRefreshTimestampsAt(logOf(newestFirst), account.id, shipment.id, t(3))).toStrictEqual({});
  });
});

describe("recordAsOf with the refresh log", () => {
  const shipment = makeShipment(account.id, { created_at: t(0), updated_at: t(0), line_tracking_last_attempted_at: t(30), line_tracking_last_succeeded_at: t(20) });

  it("answers the logged timestamps; one the log lacks is the current value if not after the instant, else null", () => {
    const logged = recordAsOf("shipment", shipment, { instant: t(12), undone: [], lastChangeAt: null, refreshes: { line_tracking_last_attempted_at: t(11), line_tracking_last_succeeded_at: t(10) } });
    expect(logged).toMatchObject({ line_tracking_last_attempted_at: t(11), line_tracking_last_succeeded_at: t(10) });
    const unlogged = recordAsOf("shipment", shipment, { instant: t(25), undone: [], lastChangeAt: null, refreshes: {} });
    expect(unlogged).toMatchObject({ line_tracking_last_attempted_at: null, line_tracking_last_succeeded_at: t(20) });
  });
});
