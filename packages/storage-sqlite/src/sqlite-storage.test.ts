import { execFile } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { isBollardError, type Shipment, type Storage } from "@bollard/core";
import { AccountSchema, ContainerSchema, ShipmentSchema, TransportEventSchema } from "@bollard/core/schemas";
import { makeAccount, makeContainer, makeShipment, makeTransportEvent, makeWebhook, makeWebhookNotification, runStorageContract } from "@bollard/core/testing";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { versionedStorage } from "@bollard/core/storage";
import { INDEXED_COLUMNS } from "@bollard/storage-sql";
import { sqliteStorage } from "./sqlite-storage.js";

const directory = mkdtempSync(join(tmpdir(), "bollard-sqlite-test-"));
let files = 0;
const freshFile = () => join(directory, `db-${++files}.sqlite`);
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/**
 * The contract's file storages start from copies of one migrated, empty database instead of each
 * migrating a new file (this file took 81 s in CI before, 23.5 s after); the migrations
 * themselves are tested below, on new files.
 */
const template = join(directory, "migrated.sqlite");
beforeAll(async () => {
  const storage = sqliteStorage({ filename: template });
  await storage.open();
  await storage.close();
});
function migratedFile(): string {
  const filename = freshFile();
  for (const suffix of ["", "-wal"]) if (existsSync(template + suffix)) copyFileSync(template + suffix, filename + suffix);
  return filename;
}

runStorageContract("sqlite file", () => sqliteStorage({ filename: migratedFile() }), { keptTexts: true });
runStorageContract("sqlite :memory:", () => sqliteStorage({ filename: ":memory:" }), { keptTexts: true });

/** Opens a storage and writes an account, a shipment and its two containers, each a valid record. */
async function seeded(filename: string): Promise<{ storage: Storage; shipment: Shipment; containers: ReturnType<typeof makeContainer>[] }> {
  const storage = sqliteStorage({ filename });
  await storage.open();
  const account = AccountSchema.parse(makeAccount());
  const shipment = ShipmentSchema.parse(makeShipment(account.id, { ref_numbers: ["PO-4471", "Ünïcødé ✓"] }));
  const containers = [makeContainer(account.id, shipment.id), makeContainer(account.id, shipment.id)].map((c) => ContainerSchema.parse(c));
  await storage.accounts.insert(account);
  await storage.shipments.insert(shipment);
  for (const container of containers) await storage.containers.insert(container);
  return { storage, shipment, containers };
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => new Error("expected a rejection"),
    (error: unknown) => error,
  );
}

describe("sqliteStorage", () => {
  it("applies the migrations once; opening the file again runs none and keeps the data", async () => {
    const filename = freshFile();
    const { storage, shipment } = await seeded(filename);
    await storage.open();
    await storage.close();
    const again = sqliteStorage({ filename });
    await again.open();
    expect(await again.shipments.get(shipment.account_id, shipment.id)).toStrictEqual(shipment);
    await again.close();
    const db = new Database(filename, { readonly: true });
    expect(db.prepare("select name from kysely_migration order by name").all()).toStrictEqual([{ name: "0001-initial" }, { name: "0002-vessel-position-times" }, { name: "0003-rendered-resources" }, { name: "0004-delivered-notifications" }, { name: "0005-api-key-use" }, { name: "0006-parties" }, { name: "0007-changes" }, { name: "0008-refresh-log" }, { name: "0009-filtered-list-order" }, { name: "0010-container-event-linkage" }, { name: "0011-event-feed" }, { name: "0012-webhook-replays" }, { name: "0013-change-versions" }, { name: "0014-kept-texts" }, { name: "0015-records-as-records" }, { name: "0016-compact-vessel-positions" }, { name: "0017-domain-event-indexes" }, { name: "0018-tariffs" }, { name: "0019-exceptions" }, { name: "0020-bulk-jobs" }]);
    expect(db.pragma("journal_mode", { simple: true })).toBe("wal");
    db.close();
  });

  /** SQLite's query plan (`explain query plan`, its lines joined) of a query on a new, migrated database, with null for every parameter. */
  async function queryPlans(): Promise<(query: string) => string> {
    const filename = freshFile();
    const storage = sqliteStorage({ filename });
    await storage.open();
    await storage.close();
    const db = new Database(filename, { readonly: true });
    onTestFinished(() => void db.close());
    return (text) => (db.prepare(`explain query plan ${text}`).all(...Array<null>((text.match(/\?/g) ?? []).length).fill(null)) as { detail: string }[]).map((row) => row.detail).join("; ");
  }

  it("reads filtered listings from the filter's index, in the listing's order, never walking the account's whole list", async () => {
    const plan = await queryPlans();
    // The listings' queries (a page and its count) by filter: tracking requests by number (also every
    // new tracking request's duplicate check), containers by number, custom fields by entity (one, or
    // an export page's) and by definition. Walking the account's (created_at, id) index instead grows with the account.
    const listings: [query: string, index: string][] = [
      [`select "doc" from "tracking_requests" where "account_id" = ? and "request_number_lc" = ? and "scac" = ? order by "created_at" desc, "id" desc limit ? offset ?`, "tracking_requests_account_number"],
      [`select count(*) as "count" from "tracking_requests" where "account_id" = ? and "request_number_lc" = ? and "scac" = ?`, "tracking_requests_account_number"],
      [`select "doc" from "containers" where "account_id" = ? and "number_lc" = ? order by "created_at" desc, "id" desc limit ? offset ?`, "containers_account_number"],
      [`select "doc" from "custom_fields" where "account_id" = ? and "entity_type" = ? and "entity_id" = ? order by "created_at", "id" limit ? offset ?`, "custom_fields_account_entity"],
      [`select "doc" from "custom_fields" where "account_id" = ? and "definition_id" = ? order by "created_at", "id" limit ? offset ?`, "custom_fields_definition"],
      // A page of an export's values: listByEntities.
      [`select "doc" from "custom_fields" where "account_id" = ? and "entity_type" = ? and "entity_id" in (select value from json_each(?))`, "custom_fields_account_entity"],
    ];
    const plans = listings.map(([text]) => plan(text));
    expect(plans.map((detail, i) => [detail.includes(`INDEX ${listings[i]![1]} (`), detail.includes("TEMP B-TREE")])).toStrictEqual(listings.map(() => [true, false]));
  });

  it("reads the event feed in order from (account_id, feed_seq), and a few containers' events from their own index, never walking the account's feed for them", async () => {
    const plan = await queryPlans();
    const feed = (table: string, columns: string) => plan(`select ${columns}, "feed_seq" from "${table}" where "account_id" = ? and "feed_seq" > ? order by "feed_seq" limit ?`);
    const ofContainers = (table: string, columns: string) => plan(`select ${columns}, "feed_seq" from "${table}" where "container_id" in (select value from json_each(?)) and +"account_id" = ? and "feed_seq" > ? order by "feed_seq" limit ?`);
    for (const table of ["transport_events", "raw_events"]) {
      const all = feed(table, `"doc"`);
      expect([all.includes(`INDEX ${table}_feed (account_id=? AND feed_seq>?)`), all.includes("TEMP B-TREE")]).toStrictEqual([true, false]);
      expect(ofContainers(table, `"doc"`)).toContain(`INDEX ${table}_container (container_id=?)`);
    }
  });

  it("lists shipments by number from the two number indexes and then by id, never walking the account's whole list", async () => {
    const plan = await queryPlans();
    // shipmentIdsByNumber, then the page of shipmentsMatching with those ids (as literals: an `in`
    // over a subquery or json_each walks the account's (created_at, id) index for the order).
    const ids = plan(`select "id" from "shipments" where "account_id" = ? and "bl_number_lc" = ? union select "id" from "shipments" where "account_id" = ? and "normalized_number_lc" = ?`);
    const page = plan(`select "doc" from "shipments" where "shipments"."account_id" = ? and "shipments"."id" in (?, ?) order by "shipments"."created_at" desc, "shipments"."id" desc limit ? offset ?`);
    expect([ids.includes("INDEX shipments_account_bl_number ("), ids.includes("INDEX shipments_account_normalized_number ("), ids.includes("shipments_account_created")]).toStrictEqual([true, true, false]);
    expect([page.includes("sqlite_autoindex_shipments_1 (id=?)"), page.includes("shipments_account_created")]).toStrictEqual([true, false]);
  });

  it("reads a bulk job's rows of one status from the status index in index order, and claims among the unfinished jobs only", async () => {
    const plan = await queryPlans();
    // pendingRows (and listRows with a status, and its count): a large job's pending rows late in
    // the run are a few among thousands, so walking the job's every row by key grows with the job.
    const byStatus = plan(`select "job_id", "idx", "account_id", "line", "input", "status", "tracking_request_id", "errors" from "bulk_job_rows" where "job_id" = ? and +"account_id" = ? and "status" = ? order by "idx" limit ?`);
    const counted = plan(`select count(*) as "n" from "bulk_job_rows" where "job_id" = ? and +"account_id" = ? and "status" = ?`);
    const claim = plan(`update "bulk_jobs" set "status" = ?, "lease_until" = ? where "id" = (select "id" from "bulk_jobs" where "status" in (?, ?) and ("lease_until" is null or "lease_until" < ?) order by "created_at", "id" limit ?) and ("lease_until" is null or "lease_until" < ?) returning "id"`);
    const listed = plan(`select "id" from "bulk_jobs" where "account_id" = ? order by "created_at" desc, "id" desc limit ? offset ?`);
    expect([byStatus.includes("INDEX bulk_job_rows_job_status (job_id=? AND status=?)"), byStatus.includes("TEMP B-TREE")]).toStrictEqual([true, false]);
    expect(counted).toContain("INDEX bulk_job_rows_job_status (job_id=? AND status=?)");
    expect(claim).toContain("INDEX bulk_jobs_claim (status=?)");
    expect([listed.includes("INDEX bulk_jobs_account_created (account_id=?)"), listed.includes("TEMP B-TREE")]).toStrictEqual([true, false]);
  });

  it("names in INDEXED_COLUMNS every column an index holds, besides id and account_id, of the tables updates replace", () => {
    const db = new Database(template, { readonly: true });
    onTestFinished(() => {
      db.close();
    });
    const indexed = db.prepare("select distinct ii.name from pragma_index_list(?) il join pragma_index_info(il.name) ii where ii.name not in ('id', 'account_id') order by ii.name").pluck();
    const tables = Object.keys(INDEXED_COLUMNS) as (keyof typeof INDEXED_COLUMNS)[];
    expect(Object.fromEntries(tables.map((table) => [table, indexed.all(table)]))).toStrictEqual(Object.fromEntries(tables.map((table) => [table, [...INDEXED_COLUMNS[table]].sort()])));
  });

  it("rewrites only the row when an update keeps the indexed columns, and the index entries too when it changes one", async () => {
    const filename = freshFile();
    const { storage, shipment } = await seeded(filename);
    onTestFinished(() => storage.close());
    // The WAL only grows here (no checkpoint runs this early): its size counts the pages written.
    const walBytes = () => statSync(`${filename}-wal`).size;
    const framesOf = async (update: Shipment) => {
      const before = walBytes();
      await storage.shipments.update(update);
      return walBytes() - before;
    };
    const tagged = await framesOf({ ...shipment, tags: ["kept-indexes"] });
    const renumbered = await framesOf({ ...shipment, bill_of_lading_number: "RENUMBERED-1" });
    expect(tagged).toBeLessThan(renumbered);
    expect(await storage.shipments.get(shipment.account_id, shipment.id)).toStrictEqual({ ...shipment, bill_of_lading_number: "RENUMBERED-1" });
  });

  it("declares its name and capabilities: persistent for a file, not for :memory:", () => {
    const file = sqliteStorage({ filename: freshFile() });
    const memory = sqliteStorage({ filename: ":memory:" });
    expect([file.name, file.capabilities, memory.capabilities]).toStrictEqual([
      "sqlite",
      { persistent: true, multiProcess: false },
      { persistent: false, multiProcess: false },
    ]);
  });

  it("rejects open() with storage_unavailable and the path when the file cannot be opened", async () => {
    const storage = sqliteStorage({ filename: join(directory, "no-such-dir", "db.sqlite") });
    const error = await rejection(storage.open());
    expect(isBollardError(error) && [error.code, error.detail.includes("no-such-dir")]).toStrictEqual(["storage_unavailable", true]);
    await storage.close();
  });

  it("rejects bad options when it is created", () => {
    expect(() => sqliteStorage({ filename: "" })).toThrow(TypeError);
    expect(() => sqliteStorage({ filename: ":memory:", durability: "fast" as "full" })).toThrow(TypeError);
  });

  it("reads back, from a second storage on the same file, exactly what the first one wrote", async () => {
    const filename = freshFile();
    const { storage, shipment, containers } = await seeded(filename);
    const second = sqliteStorage({ filename, durability: "normal" });
    await second.open();
    expect(await second.shipments.get(shipment.account_id, shipment.id)).toStrictEqual(shipment);
    expect(await second.containers.listByShipments(shipment.account_id, [shipment.id])).toStrictEqual(containers);
    // And the other way round, while both are open.
    const changed = { ...shipment, tags: ["moved"], updated_at: new Date().toISOString() };
    await second.shipments.update(changed);
    expect(await storage.shipments.get(shipment.account_id, shipment.id)).toStrictEqual(changed);
    await Promise.all([storage.close(), second.close()]);
  });

  it("reads the change versions another connection to the file commits, and keeps them across reopening", async () => {
    const filename = freshFile();
    const { storage, shipment } = await seeded(filename);
    const second = versionedStorage(sqliteStorage({ filename, durability: "normal" }));
    await second.open();
    const version = (of: Storage) => of.changeVersions.get([shipment.account_id]).then(([v]) => v);
    const before = await version(storage);
    await second.shipments.get(shipment.account_id, shipment.id);
    expect(await version(storage)).toBe(before);
    await second.shipments.update({ ...shipment, tags: ["moved"], updated_at: new Date().toISOString() });
    expect(await version(storage)).toBe(before! + 1);
    await second.close();
    await storage.close();
    const reopened = sqliteStorage({ filename });
    await reopened.open();
    expect(await version(reopened)).toBe(before! + 1);
    await reopened.close();
  });

  it("reads back, from a separate process, exactly what this process wrote", async () => {
    const filename = freshFile();
    const { storage, shipment, containers } = await seeded(filename);
    const script = fileURLToPath(new URL("./testing/read-shipment-process.ts", import.meta.url));
    const root = fileURLToPath(new URL("../../../", import.meta.url));
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["--conditions=bollard-source", "--import", "tsx", script, filename, shipment.account_id, shipment.id],
      { cwd: root, timeout: 30_000 },
    );
    expect(JSON.parse(stdout)).toStrictEqual({ shipment, containers });
    await storage.close();
  }, 40_000);

  it("leaves nothing behind when a transaction throws, also on disk", async () => {
    const filename = freshFile();
    const { storage, shipment } = await seeded(filename);
    const failure = new Error("snapshot rejected");
    const added = makeShipment(shipment.account_id);
    await expect(
      storage.transaction(async (tx) => {
        await tx.shipments.insert(added);
        await tx.shipments.update({ ...shipment, tags: ["half-done"] });
        throw failure;
      }),
    ).rejects.toBe(failure);
    await storage.close();
    const reopened = sqliteStorage({ filename });
    await reopened.open();
    expect(await reopened.shipments.get(shipment.account_id, added.id)).toBeNull();
    expect(await reopened.shipments.get(shipment.account_id, shipment.id)).toStrictEqual(shipment);
    await reopened.close();
  });

  it("answers reads outside a transaction at once, from the last commit (file database)", async () => {
    const { storage, shipment } = await seeded(freshFile());
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let wrote = () => {};
    const written = new Promise<void>((resolve) => (wrote = resolve));
    const changed = { ...shipment, tags: ["uncommitted"] };
    const transaction = storage.transaction(async (tx) => {
      await tx.shipments.update(changed);
      wrote();
      await held;
    });
    await written;
    // The reader connection does not wait for the writer: this resolves while the transaction is open.
    expect(await storage.shipments.get(shipment.account_id, shipment.id)).toStrictEqual(shipment);
    release();
    await transaction;
    expect(await storage.shipments.get(shipment.account_id, shipment.id)).toStrictEqual(changed);
    await storage.close();
  });

  it("turns a taken key into conflict and a missing parent into conflict, never a driver error", async () => {
    const { storage, shipment, containers } = await seeded(freshFile());
    const taken = await rejection(storage.containers.insert({ ...makeContainer(shipment.account_id, shipment.id), id: containers[0]!.id }));
    expect(isBollardError(taken) && [taken.code, taken.detail]).toStrictEqual(["conflict", "The id is already used by another container"]);
    const orphan = await rejection(storage.containers.insert(makeContainer(shipment.account_id, makeShipment(shipment.account_id).id)));
    expect(isBollardError(orphan) && [orphan.code, orphan.detail]).toStrictEqual(["conflict", "The container references a missing record"]);
    const name = await rejection(storage.accounts.insert(makeAccount({ company_name: (await storage.accounts.get(shipment.account_id))!.company_name })));
    expect(isBollardError(name) && [name.code, name.detail]).toStrictEqual(["conflict", "The company_name is already used by another account"]);
    await storage.close();
  });

  it("rejects calls before open and after close with storage_unavailable; close is idempotent", async () => {
    const storage = sqliteStorage({ filename: freshFile() });
    const early = await rejection(storage.meta.get("x"));
    expect(isBollardError(early) && early.code).toBe("storage_unavailable");
    await storage.open();
    await storage.meta.set("x", "1");
    await storage.close();
    await storage.close();
    for (const late of [storage.meta.get("x"), storage.transaction(async () => 1), storage.open()]) {
      const error = await rejection(late);
      expect(isBollardError(error) && error.code).toBe("storage_unavailable");
    }
  });

  it("lets close wait for a transaction under way, which then commits", async () => {
    const filename = freshFile();
    const { storage, shipment } = await seeded(filename);
    const added = makeShipment(shipment.account_id);
    const transaction = storage.transaction(async (tx) => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      await tx.shipments.insert(added);
    });
    await storage.close();
    await transaction;
    const reopened = sqliteStorage({ filename });
    await reopened.open();
    expect(await reopened.shipments.get(shipment.account_id, added.id)).toStrictEqual(added);
    await reopened.close();
  });

  it("refuses calls through a transaction's repositories once it has finished", async () => {
    const storage = sqliteStorage({ filename: ":memory:" });
    await storage.open();
    const leaked = await storage.transaction(async (tx) => tx);
    const error = await rejection(leaked.meta.set("late", "write"));
    expect(isBollardError(error) && error.code).toBe("internal");
    expect(await storage.meta.get("late")).toBeNull();
    await storage.close();
  });

  it("inserts a batch larger than one statement in order, and round-trips every event", async () => {
    const { storage, shipment, containers } = await seeded(freshFile());
    const container = containers[0]!;
    const start = Date.parse("2026-01-01T00:00:00.000Z");
    const events = Array.from({ length: 1_000 }, (_, i) =>
      TransportEventSchema.parse(
        makeTransportEvent(shipment.account_id, shipment.id, container.id, { timestamp: i % 10 === 9 ? null : new Date(start + i * 60_000).toISOString() }),
      ),
    );
    await storage.transportEvents.insertMany([...events].reverse());
    const expected = [...events.filter((e) => e.timestamp !== null), ...events.filter((e) => e.timestamp === null)];
    expect(await storage.transportEvents.listByContainers(shipment.account_id, [container.id])).toStrictEqual({ items: expected, total: 1_000 });
    expect(await storage.transportEvents.listByContainers(shipment.account_id, [container.id], { number: 4, size: 300 })).toStrictEqual({
      items: expected.slice(900),
      total: 1_000,
    });
    await storage.close();
  });

  it("undoes only the failed batch when insertMany fails inside a transaction that goes on", async () => {
    const { storage, shipment, containers } = await seeded(freshFile());
    const make = () => makeTransportEvent(shipment.account_id, shipment.id, containers[0]!.id);
    const kept = make();
    const batch = Array.from({ length: 600 }, make);
    await storage.transaction(async (tx) => {
      await tx.transportEvents.insertMany([kept]);
      // The duplicate sits in the last statement, after two full statements went in.
      const error = await rejection(tx.transportEvents.insertMany([...batch, { ...make(), id: kept.id }]));
      expect(isBollardError(error) && error.code).toBe("conflict");
    });
    expect(await storage.transportEvents.listByContainers(shipment.account_id, [containers[0]!.id])).toStrictEqual({ items: [kept], total: 1 });
    await storage.close();
  });

  it("claims a notification by rewriting its document in the database to exactly the text JavaScript writes for the leased record", async () => {
    const filename = freshFile();
    const { storage, shipment } = await seeded(filename);
    const webhook = makeWebhook(shipment.account_id);
    await storage.webhooks.insert(webhook);
    // Text SQLite's JSON could write differently: escapes, characters JSON.stringify leaves as they
    // are, numbers in every form, a key order that is not sorted.
    const payload = JSON.stringify({ z: "\u2028\u2029 \"quoted\" \\ / \t\n\u0000\u001f é ✓ 🚢 \ud800", a: [1e21, 0.1, -0, 1.5e-7, 12345678901234567890, -1], nested: { b: null, a: true } });
    const notification = { ...makeWebhookNotification(shipment.account_id, webhook.id, { next_attempt_at: "2026-01-01T00:00:00.000Z", payload }), extra: { "\u00e9": "ü" } };
    await storage.webhookNotifications.insertMany([notification]);
    const lease = "2026-01-01T00:05:00.000Z";
    const claimed = await storage.webhookNotifications.claimDue("2026-01-01T00:01:00.000Z", lease, 10);
    expect(claimed).toStrictEqual([{ ...notification, next_attempt_at: lease }]);
    await storage.close();
    const db = new Database(filename, { readonly: true });
    onTestFinished(() => {
      db.close();
    });
    const row = db.prepare("select doc, next_attempt_at from webhook_notifications where id = ?").get(notification.id) as { doc: string; next_attempt_at: string };
    expect(row.doc).toBe(JSON.stringify({ ...notification, next_attempt_at: lease }));
    expect(row.next_attempt_at).toBe(lease);
  });

  it("keeps a transport event with fields beyond the schema exactly as written", async () => {
    const { storage, shipment, containers } = await seeded(":memory:");
    const event = { ...makeTransportEvent(shipment.account_id, shipment.id, containers[0]!.id, { timestamp: null }), note: "extra" };
    await storage.transportEvents.insertMany([event]);
    expect(await storage.transportEvents.get(shipment.account_id, event.id)).toStrictEqual(event);
    await storage.close();
  });
});

describe("the server lease (serverLease: true)", () => {
  it("lets one storage with it open a file, refuses a second while the first is open, and frees the file on close", async () => {
    const dir = mkdtempSync(join(tmpdir(), "bollard-lease-"));
    const filename = join(dir, "leased.sqlite");
    const first = sqliteStorage({ filename, serverLease: true });
    await first.open();
    const second = sqliteStorage({ filename, serverLease: true });
    await expect(second.open()).rejects.toMatchObject({ code: "storage_unavailable", message: expect.stringContaining(`already served by process ${process.pid}`) });
    const plain = sqliteStorage({ filename });
    await plain.open();
    await plain.accounts.insert(makeAccount());
    await plain.close();
    await first.close();
    expect(existsSync(`${filename}.lease`)).toBe(false);
    await second.open();
    expect((await second.accounts.list({ number: 1, size: 10 })).total).toBe(1);
    await second.close();
    rmSync(dir, { recursive: true, force: true });
  });
});
