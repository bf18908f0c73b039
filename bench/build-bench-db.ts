import { existsSync, mkdirSync } from "node:fs";
import { createTracker, type Tracker } from "@bollard/core";
import { sqliteStorage } from "@bollard/storage-sqlite";
import { makeShipments } from "./bench-data.js";
import { trackerStorage } from "@bollard/core/storage";

/** Where the 100,000-shipment benchmark database is kept between runs (rebuilt when missing). */
export const BENCH_DB = new URL("../.bench/shipments-100k.sqlite", import.meta.url).pathname;
export const SHIPMENTS = Number(process.env.BENCH_SHIPMENTS ?? 100_000);

/**
 * Opens (building once) a SQLite database with `SHIPMENTS` shipments of 3 containers each
 * in account "Bench", and returns the tracker, the account id, an API key and the shipment ids.
 */
export async function openBenchDatabase(): Promise<{ tracker: Tracker; accountId: string; apiKey: string; ids: string[] }> {
  mkdirSync(new URL("../.bench/", import.meta.url), { recursive: true });
  const fresh = !existsSync(BENCH_DB);
  const tracker = await createTracker({ storage: sqliteStorage({ filename: BENCH_DB }) });
  const { account } = await tracker.accounts.ensure("Bench");
  if (fresh) {
    const started = performance.now();
    const { shipments, containers } = makeShipments(account.id, SHIPMENTS);
    for (let i = 0; i < shipments.length; i += 5_000) {
      await trackerStorage(tracker).transaction(async (tx) => {
        for (const shipment of shipments.slice(i, i + 5_000)) await tx.shipments.insert(shipment);
        for (const container of containers.slice(i * 3, (i + 5_000) * 3)) await tx.containers.insert(container);
      });
    }
    console.error(`built ${BENCH_DB}: ${shipments.length} shipments, ${containers.length} containers in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  const { apiKey } = await tracker.accounts.issueKey(account.id, { role: "viewer" });
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const { items } = await trackerStorage(tracker).shipments.list(account.id, { page: { number: page, size: 10_000 } });
    ids.push(...items.map((s) => s.id));
    if (items.length < 10_000) break;
  }
  return { tracker, accountId: account.id, apiKey, ids };
}
