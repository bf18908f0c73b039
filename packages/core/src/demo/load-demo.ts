import { logRefreshes } from "../history/refresh-log.js";
import type { Storage } from "../storage/storage.js";
import type { DemoDataset } from "./demo-dataset.js";

/**
 * Writes a demo data set in one transaction, parents before children: vessels (upserted, since
 * they are shared by every account) and their positions, then per shipment its tracking request,
 * the shipment (with its refresh timestamps in the refresh log, as a refresh would log them), its
 * containers, and their raw and transport events; the sample tariff rules when the account has none.
 * All or nothing.
 *
 * @example
 * await loadDemoDataset(storage, generateDemoDataset({ seed: 1, accountId, now: new Date() }));
 */
export async function loadDemoDataset(storage: Storage, dataset: DemoDataset): Promise<void> {
  await storage.transaction(async (tx) => {
    if (dataset.vessels.length) await tx.vessels.upsertMany(dataset.vessels);
    if (dataset.vesselPositions.length) await tx.vesselPositions.insertMany(dataset.vesselPositions);
    for (const request of dataset.trackingRequests) await tx.trackingRequests.insert(request);
    for (const shipment of dataset.shipments) {
      await tx.shipments.insert(shipment);
      await logRefreshes(tx, null, shipment);
    }
    for (const container of dataset.containers) await tx.containers.insert(container);
    // Raw events first: a transport event may point at the raw event it was derived from.
    if (dataset.rawEvents.length) await tx.rawEvents.insertMany(dataset.rawEvents);
    if (dataset.transportEvents.length) await tx.transportEvents.insertMany(dataset.transportEvents);
    // The sample rules go to an account with no rules of its own yet (a second load adds none).
    const accountId = dataset.tariffs[0]?.account_id;
    if (accountId !== undefined && (await tx.tariffs.list(accountId, { number: 1, size: 1 })).items.length === 0) {
      for (const tariff of dataset.tariffs) await tx.tariffs.insert(tariff);
    }
  });
}
