import { describe, expect, it } from "vitest";
import type { Change } from "../domain/index.js";
import { makeAccount, makeChange, makeContainer, makeShipment } from "../testing/fixtures.js";
import { recordAsOf } from "./as-of.js";
import { changeSource } from "./change-sources.js";
import { diffRecords, withAttribute } from "./record-diff.js";

const account = makeAccount();
const t = (minutes: number) => new Date(Date.UTC(2025, 10, 1) + minutes * 60_000).toISOString();

describe("diffRecords", () => {
  it("names every differing field, leaves out ids, created_at, updated_at and the refresh timestamps", () => {
    const before = makeShipment(account.id, { created_at: t(0), updated_at: t(0), line_tracking_last_attempted_at: t(0) });
    const after = { ...before, updated_at: t(5), line_tracking_last_attempted_at: t(5), line_tracking_last_succeeded_at: t(5), pod_eta_at: t(900), tags: ["hot"], pod_terminal_id: "0196b3a0-0000-7000-8000-000000000001" };
    expect(diffRecords("shipment", before, after)).toStrictEqual([
      { attribute: "tags", before: before.tags, after: ["hot"] },
      { attribute: "pod_eta_at", before: before.pod_eta_at, after: t(900) },
      { attribute: "pod_terminal_id", before: before.pod_terminal_id, after: "0196b3a0-0000-7000-8000-000000000001" },
    ]);
    expect(diffRecords("shipment", before, { ...before })).toStrictEqual([]);
  });

  it("diffs import_deadlines member by member, and withAttribute undoes a dotted name", () => {
    const shipment = makeShipment(account.id);
    const before = makeContainer(account.id, shipment.id);
    const after = { ...before, import_deadlines: { ...before.import_deadlines, pickup_lfd_terminal: t(60) } };
    const diffs = diffRecords("container", before, after);
    expect(diffs).toStrictEqual([{ attribute: "import_deadlines.pickup_lfd_terminal", before: before.import_deadlines.pickup_lfd_terminal, after: t(60) }]);
    expect(withAttribute(after, diffs[0]!.attribute, diffs[0]!.before)).toStrictEqual(before);
  });
});

describe("changeSource", () => {
  it("records a refresh's terminal attributes as terminal, everything else as the entry point's source", () => {
    expect(changeSource("carrier", "container", "holds_at_pod_terminal")).toBe("terminal");
    expect(changeSource("carrier", "container", "import_deadlines.pickup_lfd_terminal")).toBe("terminal");
    expect(changeSource("carrier", "container", "import_deadlines.pickup_lfd_line")).toBe("carrier");
    expect(changeSource("carrier", "shipment", "pod_eta_at")).toBe("carrier");
    expect(changeSource("ingest", "container", "holds_at_pod_terminal")).toBe("ingest");
    expect(changeSource("user", "shipment", "tags")).toBe("user");
  });
});

describe("recordAsOf", () => {
  const v0 = makeShipment(account.id, { created_at: t(0), updated_at: t(0), pod_eta_at: t(1000), tags: [], line_tracking_last_attempted_at: t(0), line_tracking_last_succeeded_at: t(0) });
  const v1 = { ...v0, pod_eta_at: t(1200), updated_at: t(10) };
  const v2 = { ...v1, tags: ["hot"], pod_eta_at: t(1300), updated_at: t(20), line_tracking_last_attempted_at: t(20), line_tracking_last_succeeded_at: t(20) };
  const change = (at: number, attribute: string, before: unknown, after: unknown): Change => makeChange(account.id, v0.id, { learned_at: t(at), attribute, before, after });
  const newestFirst = [change(20, "pod_eta_at", t(1200), t(1300)), change(20, "tags", [], ["hot"]), change(10, "pod_eta_at", t(1000), t(1200))];

  it("undoes the changes learned after the instant and answers null before the record existed", () => {
    expect(recordAsOf("shipment", v2, { instant: t(25), undone: [], lastChangeAt: t(20) })).toStrictEqual(v2);
    expect(recordAsOf("shipment", v2, { instant: t(15), undone: newestFirst.slice(0, 2), lastChangeAt: t(10) })).toStrictEqual({ ...v1, line_tracking_last_attempted_at: null, line_tracking_last_succeeded_at: null });
    expect(recordAsOf("shipment", v2, { instant: t(5), undone: newestFirst, lastChangeAt: null })).toStrictEqual({ ...v0, line_tracking_last_attempted_at: null, line_tracking_last_succeeded_at: null });
    expect(recordAsOf("shipment", v2, { instant: t(-1), undone: newestFirst, lastChangeAt: null })).toBeNull();
  });
});
