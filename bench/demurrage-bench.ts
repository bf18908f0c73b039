import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chargeFactsOf, containerDemurrage, createCalendars, createTracker, generateDemoDataset, manualClock, type ChargeFacts, type Tariff, type TariffInput } from "@bollard/core";
import { TariffAttributesSchema } from "@bollard/core/schemas";
import { sqliteStorage } from "@bollard/storage-sqlite";
import { median, type BenchResult } from "./measure.js";

/** How many containers the exposure covers (the issue's figure). */
const CONTAINERS = Number(process.env.BENCH_DEMURRAGE_CONTAINERS ?? 10_000);
const RUNS = 5;
const NOW = "2026-11-01T12:00:00.000Z";
const ACCOUNT = "0190a8f0-0000-7000-8000-0000000000be";

/** Rules beside the demo's samples, so the bench works through every kind of rule: business days with holidays, tiers, contracts, detention, storage. */
const EXTRA_RULES: TariffInput[] = [
  { name: "Business-day demurrage at US ports", charge_type: "demurrage", port_locodes: ["USLAX", "USLGB", "USNYC", "USSAV", "USHOU", "USSEA", "USOAK"], valid_from: "2026-01-01", free_time_starts: "discharge", charge_ends: "full_out", free_days: 5, day_count_type: "business", holiday_calendar: { country: "US", state: null }, rates: [{ from_day: 1, to_day: 4, rate: "135.00", currency: "USD" }, { from_day: 5, to_day: 9, rate: "210.50", currency: "USD" }, { from_day: 10, to_day: null, rate: "325.75", currency: "USD" }] },
  { name: "Contract: MSC 10 days", kind: "contract", charge_type: "demurrage", carrier_scacs: ["MSCU"], valid_from: "2026-01-01", valid_to: "2026-12-31", free_time_starts: "discharge", charge_ends: "full_out", free_days: 10, rates: [{ from_day: 1, to_day: null, rate: "95.00", currency: "USD" }] },
  { name: "Detention, every line", charge_type: "detention", valid_from: "2026-01-01", free_time_starts: "full_out", charge_ends: "empty_return", free_days: 7, day_count_type: "business", holiday_calendar: { country: "US", state: "CA" }, closures: ["2026-11-27", "2026-12-24"], rates: [{ from_day: 1, to_day: 5, rate: "75.00", currency: "USD" }, { from_day: 6, to_day: null, rate: "150.00", currency: "USD" }] },
  { name: "Terminal storage", charge_type: "storage", valid_from: "2026-01-01", free_time_starts: "discharge", charge_ends: "full_out", first_free_day: "start_day", free_days: 4, rates: [{ from_day: 1, to_day: null, rate: "42.1234", currency: "USD" }] },
];

/**
 * `pnpm bench demurrage`: demurrage and detention exposure for 10,000 containers (the demo data set,
 * the sample rules and four more covering business days, holidays, tiers, a contract, detention and
 * storage). Two figures: the calculation alone over every container (target under 1 s on one core),
 * and `session.demurrage.exposure()` on a SQLite file, reads included.
 */
export async function run(): Promise<BenchResult[]> {
  const now = new Date(NOW);
  const shipments = Math.ceil(CONTAINERS / 2.9);
  let dataset = generateDemoDataset({ seed: 7, accountId: ACCOUNT, now, shipments });
  while (dataset.containers.length < CONTAINERS) dataset = generateDemoDataset({ seed: 7, accountId: ACCOUNT, now, shipments: Math.ceil(shipments * (CONTAINERS / dataset.containers.length) * 1.02) });
  const at = NOW;
  const extra: Tariff[] = EXTRA_RULES.map((rule, i) => ({ ...TariffAttributesSchema.parse(rule), id: `0190a8f0-0000-7000-8000-0000000001${String(i).padStart(2, "0")}`, account_id: ACCOUNT, created_at: at, updated_at: at }));
  const tariffs = [...dataset.tariffs, ...extra];
  const shipmentById = new Map(dataset.shipments.map((s) => [s.id, s]));
  const facts: ChargeFacts[] = dataset.containers.slice(0, CONTAINERS).map((c) => chargeFactsOf(c, shipmentById.get(c.shipment_id) ?? null, null));

  const calendars = createCalendars();
  const times: number[] = [];
  let charges = 0;
  for (let run = 0; run <= RUNS; run++) {
    const start = performance.now();
    let counted = 0;
    for (const fact of facts) counted += containerDemurrage(fact, tariffs, { now, calendars, working: false }).charges.length;
    if (run > 0) times.push(performance.now() - start); // the first run warms the JIT and the holiday years
    charges = counted;
  }
  const results: BenchResult[] = [
    { name: `demurrage calculation, ${facts.length.toLocaleString("en-US")} containers`, value: median(times), unit: "ms", target: { value: 1_000, lowerIsBetter: true }, notes: `median of ${RUNS} (min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)}); ${charges.toLocaleString("en-US")} charges, ${tariffs.length} rules` },
  ];

  const dir = mkdtempSync(join(tmpdir(), "bollard-bench-demurrage-"));
  try {
    const tracker = await createTracker({ storage: sqliteStorage({ filename: join(dir, "bench.sqlite") }), clock: manualClock(NOW) });
    const account = await tracker.accounts.create("Demurrage bench");
    const own = generateDemoDataset({ seed: 7, accountId: account.id, now, shipments: dataset.shipments.length });
    await tracker.accounts.loadDemo(own);
    const session = tracker.session(await tracker.accounts.authenticate((await tracker.accounts.issueKey(account.id, { role: "editor" })).apiKey));
    for (const rule of EXTRA_RULES) await session.tariffs.create(rule);
    const exposure: number[] = [];
    for (let run = 0; run <= 3; run++) {
      const start = performance.now();
      const groups = await session.demurrage.exposure({ groupBy: "terminal", page: { size: 100 } });
      if (run > 0) exposure.push(performance.now() - start);
      if (groups.total === 0) throw new Error("the exposure found no running charge: the bench measures nothing");
    }
    await tracker.close();
    results.push({ name: `GET exposure, ${own.containers.length.toLocaleString("en-US")} containers on SQLite (reads included)`, value: median(exposure), unit: "ms", notes: `median of 3 (min ${Math.min(...exposure).toFixed(0)}, max ${Math.max(...exposure).toFixed(0)})` });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return results;
}
