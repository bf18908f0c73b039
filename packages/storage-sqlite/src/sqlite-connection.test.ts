import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openConnection, withStatementCache } from "./sqlite-connection.js";

const directory = mkdtempSync(join(tmpdir(), "bollard-sqlite-connection-"));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe("openConnection", () => {
  it("sets WAL, FULL sync, foreign keys and the busy timeout by default", () => {
    const db = openConnection(join(directory, "full.sqlite"), { durability: "full" });
    expect({
      journal: db.pragma("journal_mode", { simple: true }),
      synchronous: db.pragma("synchronous", { simple: true }),
      foreignKeys: db.pragma("foreign_keys", { simple: true }),
      busyTimeout: db.pragma("busy_timeout", { simple: true }),
    }).toStrictEqual({ journal: "wal", synchronous: 2, foreignKeys: 1, busyTimeout: 5000 });
    db.close();
  });

  it("uses NORMAL sync for durability normal, and opens a read-only reader on an existing file", () => {
    const filename = join(directory, "normal.sqlite");
    const writer = openConnection(filename, { durability: "normal" });
    writer.exec("create table t (x integer)");
    const reader = openConnection(filename, { durability: "normal", readonly: true });
    expect([writer.pragma("synchronous", { simple: true }), reader.pragma("journal_mode", { simple: true }), reader.readonly]).toStrictEqual([1, "wal", true]);
    expect(() => reader.exec("insert into t values (1)")).toThrow(/readonly/);
    reader.close();
    writer.close();
  });
});

describe("withStatementCache", () => {
  it("prepares each SQL text once and keeps only the most recently used statements", () => {
    const db = openConnection(":memory:", { durability: "full" });
    let prepared = 0;
    const prepare = db.prepare.bind(db);
    db.prepare = ((source: string) => {
      prepared += 1;
      return prepare(source);
    }) as typeof db.prepare;
    const cached = withStatementCache(db, 2);
    const one = cached.prepare("select 1");
    expect(cached.prepare("select 1")).toBe(one);
    cached.prepare("select 2");
    cached.prepare("select 1"); // now the most recent, so "select 2" is evicted next
    cached.prepare("select 3");
    expect(cached.prepare("select 1")).toBe(one);
    cached.prepare("select 2");
    expect(prepared).toBe(4);
    cached.close();
  });
});

describe("a transaction waiting for another connection's write lock", () => {
  it("waits without blocking the event loop, then runs once the lock is free", async () => {
    const { sqliteStorage } = await import("./sqlite-storage.js");
    const filename = join(directory, "lock.sqlite");
    const storage = sqliteStorage({ filename });
    await storage.open();
    const other = openConnection(filename, { durability: "full" });
    other.exec("begin immediate"); // another process's writer holds the lock for 300 ms
    const released = new Promise<number>((resolve) => setTimeout(() => (other.exec("commit"), resolve(Date.now())), 300));
    let ticks = 0;
    const ticker = setInterval(() => (ticks += 1), 10);
    const started = Date.now();
    await storage.transaction((tx) => tx.meta.set("lock-test", "written"));
    const done = Date.now();
    clearInterval(ticker);
    expect(done).toBeGreaterThanOrEqual(await released);
    expect(done - started).toBeLessThan(2_000);
    expect(ticks).toBeGreaterThan(10); // a synchronous busy wait would have let none run
    expect(await storage.meta.get("lock-test")).toBe("written");
    other.close();
    await storage.close();
  });
});
