import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
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
    expect(done - started).toBeLessThan(4_500); // took the lock once it was free, not at the end of the 5 s busy timeout
    expect(ticks).toBeGreaterThan(10); // a synchronous busy wait would have let none run
    expect(await storage.meta.get("lock-test")).toBe("written");
    other.close();
    await storage.close();
  });

  it("with blockingLockWaitMs, blocks its thread while another thread holds the lock, and goes on once it is free", async () => {
    const { sqliteStorage } = await import("./sqlite-storage.js");
    const filename = join(directory, "blocking.sqlite");
    const storage = sqliteStorage({ filename, blockingLockWaitMs: 5_000 });
    await storage.open();
    // Another thread (as the background thread of `bollard serve`) holds the lock, and commits
    // 150 ms after this thread says it starts its transaction.
    const go = new Int32Array(new SharedArrayBuffer(4));
    const holder = new Worker(
      `const { workerData, parentPort } = require("node:worker_threads");
       const db = new (require(workerData.driver))(workerData.filename);
       db.exec("begin immediate");
       parentPort.postMessage("holding");
       Atomics.wait(workerData.go, 0, 0);
       Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 150);
       db.exec("commit");
       db.close();`,
      { eval: true, workerData: { filename, go, driver: createRequire(import.meta.url).resolve("better-sqlite3") } },
    );
    const exited = new Promise((resolve) => holder.once("exit", resolve));
    await new Promise((resolve) => holder.once("message", resolve));
    let ticks = 0;
    const ticker = setInterval(() => (ticks += 1), 5);
    Atomics.store(go, 0, 1);
    Atomics.notify(go, 0);
    const started = performance.now();
    await storage.transaction((tx) => tx.meta.set("lock-test", "written"));
    const waited = performance.now() - started;
    clearInterval(ticker);
    await exited;
    expect(waited).toBeGreaterThan(140); // it waited for the holder
    expect(waited).toBeLessThan(4_500); // and took the lock once it was free, before its 5 s budget (the most it takes) ran out
    // No timer ran while it waited (a wait that served the event loop would have let ~30 run); one
    // may have run between taking the lock and committing.
    expect(ticks).toBeLessThanOrEqual(1);
    expect(await storage.meta.get("lock-test")).toBe("written");
    await storage.close();
  });

  it("with blockingLockWaitMs, stops blocking after that long and waits without blocking for the rest", async () => {
    const { sqliteStorage } = await import("./sqlite-storage.js");
    const filename = join(directory, "blocking-budget.sqlite");
    const storage = sqliteStorage({ filename, blockingLockWaitMs: 60 });
    await storage.open();
    // The holder is on this thread: only once the wait stops blocking can its commit (a timer) run.
    const other = openConnection(filename, { durability: "full" });
    other.exec("begin immediate");
    const started = performance.now();
    const released = new Promise<number>((resolve) => setTimeout(() => (other.exec("commit"), resolve(performance.now() - started)), 10));
    await storage.transaction((tx) => tx.meta.set("lock-test", "written"));
    expect(await released).toBeGreaterThanOrEqual(60);
    expect(await storage.meta.get("lock-test")).toBe("written");
    other.close();
    await storage.close();
  });

  it("refuses a blockingLockWaitMs that is not a number of milliseconds from 0 to 5000", async () => {
    const { sqliteStorage } = await import("./sqlite-storage.js");
    for (const blockingLockWaitMs of [-1, Number.NaN, 5_001, "100" as unknown as number]) {
      expect(() => sqliteStorage({ filename: ":memory:", blockingLockWaitMs })).toThrow(/blockingLockWaitMs must be/);
    }
  });
});
