import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Storage } from "@bollard/core";
import { createTextReader, eventLinkageText, fromRecordText, recordText } from "@bollard/core/jsonapi";
import { COPY_NOUNS, type CopyNoun } from "@bollard/core/storage";
import { postgresStorage } from "@bollard/storage-postgres";
import { postgresAvailability, startLocalPostgres, type LocalPostgres } from "@bollard/storage-postgres/testing";
import { sqliteStorage } from "@bollard/storage-sqlite";
import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";

// Issue 15: databases written by the schema of main at a730691 (before the shared SQL storage) open
// with today's code, every record intact. The fixtures were written by that commit's code
// (testing/upgrade-fixtures/generate-upgrade-fixtures.ts) and are never regenerated.
const FIXTURES = new URL("./testing/upgrade-fixtures/", import.meta.url);
const fixture = (name: string) => readFileSync(new URL(name, FIXTURES), "utf8");
const expected = JSON.parse(fixture("main-a730691.records.json")) as Record<CopyNoun, unknown[]>;
const dir = mkdtempSync(join(tmpdir(), "bollard-upgrade-"));
let cluster: LocalPostgres | undefined;
afterAll(async () => {
  await cluster?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** JSON with keys sorted at every level: a sort key that ignores key order (equality below does too). */
const canonical = (value: unknown): string =>
  value !== null && typeof value === "object" && !Array.isArray(value)
    ? `{${Object.keys(value).sort().map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`).join(",")}}`
    : Array.isArray(value)
      ? `[${value.map(canonical).join(",")}]`
      : JSON.stringify(value);
const sorted = (records: readonly unknown[]) => [...records].sort((x, y) => (canonical(x) < canonical(y) ? -1 : 1));

/** Every record of the storage by noun, through its export port (meta: the fixture's own entries). */
async function everything(storage: Storage): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const noun of COPY_NOUNS) {
    const batch = await storage.copy.exportBatch(noun, null, 10_000);
    const records = (batch?.records ?? []).filter((record) => noun !== "meta" || (record as { key: string }).key.startsWith("upgrade."));
    out[noun] = sorted(records);
  }
  return out;
}

/** Fields added to records since the fixture was written, with the value an older record reads as. */
const ADDED_SINCE: Partial<Record<CopyNoun, Record<string, unknown>>> = {
  apiKeys: { revoked_at: null }, // keys became revocable (migrations 0005 on SQLite, 0003 on PostgreSQL)
  transportEvents: { value: null, invalidated_at: null, previous_version_id: null }, // transport events carry the new date of a change and the live service's withdrawal and version links (older documents read as null)
};

async function expectIntact(storage: Storage): Promise<void> {
  const want = Object.fromEntries(COPY_NOUNS.map((noun) => [noun, sorted((expected[noun] ?? []).map((record) => ({ ...(record as object), ...ADDED_SINCE[noun] })))]));
  expect(await everything(storage)).toStrictEqual(want);
  const shipment = expected.shipments[0] as { id: string; account_id: string };
  expect(await storage.shipments.get(shipment.account_id, shipment.id)).toStrictEqual(shipment);
  const containers = await storage.containers.listByShipments(shipment.account_id, [shipment.id]);
  expect(containers).toHaveLength(2);
  // The read model makes the texts of records written before it (and keeps them, where the storage keeps texts).
  const ids = containers.map((c) => c.id);
  for (let pass = 0; pass < 2; pass++) {
    const read = await createTextReader(storage).read(shipment.account_id, { shipments: [shipment.id], containerIdsOf: [shipment.id], containers: ids, eventLinkageOf: ids });
    expect(read.shipments.get(shipment.id)).toStrictEqual(fromRecordText(shipment.id, recordText("shipment", shipment as never)));
    expect(read.containerIds.get(shipment.id)).toStrictEqual(ids);
    for (const container of containers) expect(read.containers.get(container.id)).toStrictEqual(fromRecordText(container.id, recordText("container", container)));
    let linked = 0;
    for (const container of containers) {
      const eventIds = async (list: Promise<{ items: { id: string }[] }>) => (await list).items.map((event) => event.id);
      const transport_events = await eventIds(storage.transportEvents.listByContainers(shipment.account_id, [container.id]));
      const raw_events = await eventIds(storage.rawEvents.listByContainers(shipment.account_id, [container.id]));
      expect(read.eventLinkage.get(container.id)).toBe(eventLinkageText({ transport_events, raw_events }));
      linked += transport_events.length + raw_events.length;
    }
    expect(linked).toBe(4); // the fixture's 3 transport events and 1 raw event
  }
}

describe("upgrading a database written by main a730691", () => {
  it("SQLite: opens with today's code, migrates, and every record reads back as written", async () => {
    const filename = join(dir, "main.sqlite");
    const db = new Database(filename);
    db.exec(fixture("main-a730691.sqlite.sql"));
    db.close();
    const storage = sqliteStorage({ filename });
    await storage.open();
    try {
      await expectIntact(storage);
    } finally {
      await storage.close();
    }
    const after = new Database(filename, { readonly: true });
    expect((after.prepare("select name from kysely_migration order by name").pluck().all() as string[]).at(-1)).not.toBe("0003-rendered-resources");
    after.close();
  }, 60_000);

  it.skipIf(!postgresAvailability().available)("PostgreSQL: opens with today's code, migrates, and every record reads back as written", async () => {
    cluster = await startLocalPostgres();
    const url = await cluster.createDatabase();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query("drop schema public cascade");
    // psql's meta-commands (\restrict) are not SQL.
    await client.query(fixture("main-a730691.postgres.sql").split("\n").filter((line) => !line.startsWith("\\")).join("\n"));
    await client.end();
    const storage = postgresStorage({ connectionString: url });
    await storage.open();
    try {
      await expectIntact(storage);
    } finally {
      await storage.close();
    }
  }, 120_000);
});
