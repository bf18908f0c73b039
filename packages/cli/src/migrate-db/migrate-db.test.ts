import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Storage } from "@bollard/core";
import { makeCustomFieldDefinition, makeParty, makeTariff, makeWebhook, makeWebhookNotification, makeWebhookNotificationAttempt } from "@bollard/core/testing";
import { postgresStorage } from "@bollard/storage-postgres";
import { postgresAvailability, startLocalPostgres, type LocalPostgres } from "@bollard/storage-postgres/testing";
import { sqliteStorage } from "@bollard/storage-sqlite";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CliIo } from "../cli-io.js";
import { runCli } from "../cli.js";
import { migrateDbCommand } from "./migrate-db-command.js";
import { renderProgress } from "../progress-bar.js";

const availability = postgresAvailability();
const dir = mkdtempSync(join(tmpdir(), "bollard-migrate-db-"));
let cluster: LocalPostgres | undefined;
afterAll(async () => {
  await cluster?.stop();
  rmSync(dir, { recursive: true, force: true });
});

function io(): CliIo & { outLines: string[]; errLines: string[] } {
  const outLines: string[] = [];
  const errLines: string[] = [];
  return { out: (line) => outLines.push(line), err: (line) => errLines.push(line), env: {}, outLines, errLines };
}

/** Everything an account's records look like through the storage contract, for comparing two storages. */
async function snapshot(storage: Storage) {
  const all = { number: 1, size: 100 };
  const accounts = (await storage.accounts.list(all)).items;
  const perAccount = [];
  for (const account of accounts) {
    const shipments = (await storage.shipments.list(account.id, { page: all })).items;
    const containers = await storage.containers.listByShipments(account.id, shipments.map((s) => s.id));
    perAccount.push({
      shipments,
      containers,
      transportEvents: await storage.transportEvents.listByContainers(account.id, containers.map((c) => c.id)),
      rawEvents: await storage.rawEvents.listByContainers(account.id, containers.map((c) => c.id)),
      trackingRequests: (await storage.trackingRequests.list(account.id, { page: all })).items,
      webhooks: (await storage.webhooks.list(account.id, all)).items,
      notifications: (await storage.webhookNotifications.list(account.id, { page: all })).items,
      definitions: (await storage.customFieldDefinitions.list(account.id, { page: all })).items,
      parties: (await storage.parties.list(account.id, all)).items,
      tariffs: (await storage.tariffs.list(account.id, all)).items,
    });
  }
  return { accounts, perAccount, ports: await storage.ports.count(), shippingLines: (await storage.shippingLines.list(all)).total };
}

describe.skipIf(!availability.available)("bollard migrate-db", () => {
  const sqliteFile = join(dir, "bollard.sqlite");
  let notificationId = "";

  beforeAll(async () => {
    cluster = await startLocalPostgres();
    expect(await runCli(["demo", "--db", sqliteFile, "--seed", "2", "--account", "Acme", "--create"], io())).toBe(0);
    expect(await runCli(["keys", "create", "--db", sqliteFile, "--account", "Acme"], io())).toBe(0);
    const storage = sqliteStorage({ filename: sqliteFile });
    await storage.open();
    const account = (await storage.accounts.findByName("Acme"))!;
    const webhook = makeWebhook(account.id);
    const notification = makeWebhookNotification(account.id, webhook.id);
    notificationId = notification.id;
    await storage.webhooks.insert(webhook);
    await storage.webhookNotifications.insertMany([notification]);
    await storage.webhookNotifications.insertAttempt(makeWebhookNotificationAttempt(notification.id));
    await storage.customFieldDefinitions.insert(makeCustomFieldDefinition(account.id));
    await storage.parties.insert(makeParty(account.id));
    await storage.tariffs.insert(makeTariff(account.id));
    await storage.close();
  }, 120_000);

  it("copies every table, resumes after an interruption, and leaves a database that reads the same", async () => {
    const url = await cluster!.createDatabase();
    const interrupted = io();
    await expect(migrateDbCommand({ from: sqliteFile, to: url, batch: "50" }, interrupted, { interruptAfterBatches: 6 })).rejects.toThrow(/interrupted after 6 batches/);

    const resumed = io();
    const code = await runCli(["migrate-db", "--from", sqliteFile, "--to", url, "--batch", "50"], resumed);
    expect(code, resumed.errLines.join("\n")).toBe(0);
    expect(resumed.errLines[0]).toMatch(/^Resuming the copy/);
    expect(resumed.errLines.some((line) => /^\[#+\] 100%/.test(line))).toBe(true);
    const [header, ...lines] = resumed.outLines;
    expect(header).toMatch(/^records\s+source\s+copied\s+skipped\s+in target$/);
    const rows = new Map(lines.map((line) => line.trim().split(/\s+/)).map(([table, ...counts]) => [table, counts.map(Number)]));
    const [source, copied, skipped, inTarget] = rows.get("total")!;
    expect(skipped).toBe(0);
    expect(inTarget).toBe(source);
    expect(copied).toBeLessThan(source!); // the interrupted run had copied some rows already
    expect(rows.get("transportEvents")![0]).toBeGreaterThan(100);
    console.log(`migrate-db: ${source} rows in ${rows.size - 1} tables, ${source! - copied!} before the interruption, ${copied} after resuming`);

    const before = sqliteStorage({ filename: sqliteFile });
    const after = postgresStorage({ connectionString: url });
    await Promise.all([before.open(), after.open()]);
    try {
      expect(await snapshot(after)).toStrictEqual(await snapshot(before));
      const account = (await after.accounts.findByName("Acme"))!;
      expect((await after.webhookNotifications.listAttempts(notificationId)).length).toBe(1);
      expect(account.company_name).toBe("Acme");
    } finally {
      await Promise.all([before.close(), after.close()]);
    }

    const again = io();
    expect(await runCli(["migrate-db", "--from", sqliteFile, "--to", url], again)).toBe(0);
    expect(again.outLines.at(-1)).toMatch(/^total\s+(\d+)\s+0\s+0\s+\1$/);
  }, 120_000);

  it("refuses a target that holds data no copy wrote, and bad arguments", async () => {
    const url = await cluster!.createDatabase();
    expect(await runCli(["keys", "create", "--db", url, "--account", "Other"], io())).toBe(0);
    const refused = io();
    expect(await runCli(["migrate-db", "--from", sqliteFile, "--to", url], refused)).toBe(1);
    expect(refused.errLines).toStrictEqual([expect.stringMatching(/^bollard: The target database already holds Bollard data/)]);
    for (const args of [["--to", url], ["--from", sqliteFile, "--to", sqliteFile], ["--from", sqliteFile, "--to", ":memory:"], ["--from", join(dir, "missing.sqlite"), "--to", url], ["--from", sqliteFile, "--to", url, "--batch", "1"]]) {
      const t = io();
      expect(await runCli(["migrate-db", ...args], t), args.join(" ")).toBe(2);
      expect(t.errLines).toHaveLength(1);
    }
  }, 60_000);

  it("copies PostgreSQL to SQLite and SQLite to SQLite, and the copies read the same", async () => {
    const url = await cluster!.createDatabase();
    expect(await runCli(["migrate-db", "--from", sqliteFile, "--to", url], io())).toBe(0);
    const fromPostgres = join(dir, "from-postgres.sqlite");
    const fromSqlite = join(dir, "from-sqlite.sqlite");
    const back = io();
    expect(await runCli(["migrate-db", "--from", url, "--to", fromPostgres, "--batch", "40"], back), back.errLines.join("\n")).toBe(0);
    expect(back.outLines.at(-1)).toMatch(/^total\s+(\d+)\s+\1\s+0\s+\1$/);
    expect(await runCli(["migrate-db", "--from", fromPostgres, "--to", fromSqlite], io())).toBe(0);
    const original = sqliteStorage({ filename: sqliteFile });
    const copies = [sqliteStorage({ filename: fromPostgres }), sqliteStorage({ filename: fromSqlite })];
    await Promise.all([original, ...copies].map((s) => s.open()));
    try {
      const expected = await snapshot(original);
      for (const copy of copies) expect(await snapshot(copy)).toStrictEqual(expected);
      expect((await copies[1]!.webhookNotifications.listAttempts(notificationId)).length).toBe(1);
    } finally {
      await Promise.all([original, ...copies].map((s) => s.close()));
    }
  }, 120_000);

  it("names the kind of record and its id when a record cannot be copied (a NUL character an older SQLite file kept)", async () => {
    const withNul = join(dir, "with-nul.sqlite");
    copyFileSync(sqliteFile, withNul);
    const source = sqliteStorage({ filename: withNul });
    await source.open();
    const account = (await source.accounts.findByName("Acme"))!;
    const shipment = (await source.shipments.list(account.id, { page: { number: 1, size: 1 } })).items[0]!;
    await source.close();
    const { id } = shipment;
    // As an older version stored it: the whole record in doc, holding a NUL character.
    const raw = new Database(withNul);
    raw.prepare("update shipments set doc = ? where id = ?").run(JSON.stringify({ ...shipment, customer_name: "Acme\u0000Ltd" }), id);
    raw.close();
    const url = await cluster!.createDatabase();
    const failed = io();
    expect(await runCli(["migrate-db", "--from", withNul, "--to", url], failed)).toBe(1);
    expect(failed.errLines.at(-1)).toBe(`bollard: Cannot copy shipments record ${id}: The shipment ${id} holds a NUL character (\\u0000) in customer_name; storage refuses it`);
  }, 120_000);
});

describe("the migrate-db progress bar", () => {
  it("renders plain text: the bar, the percentage, the counts and the table", () => {
    expect(renderProgress(1200, 4000, "shipments")).toBe("[#########.....................]  30%  1,200/4,000 rows  shipments");
    expect(renderProgress(0, 0, "done")).toBe("[##############################] 100%  0/0 rows  done");
  });
});
