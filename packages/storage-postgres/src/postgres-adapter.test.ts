import { isBollardError, type Storage } from "@bollard/core";
import { makeAccount, makeBulkJob, makeTrackingRequest, makeWebhook, makeWebhookNotification } from "@bollard/core/testing";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { postgresStorage } from "./postgres-storage.js";
import { postgresAvailability } from "./testing/postgres-availability.js";
import { useLocalPostgres } from "./testing/postgres-for-tests.js";

const availability = postgresAvailability();
const cluster = availability.available ? useLocalPostgres() : () => undefined as never;
const opened: Storage[] = [];
afterAll(async () => {
  for (const storage of opened) await storage.close();
});

/** An opened storage on `url` (a fresh database unless given), closed after the file. */
async function open(url?: string, schema?: string): Promise<{ storage: Storage; url: string }> {
  const database = url ?? (await cluster().createDatabase());
  const storage = postgresStorage({ connectionString: database, ...(schema && { schema }) });
  opened.push(storage);
  await storage.open();
  return { storage, url: database };
}

async function query<R extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(text, values)).rows;
  } finally {
    await client.end();
  }
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(() => new Error("expected a rejection"), (error: unknown) => error);
}

const at = (minutes: number) => new Date(Date.UTC(2024, 2, 1, 12) + minutes * 60_000).toISOString();

describe.skipIf(!availability.available)("postgresStorage", () => {
  it("migrates once, even when several processes open a new database at the same time", async () => {
    const url = await cluster().createDatabase();
    const storages = Array.from({ length: 4 }, () => postgresStorage({ connectionString: url }));
    opened.push(...storages);
    await Promise.all(storages.map((storage) => storage.open()));
    expect(await query(url, "select name from kysely_migration order by name")).toStrictEqual([{ name: "0001-initial" }, { name: "0002-delivered-notifications" }, { name: "0003-api-key-use" }, { name: "0004-parties" }, { name: "0005-changes" }, { name: "0006-refresh-log" }, { name: "0007-filtered-list-order" }, { name: "0008-event-feed" }, { name: "0009-webhook-replays" }, { name: "0010-change-versions" }, { name: "0011-kept-texts" }, { name: "0012-compact-vessel-positions" }, { name: "0013-domain-event-indexes" }, { name: "0014-tariffs" }, { name: "0015-exceptions" }, { name: "0016-bulk-jobs" }]);
    const account = makeAccount();
    await storages[0]!.accounts.insert(account);
    const again = postgresStorage({ connectionString: url });
    opened.push(again);
    await again.open();
    expect(await again.accounts.get(account.id)).toStrictEqual(account);
  });

  it("keeps schemas apart: the same database holds independent storages", async () => {
    const { storage, url } = await open(undefined, "tenant_a");
    const { storage: other } = await open(url, "tenant_b");
    const account = makeAccount();
    await storage.accounts.insert(account);
    expect(await other.accounts.get(account.id)).toBeNull();
    expect(await query(url, "select count(*)::int as n from tenant_a.accounts")).toStrictEqual([{ n: 1 }]);
  });

  it("uses real column types, and keeps each record's JSON text exactly as written", async () => {
    const { storage, url } = await open();
    const types = await query<{ table_name: string; column_name: string; type: string }>(
      url,
      `select table_name, column_name, case when data_type = 'numeric' then format('numeric(%s,%s)', numeric_precision, numeric_scale) else data_type end as type
       from information_schema.columns where table_schema = 'public' and (table_name, column_name) in
       (('shipments','id'),('shipments','account_id'),('shipments','created_at'),('shipments','tracking_stopped'),('shipments','doc'),('custom_fields','number_value'),('raw_events','idx'))
       order by table_name, column_name`,
    );
    expect(types.map((t) => `${t.table_name}.${t.column_name} ${t.type}`)).toStrictEqual([
      "custom_fields.number_value numeric(18,6)",
      "raw_events.idx bigint",
      "shipments.account_id uuid",
      "shipments.created_at timestamp with time zone",
      "shipments.doc json",
      "shipments.id uuid",
      "shipments.tracking_stopped boolean",
    ]);
    const account = makeAccount({ company_name: "Ünïcødé \u2028 \"quoted\" \\ 1e21" });
    await storage.accounts.insert(account);
    expect(await query(url, "select doc::text as doc from accounts")).toStrictEqual([{ doc: JSON.stringify(account) }]);
  });

  it("has an index for every lookup path, including partial indexes on both due queues", async () => {
    const { url } = await open();
    const indexes = (await query<{ indexname: string }>(url, "select indexname from pg_indexes where schemaname = 'public'")).map((i) => i.indexname);
    for (const name of ["tracking_requests_due", "webhook_notifications_due", "accounts_company_name", "api_keys_key_hash", "containers_account_shipment", "transport_events_container", "bulk_jobs_claim", "bulk_job_rows_job_status"]) {
      expect(indexes).toContain(name);
    }
    const plan = await query<{ "QUERY PLAN": string }>(url, "explain select id from webhook_notifications where delivery_status = 'pending' and next_attempt_at <= now() order by next_attempt_at, id limit 10");
    expect(plan.map((row) => row["QUERY PLAN"]).join("\n")).toContain("webhook_notifications_due");
  });

  it("answers absent for ids that are not UUIDs instead of failing", async () => {
    const { storage } = await open();
    const account = makeAccount();
    await storage.accounts.insert(account);
    expect(await storage.accounts.get("not-a-uuid")).toBeNull();
    expect(await storage.shipments.get(account.id, "42")).toBeNull();
    expect(await storage.shipments.get("nope", "42")).toBeNull();
    expect(await storage.shipments.getMany(account.id, ["x", "y"])).toStrictEqual([]);
    expect(await storage.webhooks.delete(account.id, "x")).toBe(false);
    expect(await storage.webhookNotifications.list(account.id, { page: { number: 1, size: 10 }, webhookId: "x" })).toStrictEqual({ items: [], total: 0 });
    expect(await storage.webhookNotifications.listAttempts("x")).toStrictEqual([]);
    const error = await rejection(storage.trackingRequests.update(makeTrackingRequest(account.id, { id: "x" as string })));
    expect(isBollardError(error) && error.code).toBe("not_found");
  });

  it("orders timestamps before year 1 (ISO year 0000 is 1 BC in PostgreSQL) and reads them back exactly", async () => {
    const { storage } = await open();
    const account = makeAccount({ created_at: "0000-01-01T00:00:00.000Z" });
    await storage.accounts.insert(account);
    const early = makeTrackingRequest(account.id, { next_attempt_at: "0000-12-31T23:59:59.999Z" });
    const later = makeTrackingRequest(account.id, { next_attempt_at: "0001-01-01T00:00:00.000Z" });
    await storage.trackingRequests.insert(later);
    await storage.trackingRequests.insert(early);
    expect(await storage.accounts.get(account.id)).toStrictEqual(account);
    expect(await storage.trackingRequests.listDue("0001-01-01T00:00:00.000Z", 10)).toStrictEqual([early, later]);
  });

  it("lets a transaction go on after a write inside it was refused with conflict", async () => {
    const { storage } = await open();
    const account = makeAccount();
    await storage.accounts.insert(account);
    const other = makeAccount();
    await storage.transaction(async (tx) => {
      const error = await rejection(tx.accounts.insert({ ...makeAccount(), id: account.id }));
      expect(isBollardError(error) && error.code).toBe("conflict");
      await tx.accounts.insert(other);
    });
    expect(await storage.accounts.get(other.id)).toStrictEqual(other);
  });

  it("serializes transactions across processes sharing the database", async () => {
    const { storage, url } = await open();
    const { storage: elsewhere } = await open(url);
    const log: string[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = storage.transaction(async (tx) => {
      log.push("first:start");
      await tx.meta.set("owner", "first");
      await held;
      log.push("first:end");
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const second = elsewhere.transaction(async (tx) => {
      log.push("second:start");
      await tx.meta.set("owner", "second");
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    release();
    await Promise.all([first, second]);
    expect(log).toStrictEqual(["first:start", "first:end", "second:start"]);
    expect(await storage.meta.get("owner")).toBe("second");
  });

  it("never gives the same due row to claims made by different processes at once", async () => {
    const { storage, url } = await open();
    const processes = [storage, ...(await Promise.all([open(url), open(url), open(url)])).map((o) => o.storage)];
    const account = makeAccount();
    await storage.accounts.insert(account);
    const webhook = makeWebhook(account.id);
    await storage.webhooks.insert(webhook);
    await storage.webhookNotifications.insertMany(Array.from({ length: 200 }, (_, i) => makeWebhookNotification(account.id, webhook.id, { next_attempt_at: at(i % 7) })));
    for (let i = 0; i < 200; i++) await storage.trackingRequests.insert(makeTrackingRequest(account.id, { next_attempt_at: at(i % 5) }));
    const claimAll = async (claim: () => Promise<{ id: string }[]>) => {
      const ids: string[] = [];
      for (let batch = await claim(); batch.length > 0; batch = await claim()) ids.push(...batch.map((r) => r.id));
      return ids;
    };
    const notifications = (await Promise.all(processes.map((p) => claimAll(() => p.webhookNotifications.claimDue(at(10), at(60), 7))))).flat();
    const requests = (await Promise.all(processes.map((p) => claimAll(() => p.trackingRequests.claimDue(at(10), at(60), 7))))).flat();
    expect([notifications.length, new Set(notifications).size]).toStrictEqual([200, 200]);
    expect([requests.length, new Set(requests).size]).toStrictEqual([200, 200]);
  }, 30_000);

  it("never gives the same bulk job to claims made by different processes at once", async () => {
    const { storage, url } = await open();
    const processes = [storage, ...(await Promise.all([open(url), open(url), open(url)])).map((o) => o.storage)];
    const account = makeAccount();
    await storage.accounts.insert(account);
    for (let i = 0; i < 60; i++) await storage.bulkJobs.insert(makeBulkJob(account.id, { created_at: at(i % 7) }), []);
    const claimAll = async (p: Storage) => {
      const ids: string[] = [];
      for (let job = await p.bulkJobs.claimNext(at(10), at(60)); job; job = await p.bulkJobs.claimNext(at(10), at(60))) ids.push(job.id);
      return ids;
    };
    const claimed = (await Promise.all(processes.map(claimAll))).flat();
    expect([claimed.length, new Set(claimed).size]).toStrictEqual([60, 60]);
  }, 30_000);

  it("reports an unreachable server as storage_unavailable without its password", async () => {
    const storage = postgresStorage({ connectionString: "postgres://bollard:s3cret@127.0.0.1:1/bollard" });
    const error = await rejection(storage.open());
    expect(isBollardError(error) && error.code).toBe("storage_unavailable");
    expect(String((error as Error).message)).not.toContain("s3cret");
    await storage.close();
  });

  it("refuses bad options with a TypeError", () => {
    expect(() => postgresStorage({ connectionString: "mysql://x" })).toThrow(TypeError);
    expect(() => postgresStorage({ connectionString: "postgres://x/y", pool: { max: 0 } })).toThrow(TypeError);
    expect(() => postgresStorage({ connectionString: "postgres://x/y", schema: "Robert'); drop table" })).toThrow(TypeError);
  });
});
