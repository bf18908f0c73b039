import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTurnScheduler } from "@bollard/core/storage";
import { createGroupCommit, type Db, MAX_GROUP } from "@bollard/storage-sql";
import { Kysely, sql, SqliteDialect } from "kysely";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { openConnection } from "./sqlite-connection.js";

// Group commit over a real SQLite file, through the same Kysely driver Bollard's storage uses, with
// every statement logged: what is committed, and in how many transactions.
const directory = mkdtempSync(join(tmpdir(), "bollard-group-commit-"));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

let db: Db;
let statements: string[];
let run: ReturnType<typeof createGroupCommit>;
const turns = createTurnScheduler();
let file = 0;

beforeEach(async () => {
  statements = [];
  const connection = openConnection(join(directory, `group-${++file}.sqlite`), { durability: "full" });
  connection.exec(`create table parents (id text primary key);
    create table items (id text primary key, parent_id text references parents (id) deferrable initially deferred);
    insert into parents values ('p')`);
  db = new Kysely({ dialect: new SqliteDialect({ database: connection }), log: (event) => void statements.push(event.query.sql.toLowerCase()) }) as unknown as Db;
  run = createGroupCommit(db, { turns: () => turns });
});
afterEach(() => db.destroy());

const insert = (trx: Db, id: string, parent = "p") => sql`insert into items (id, parent_id) values (${id}, ${parent})`.execute(trx);
const stored = async () => (await sql<{ id: string }>`select id from items order by id`.execute(db)).rows.map((row) => row.id);
const commits = () => statements.filter((text) => text === "commit").length;

/** The end of this turn of the event loop: a group asked for in it has begun by then. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** A transaction that holds the writer until `release()`, so the next ones queue behind it. */
async function holder(): Promise<{ done: Promise<void>; release: () => void }> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const done = run(() => held);
  await nextTurn();
  return { done, release };
}

describe("createGroupCommit", () => {
  it("runs a transaction alone as a plain BEGIN … COMMIT, with no savepoint", async () => {
    expect(await run(async (trx) => (await insert(trx, "a"), "value"))).toBe("value");
    expect(statements.filter((text) => !text.startsWith("pragma"))).toStrictEqual(["begin", "insert into items (id, parent_id) values (?, ?)", "commit"]);
    expect(await stored()).toStrictEqual(["a"]);
  });

  it("commits the transactions that waited together, once, each seeing the writes before it", async () => {
    const first = await holder();
    const seen: string[][] = [];
    const queued = ["b", "c", "d"].map((id) =>
      run(async (trx) => {
        seen.push((await sql<{ id: string }>`select id from items order by id`.execute(trx)).rows.map((row) => row.id));
        await insert(trx, id);
        return id;
      }),
    );
    first.release();
    await first.done;
    expect(await Promise.all(queued)).toStrictEqual(["b", "c", "d"]);
    expect(seen).toStrictEqual([[], ["b"], ["b", "c"]]);
    expect(commits()).toBe(2); // the holder's, and one for the three that waited
    expect(await stored()).toStrictEqual(["b", "c", "d"]);
  });

  it("undoes only the writes of a transaction that throws, and rejects it with its own error at once", async () => {
    const first = await holder();
    const order: string[] = [];
    const ok1 = run(async (trx) => void (await insert(trx, "b")));
    const failed = run(async (trx) => {
      await insert(trx, "c");
      throw new Error("boom");
    });
    failed.catch((error: Error) => order.push(`rejected ${error.message}`));
    const ok2 = run(async (trx) => {
      order.push("third ran");
      await insert(trx, "d");
    });
    first.release();
    await expect(failed).rejects.toThrow("boom");
    await Promise.all([ok1, ok2]);
    expect(order).toStrictEqual(["rejected boom", "third ran"]);
    expect(await stored()).toStrictEqual(["b", "d"]);
  });

  it("undoes a statement that failed in one transaction of a group without aborting the others", async () => {
    const first = await holder();
    const ok = run((trx) => insert(trx, "b"));
    const duplicate = run(async (trx) => {
      await insert(trx, "c");
      await insert(trx, "b"); // the primary key is taken by the transaction before
    });
    const after = run((trx) => insert(trx, "d"));
    const settled = Promise.allSettled([duplicate]);
    first.release();
    await Promise.all([ok, after]);
    expect((await settled)[0]).toMatchObject({ status: "rejected", reason: { message: expect.stringMatching(/UNIQUE/) } });
    expect(await stored()).toStrictEqual(["b", "d"]);
  });

  it("rejects every transaction of the group, and keeps none of their writes, when the commit fails", async () => {
    const first = await holder();
    const ok = run((trx) => insert(trx, "b"));
    const own = run(async () => {
      throw new Error("its own");
    });
    // A deferred foreign key is checked at COMMIT: the group's commit fails.
    const orphan = run((trx) => insert(trx, "c", "no such parent"));
    const settled = Promise.allSettled([ok, own, orphan]); // `own` rejects before the others
    first.release();
    const [okResult, ownResult, orphanResult] = await settled;
    expect(okResult).toMatchObject({ status: "rejected", reason: { message: expect.stringMatching(/FOREIGN KEY/) } });
    expect(orphanResult).toMatchObject({ status: "rejected", reason: { message: expect.stringMatching(/FOREIGN KEY/) } });
    expect(ownResult).toMatchObject({ status: "rejected", reason: { message: "its own" } });
    expect(await stored()).toStrictEqual([]);
    // The writer goes on.
    await run((trx) => insert(trx, "e"));
    expect(await stored()).toStrictEqual(["e"]);
  });

  it("commits the transactions asked for in one turn of the event loop together", async () => {
    const asked = ["a", "b", "c"].map((id) => run((trx) => insert(trx, id)));
    await Promise.all(asked);
    expect(statements.filter((text) => !text.startsWith("pragma") && !text.includes("savepoint"))).toStrictEqual([
      "begin",
      ...["a", "b", "c"].map(() => "insert into items (id, parent_id) values (?, ?)"),
      "commit",
    ]);
    // Asked for in a later turn, once the writer is free: a transaction of its own.
    await nextTurn();
    await run((trx) => insert(trx, "d"));
    expect(commits()).toBe(2);
  });

  it("lets the transactions that asked while the group waited for the lock join it", async () => {
    let unlock = () => {};
    const lock = new Promise<void>((resolve) => (unlock = resolve));
    const locked = createGroupCommit(db, { turns: () => turns, begin: () => lock });
    const early = locked((trx) => insert(trx, "a"));
    await nextTurn(); // its group has begun and waits for the lock
    const late = ["b", "c"].map((id) => locked((trx) => insert(trx, id)));
    unlock();
    await Promise.all([early, ...late]);
    expect(commits()).toBe(1);
    expect(await stored()).toStrictEqual(["a", "b", "c"]);
  });

  it("rejects the transactions waiting when their group cannot begin, and goes on with the next", async () => {
    let refuse = true;
    const guarded = createGroupCommit(db, {
      turns: () => turns,
      begin: async () => {
        if (refuse) throw new Error("database file deleted");
      },
    });
    const asked = await Promise.allSettled(["a", "b"].map((id) => guarded((trx) => insert(trx, id))));
    expect(asked.map((outcome) => outcome.status === "rejected" && (outcome.reason as Error).message)).toStrictEqual(["database file deleted", "database file deleted"]);
    refuse = false;
    await guarded((trx) => insert(trx, "c"));
    expect(await stored()).toStrictEqual(["c"]);
  });

  it(`takes at most ${MAX_GROUP} transactions per commit`, async () => {
    const first = await holder();
    const queued = Array.from({ length: MAX_GROUP + 6 }, (_, i) => run((trx) => insert(trx, `x${String(i).padStart(3, "0")}`)));
    first.release();
    await Promise.all(queued);
    expect(commits()).toBe(3);
    expect(await stored()).toHaveLength(MAX_GROUP + 6);
  });
});
