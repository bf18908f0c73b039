// Run as a separate process by sqlite-storage.test.ts:
//   node --conditions=bollard-source --import tsx read-shipment-process.ts FILE ACCOUNT_ID SHIPMENT_ID
// Opens the database file with its own storage and prints the shipment and its containers as JSON.
import { sqliteStorage } from "../sqlite-storage.js";

const [filename, accountId, shipmentId] = process.argv.slice(2);
if (!filename || !accountId || !shipmentId) throw new Error("usage: read-shipment-process.ts FILE ACCOUNT_ID SHIPMENT_ID");

const storage = sqliteStorage({ filename });
await storage.open();
try {
  const shipment = await storage.shipments.get(accountId, shipmentId);
  const containers = await storage.containers.listByShipments(accountId, [shipmentId]);
  process.stdout.write(JSON.stringify({ shipment, containers }));
} finally {
  await storage.close();
}
