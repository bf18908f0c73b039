import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { storedEventLinkage, storedRendering } from "@bollard/core/storage";
import { makeAccount, makeContainer, makeRawEvent, makeShipment, makeTransportEvent } from "@bollard/core/testing";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { sqliteDialect } from "./sqlite-dialect.js";
import { sqliteStorage } from "./sqlite-storage.js";

const directory = mkdtempSync(join(tmpdir(), "bollard-sqlite-renderings-"));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** A file with one shipment and two containers, closed again. */
async function seeded(name: string) {
  const filename = join(directory, name);
  const storage = sqliteStorage({ filename });
  await storage.open();
  const account = makeAccount();
  const shipment = makeShipment(account.id);
  const containers = [makeContainer(account.id, shipment.id, { created_at: "2026-01-01T00:00:00.000Z" }), makeContainer(account.id, shipment.id, { created_at: "2026-01-02T00:00:00.000Z" })];
  await storage.accounts.insert(account);
  await storage.shipments.insert(shipment);
  for (const container of containers) await storage.containers.insert(container);
  await storage.close();
  return { filename, account, shipment, containers };
}

/** A container's rendering as stored with its (empty) event linkage. */
const keptContainer = (container: { id: string }) => ({ ...storedRendering("container", container), toMany: storedEventLinkage({ transport_events: [], raw_events: [] }) });

function renderedColumns(filename: string): (string | null)[][] {
  const db = new Database(filename, { readonly: true });
  try {
    return db.prepare("select attributes_json, relationships_json from shipments union all select attributes_json, relationships_json from containers").raw().all() as (string | null)[][];
  } finally {
    db.close();
  }
}

/** Writes the records' rows as versions before the rest format did: the whole record in `doc`. */
function wholeDocs(db: Database.Database, table: string, records: readonly { id: string }[]): void {
  for (const record of records) db.prepare(`update ${table} set doc = ? where id = ?`).run(JSON.stringify(record), record.id);
}

describe("stored renderings", () => {
  it("are written with every row, so a reopened file serves them", async () => {
    const { filename, account, shipment, containers } = await seeded("written.sqlite");
    expect(renderedColumns(filename).flat().every((text) => typeof text === "string" && text.startsWith("{"))).toBe(true);
    const storage = sqliteStorage({ filename });
    await storage.open();
    expect(await storage.renderings!.shipment(account.id, shipment.id)).toStrictEqual(storedRendering("shipment", shipment));
    expect(await storage.renderings!.containersOfShipment(account.id, shipment.id)).toStrictEqual(containers.map(keptContainer));
    await storage.close();
  });

  it("are rendered again on open when the stored fingerprint differs (rows from an older version)", async () => {
    const { filename, account, shipment, containers } = await seeded("stale.sqlite");
    const db = new Database(filename);
    // Rows as an older version wrote them: the whole record in doc, no or another rendering beside it.
    wholeDocs(db, "shipments", [shipment]);
    wholeDocs(db, "containers", containers);
    db.exec("update shipments set attributes_json = null, relationships_json = null; update containers set attributes_json = '{\"stale\":true}'");
    db.prepare("update meta set value = 'an older rendering' where key = 'rendering_fingerprint'").run();
    db.close();
    const storage = sqliteStorage({ filename });
    await storage.open();
    expect(await storage.renderings!.shipment(account.id, shipment.id)).toStrictEqual(storedRendering("shipment", shipment));
    expect(await storage.renderings!.containersOfShipment(account.id, shipment.id)).toStrictEqual(containers.map(keptContainer));
    await storage.close();
    expect(renderedColumns(filename).flat().some((text) => text === null || text.includes("stale"))).toBe(false);
  });

  it("fall back to rendering the document for a row written without them after open", async () => {
    const { filename, account, shipment, containers } = await seeded("late.sqlite");
    const storage = sqliteStorage({ filename });
    await storage.open();
    const db = new Database(filename);
    wholeDocs(db, "shipments", [shipment]);
    wholeDocs(db, "containers", containers);
    db.exec("update shipments set attributes_json = null; update containers set relationships_json = null");
    db.close();
    expect(await storage.renderings!.shipment(account.id, shipment.id)).toStrictEqual(storedRendering("shipment", shipment));
    expect(await storage.renderings!.containersOfShipment(account.id, shipment.id)).toStrictEqual(containers.map((c) => storedRendering("container", c)));
    await storage.close();
  });

  it("keep each container's event linkage current through every event write, so reads need no event ids", async () => {
    const { filename, account, shipment, containers } = await seeded("linkage.sqlite");
    const [x, y] = containers as [(typeof containers)[0], (typeof containers)[0]];
    const storage = sqliteStorage({ filename });
    await storage.open();
    const kept = async () => (await storage.renderings!.containersOfShipment(account.id, shipment.id)).map((container) => container.toMany);
    const linkage = (transport: { id: string }[], raw: { id: string }[]) => storedEventLinkage({ transport_events: transport.map((e) => e.id), raw_events: raw.map((e) => e.id) });
    const early = makeTransportEvent(account.id, shipment.id, x.id, { timestamp: "2026-01-01T00:00:00.000Z" });
    const late = makeTransportEvent(account.id, shipment.id, x.id, { timestamp: "2026-02-01T00:00:00.000Z" });
    await storage.transportEvents.insertMany([late, early]);
    expect(await kept()).toStrictEqual([linkage([early, late], []), linkage([], [])]);
    const raw = [makeRawEvent(account.id, shipment.id, y.id, { index: 1 }), makeRawEvent(account.id, shipment.id, y.id, { index: 0 })];
    await storage.transaction(async (tx) => {
      await tx.rawEvents.insertMany(raw);
    });
    expect(await kept()).toStrictEqual([linkage([early, late], []), linkage([], [raw[1]!, raw[0]!])]);
    await storage.close();
  });

  it("leave a bulk write's containers without a kept linkage (reads read the event ids), and render them on the next open", async () => {
    const { filename, account, shipment, containers } = await seeded("bulk.sqlite");
    const storage = sqliteStorage({ filename });
    await storage.open();
    const many = sqliteDialect.eventLinkage!.renderUpTo + 1;
    const events = Array.from({ length: many }, (_, i) => makeTransportEvent(account.id, shipment.id, containers[0]!.id, { timestamp: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString() }));
    await storage.transportEvents.insertMany(events);
    const [first, second] = await storage.renderings!.containersOfShipment(account.id, shipment.id);
    expect(first!.toMany).toBeUndefined();
    expect(second!.toMany).toBe(storedEventLinkage({ transport_events: [], raw_events: [] }));
    await storage.close();
    const reopened = sqliteStorage({ filename });
    await reopened.open();
    const [rendered] = await reopened.renderings!.containersOfShipment(account.id, shipment.id);
    expect(rendered!.toMany).toBe(storedEventLinkage({ transport_events: events.map((e) => e.id), raw_events: [] }));
    await reopened.close();
  });

  it("keep the linkage of containers whose events arrive through the copy port (migrate-db)", async () => {
    const { filename, account, shipment, containers } = await seeded("copy.sqlite");
    const storage = sqliteStorage({ filename });
    await storage.open();
    const transport = [2, 1].map((day) => makeTransportEvent(account.id, shipment.id, containers[1]!.id, { timestamp: `2026-01-0${day}T00:00:00.000Z` }));
    const raw = [makeRawEvent(account.id, shipment.id, containers[0]!.id, { index: 0 })];
    await storage.copy.importBatch("transportEvents", transport);
    await storage.copy.importBatch("rawEvents", raw);
    expect((await storage.renderings!.containersOfShipment(account.id, shipment.id)).map((c) => c.toMany)).toStrictEqual([
      storedEventLinkage({ transport_events: [], raw_events: [raw[0]!.id] }),
      storedEventLinkage({ transport_events: [transport[1]!.id, transport[0]!.id], raw_events: [] }),
    ]);
    await storage.close();
  });
});
