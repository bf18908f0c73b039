// @ts-check
// Runs in a scratch project, outside the workspace, with plain `node`: the installed tarballs'
// dist/ files are all there is. Tracks a bill of lading on SQLite with a manual clock and prints
// what it read as one JSON line, for installed-packages.test.ts to check.
// Usage: node track-shipment.mjs <database file>
import { createTracker, manualClock } from "@bollard/core";
import { sqliteStorage } from "@bollard/storage-sqlite";

const DAY = 24 * 60 * 60 * 1000;
const filename = process.argv[2];
if (!filename) throw new Error("usage: node track-shipment.mjs <database file>");

const clock = manualClock("2026-03-02T08:00:00Z");
const tracker = await createTracker({ storage: sqliteStorage({ filename }), clock });
try {
  const { account } = await tracker.accounts.ensure("Packaging Test");
  const { apiKey } = await tracker.accounts.issueKey(account.id, { role: "editor" });
  const session = tracker.session(await tracker.accounts.authenticate(apiKey));
  const created = await session.trackingRequests.create({ request_type: "bill_of_lading", request_number: "TEST-TR-SUCCEEDED", scac: "TEST" });

  for (let day = 0; day < 5; day++) {
    if (day > 0) clock.advance(DAY);
    await tracker.refresh.runDue();
  }

  const request = await session.trackingRequests.get(created.id);
  const shipmentId = request.tracked_object_id;
  if (!shipmentId) throw new Error(`tracking request ${request.status}, no shipment`);
  const shipment = await session.shipments.get(shipmentId, { include: ["containers"] });
  const map = await session.maps.container(shipment.containers[0]?.id ?? "");

  console.log(
    JSON.stringify({
      resolvedCore: import.meta.resolve("@bollard/core"),
      requestStatus: request.status,
      billOfLading: shipment.bill_of_lading_number,
      containers: shipment.containers.length,
      mapType: map.type,
      mapFeatures: map.features.length,
    }),
  );
} finally {
  await tracker.close();
}
