import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  createCalendars, createTracker, effectiveRules, exceptionEvaluator, generateDemoDataset, manualClock, reconcileExceptions,
  type Container, type EvaluatedShipment, type Shipment, type ShipmentException, type TransportEvent,
} from "@bollard/core";
import { sqliteStorage } from "@bollard/storage-sqlite";
import { median, type BenchResult } from "./measure.js";

/** How many active shipments a tick evaluates (the figure). */
const SHIPMENTS = Number(process.env.BENCH_EXCEPTIONS_SHIPMENTS ?? 100_000);
/** How many of them the SQLite figure stores and reads back. */
const SQLITE_SHIPMENTS = Number(process.env.BENCH_EXCEPTIONS_SQLITE_SHIPMENTS ?? SHIPMENTS);
/** The demo data set generated once (slow to make), then copied under new ids up to {@link SHIPMENTS}. */
const BASE_SHIPMENTS = 3_000;
const RUNS = 5;
const NOW = "2026-11-01T12:00:00.000Z";
const ACCOUNT = "0190a8f0-0000-7000-8000-0000000000be";
const TRANSSHIPMENT = /^container\.transport\.transshipment_/;

/** An id for copy `n` of a record: the base id with its last 12 hex digits replaced. */
const copyId = (id: string, n: number, i: number) => `${id.slice(0, 24)}${(n * 1_000_000 + i).toString(16).padStart(12, "0")}`;

interface Fleet {
  shipments: Shipment[];
  containers: Map<string, Container[]>;
  transshipments: Map<string, TransportEvent[]>;
}

/** The demo's active shipments (tracking on, an empty still out), copied under new ids until there are `count`. */
function fleet(count: number, accountId: string): Fleet {
  const now = new Date(NOW);
  const base = generateDemoDataset({ seed: 11, accountId, now, shipments: BASE_SHIPMENTS });
  const byShipment = new Map<string, Container[]>();
  for (const c of base.containers) byShipment.set(c.shipment_id, [...(byShipment.get(c.shipment_id) ?? []), c]);
  const events = new Map<string, TransportEvent[]>();
  for (const e of base.transportEvents) if (e.container_id && TRANSSHIPMENT.test(e.event)) events.set(e.container_id, [...(events.get(e.container_id) ?? []), e]);
  const active = base.shipments.filter((s) => s.line_tracking_stopped_at === null && !(byShipment.get(s.id) ?? []).every((c) => c.empty_terminated_at !== null));
  const out: Fleet = { shipments: [], containers: new Map(), transshipments: new Map() };
  for (let n = 0; out.shipments.length < count; n++) {
    active.forEach((s, i) => {
      if (out.shipments.length >= count) return;
      const shipment: Shipment = { ...s, id: copyId(s.id, n, i), tracking_request_id: null };
      out.shipments.push(shipment);
      out.containers.set(shipment.id, (byShipment.get(s.id) ?? []).map((c, j) => {
        const container: Container = { ...c, id: copyId(c.id, n, i * 10 + j), shipment_id: shipment.id };
        const own = events.get(c.id);
        if (own && c.current_status === "on_ship") out.transshipments.set(container.id, own.map((e) => ({ ...e, id: copyId(e.id, n, i * 100 + j), container_id: container.id, shipment_id: shipment.id })));
        return container;
      }));
    });
  }
  return out;
}

/**
 * `pnpm bench exceptions`: the exception rules over 100,000 active shipments per tick. Two figures:
 * the pure evaluation and reconciliation against the open exceptions (every rule at its default;
 * target under 2 s), and one pass of `tracker.exceptions.runDue()` over a SQLite file, reads
 * included (a steady tick: the exceptions of the first pass already open).
 */
export async function run(): Promise<BenchResult[]> {
  const made = performance.now();
  const { shipments, containers, transshipments } = fleet(SHIPMENTS, ACCOUNT);
  const boxes = [...containers.values()].reduce((sum, list) => sum + list.length, 0);
  console.error(`exceptions bench: ${shipments.length} shipments, ${boxes} containers made in ${((performance.now() - made) / 1000).toFixed(1)} s`);
  const calendars = createCalendars();
  const localDayOf = (instant: string, zone: string) => calendars.localDay(instant, zone, { dateAtUtcMidnight: true });
  const rules = effectiveRules([]);
  const now = Date.parse(NOW);
  let open: ShipmentException[] = [];
  let raisedFirst = 0;
  const times: number[] = [];
  for (let run = 0; run <= RUNS; run++) {
    const start = performance.now();
    const evaluate = exceptionEvaluator(rules, now, localDayOf);
    const evaluated: EvaluatedShipment[] = shipments.map((shipment) => ({
      shipment_id: shipment.id,
      active: true,
      conditions: evaluate({ shipment, containers: containers.get(shipment.id) ?? [], transshipmentEvents: transshipments }),
    }));
    let n = 0;
    const { raised, cleared } = reconcileExceptions(ACCOUNT, evaluated, open, rules, NOW, () => `0190a8f0-0000-7000-8000-${(n++).toString(16).padStart(12, "0")}`);
    if (run > 0) times.push(performance.now() - start); // the first run warms the JIT and the zone offsets, and raises what the next ones find open
    if (run === 0) raisedFirst = raised.length;
    open = [...open.filter((e) => !cleared.includes(e)), ...raised];
  }
  const byKind = new Map<string, number>();
  for (const e of open) byKind.set(e.kind, (byKind.get(e.kind) ?? 0) + 1);
  const kinds = [...byKind].map(([kind, count]) => `${kind} ${count}`).join(", ");
  const results: BenchResult[] = [
    { name: `exception rules, ${shipments.length.toLocaleString("en-US")} active shipments per tick (pure)`, value: median(times), unit: "ms", target: { value: 2_000, lowerIsBetter: true }, notes: `median of ${RUNS} (min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)}); ${boxes.toLocaleString("en-US")} containers; ${raisedFirst.toLocaleString("en-US")} open: ${kinds}` },
  ];
  if (SQLITE_SHIPMENTS > 0) results.push(await sqliteTick(SQLITE_SHIPMENTS));
  return results;
}

/** One steady pass of the tracker's exception pass over a SQLite file holding `count` active shipments. */
async function sqliteTick(count: number): Promise<BenchResult> {
  const dir = mkdtempSync(join(tmpdir(), "bollard-bench-exceptions-"));
  try {
    const storage = sqliteStorage({ filename: join(dir, "bench.sqlite") });
    const tracker = await createTracker({ storage, clock: manualClock(NOW) });
    const account = await tracker.accounts.create("Exceptions bench");
    const { shipments, containers, transshipments } = fleet(count, account.id);
    const loaded = performance.now();
    // Straight to the adapter (no read model texts): the bench measures the pass, not the load.
    for (let i = 0; i < shipments.length; i += 1_000) {
      await storage.transaction(async (tx) => {
        for (const shipment of shipments.slice(i, i + 1_000)) {
          await tx.shipments.insert(shipment);
          for (const container of containers.get(shipment.id) ?? []) await tx.containers.insert(container);
        }
      });
    }
    const events = [...transshipments.values()].flat();
    for (let i = 0; i < events.length; i += 1_000) await storage.transaction((tx) => tx.transportEvents.insertMany(events.slice(i, i + 1_000)));
    console.error(`exceptions bench: SQLite loaded in ${((performance.now() - loaded) / 1000).toFixed(1)} s`);
    const first = performance.now();
    const raised = await tracker.exceptions.runDue();
    const firstMs = performance.now() - first;
    const ticks: number[] = [];
    for (let run = 0; run < 3; run++) {
      const start = performance.now();
      const summary = await tracker.exceptions.runDue();
      ticks.push(performance.now() - start);
      if (summary.shipments < count) throw new Error(`the pass evaluated ${summary.shipments} of ${count} shipments`);
    }
    await tracker.close();
    return { name: `exception pass, ${count.toLocaleString("en-US")} active shipments on SQLite (reads included)`, value: median(ticks), unit: "ms", notes: `median of 3 steady ticks (min ${Math.min(...ticks).toFixed(0)}, max ${Math.max(...ticks).toFixed(0)}); the first pass raised ${raised.raised.toLocaleString("en-US")} in ${firstMs.toFixed(0)} ms` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
