/*
 * Writes the upgrade fixtures: one database of every record kind, written by the storage code and
 * migrations of main at a730691 (before the shared SQL storage), as a SQLite dump and a PostgreSQL
 * dump, plus the records themselves. `upgrade.test.ts` opens them with today's code and expects
 * every record back. Run it from a checkout of that commit, with the local PostgreSQL binaries:
 *
 *   node --conditions=bollard-source --import tsx packages/cli/src/testing/upgrade-fixtures/generate-upgrade-fixtures.ts OUT_DIR
 *
 * Keep the files it wrote; never regenerate them with newer code (they stand for old databases).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Storage } from "@bollard/core";
import {
  makeAccount, makeApiKey, makeContainer, makeCustomField, makeCustomFieldDefinition, makeCustomFieldOption, makeMetroArea, makePort, makeRailTerminal,
  makeRawEvent, makeShipment, makeShippingLine, makeTerminal, makeTrackingRequest, makeTransportEvent, makeUser, makeVessel, makeVesselPosition,
  makeWebhook, makeWebhookNotification, makeWebhookNotificationAttempt,
} from "@bollard/core/testing";
import { postgresStorage } from "@bollard/storage-postgres";
import { findPostgresBinaries, startLocalPostgres } from "@bollard/storage-postgres/testing";
import { sqliteStorage } from "@bollard/storage-sqlite";
import Database from "better-sqlite3";

const out = process.argv[2] ?? ".";
const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1) + minutes * 60_000).toISOString();
const account = makeAccount({ company_name: "Upgrade Ltd" });
const a = account.id;
const user = makeUser(a);
const ports = [makePort(), makePort()];
const vessel = makeVessel();
const shipments = [makeShipment(a, { ref_numbers: ["PO-1", "PO-2"] }), makeShipment(a, { line_tracking_stopped_at: at(5), line_tracking_stopped_reason: "cancelled_by_user" })];
const containers = [makeContainer(a, shipments[0]!.id), makeContainer(a, shipments[0]!.id), makeContainer(a, shipments[1]!.id)];
const c = containers[0]!;
const definition = makeCustomFieldDefinition(a);
const webhook = makeWebhook(a);
const notifications = [makeWebhookNotification(a, webhook.id), makeWebhookNotification(a, webhook.id, { delivery_status: "succeeded", next_attempt_at: null })];
const records = {
  accounts: [account],
  users: [user],
  apiKeys: [makeApiKey(a, user.id)],
  meta: [{ key: "upgrade.note", value: "written by main a730691" }],
  ports,
  terminals: [makeTerminal(ports[0]!.id)],
  railTerminals: [makeRailTerminal()],
  metroAreas: [makeMetroArea()],
  shippingLines: [makeShippingLine()],
  vessels: [vessel],
  vesselPositions: [makeVesselPosition(vessel.id, { timestamp: at(1) }), makeVesselPosition(vessel.id, { timestamp: at(2) })],
  shipments,
  containers,
  transportEvents: [makeTransportEvent(a, c.shipment_id, c.id), makeTransportEvent(a, c.shipment_id, c.id, { timestamp: null }), makeTransportEvent(a, c.shipment_id, c.id, { voyage_number: null, timestamp: at(3) })],
  rawEvents: [makeRawEvent(a, c.shipment_id, c.id)],
  trackingRequests: [makeTrackingRequest(a, { next_attempt_at: at(10) })],
  customFieldDefinitions: [definition],
  customFieldOptions: [makeCustomFieldOption(a, definition.id)],
  customFields: [makeCustomField(a, definition.id, { entity_id: shipments[0]!.id })],
  webhooks: [webhook],
  webhookNotifications: notifications,
  webhookNotificationAttempts: [makeWebhookNotificationAttempt(notifications[1]!.id)],
};

async function write(storage: Storage): Promise<void> {
  await storage.open();
  await storage.accounts.insert(account);
  await storage.users.insert(user);
  await storage.apiKeys.insert(records.apiKeys[0]!);
  await storage.meta.set("upgrade.note", records.meta[0]!.value);
  await storage.ports.upsertMany(ports);
  await storage.terminals.upsertMany(records.terminals);
  await storage.railTerminals.upsertMany(records.railTerminals);
  await storage.metroAreas.upsertMany(records.metroAreas);
  await storage.shippingLines.upsertMany(records.shippingLines);
  await storage.vessels.upsertMany([vessel]);
  await storage.vesselPositions.insertMany(records.vesselPositions);
  for (const shipment of shipments) await storage.shipments.insert(shipment);
  for (const container of containers) await storage.containers.insert(container);
  await storage.transportEvents.insertMany(records.transportEvents);
  await storage.rawEvents.insertMany(records.rawEvents);
  await storage.trackingRequests.insert(records.trackingRequests[0]!);
  await storage.customFieldDefinitions.insert(definition);
  await storage.customFieldOptions.insert(records.customFieldOptions[0]!);
  await storage.customFields.insert(records.customFields[0]!);
  await storage.webhooks.insert(webhook);
  await storage.webhookNotifications.insertMany(notifications);
  await storage.webhookNotifications.insertAttempt(records.webhookNotificationAttempts[0]!);
  await storage.close();
}

/** A SQL text dump of a SQLite file: its schema, then every row as an INSERT (quote() literals). */
function sqliteDump(filename: string): string {
  const db = new Database(filename, { readonly: true });
  const lines = ["pragma foreign_keys = off;"];
  const objects = db.prepare("select type, name, sql from sqlite_schema where sql is not null and name not like 'sqlite_%' order by case type when 'table' then 0 else 1 end, rowid").all() as { type: string; name: string; sql: string }[];
  for (const object of objects) lines.push(`${object.sql};`);
  for (const { name } of objects.filter((o) => o.type === "table")) {
    const columns = (db.prepare(`select name from pragma_table_info(?)`).pluck().all(name) as string[]).map((column) => `quote("${column}")`).join(" || ', ' || ");
    for (const row of db.prepare(`select 'insert into "${name}" values (' || ${columns} || ');' from "${name}"`).pluck().all() as string[]) lines.push(row);
  }
  db.close();
  return `${lines.join("\n")}\n`;
}

const dir = mkdtempSync(join(tmpdir(), "bollard-upgrade-fixtures-"));
const sqliteFile = join(dir, "main.sqlite");
await write(sqliteStorage({ filename: sqliteFile }));
writeFileSync(join(out, "main-a730691.sqlite.sql"), sqliteDump(sqliteFile));

const cluster = await startLocalPostgres();
const url = await cluster.createDatabase();
await write(postgresStorage({ connectionString: url }));
const binaries = findPostgresBinaries();
if (!binaries.found) throw new Error(binaries.reason);
const dump = execFileSync(join(binaries.bin, "pg_dump"), ["--inserts", "--no-owner", "--no-privileges", "--schema=public", url], { encoding: "utf8" });
writeFileSync(join(out, "main-a730691.postgres.sql"), dump);
await cluster.stop();
writeFileSync(join(out, "main-a730691.records.json"), `${JSON.stringify(records, null, 1)}\n`);
console.log(`wrote the upgrade fixtures to ${out}`);
