import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Storage } from "@bollard/core";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { sqliteStorage } from "./sqlite-storage.js";

// A file database keeps the change versions it read while nothing committed (`readStamp`): these
// show every kind of commit moves what it reads next, whichever connection made it.
const directory = mkdtempSync(join(tmpdir(), "bollard-change-versions-"));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

let file = 0;
let filename: string;
let open: Storage[];
const openStorage = async () => {
  const storage = sqliteStorage({ filename });
  await storage.open();
  open.push(storage);
  return storage;
};
beforeEach(() => {
  filename = join(directory, `versions-${++file}.sqlite`);
  open = [];
});
afterEach(async () => {
  for (const storage of open.reverse()) await storage.close();
});

describe("change versions kept between commits (SQLite file)", () => {
  it("reads a raise this storage committed in a transaction", async () => {
    const storage = await openStorage();
    expect(await storage.changeVersions.get(["a", "b"])).toEqual([0, 0]);
    await storage.transaction((tx) => tx.changeVersions.bump(["a"]));
    expect(await storage.changeVersions.get(["a", "b"])).toEqual([1, 0]);
  });

  it("reads a raise this storage made outside a transaction", async () => {
    const storage = await openStorage();
    expect(await storage.changeVersions.get(["a"])).toEqual([0]);
    await storage.changeVersions.bump(["a"]);
    expect(await storage.changeVersions.get(["a"])).toEqual([1]);
  });

  it("reads a raise another connection committed (another process, the background thread)", async () => {
    const reader = await openStorage();
    const other = await openStorage();
    expect(await reader.changeVersions.get(["a"])).toEqual([0]);
    expect(await reader.changeVersions.get(["a"])).toEqual([0]);
    await other.transaction((tx) => tx.changeVersions.bump(["a"]));
    expect(await reader.changeVersions.get(["a"])).toEqual([1]);
    await other.changeVersions.bump(["a"]);
    expect(await reader.changeVersions.get(["a"])).toEqual([2]);
  });

  it("reads while its own transaction is open, and after it commits", async () => {
    const storage = await openStorage();
    expect(await storage.changeVersions.get(["a"])).toEqual([0]);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const writing = storage.transaction(async (tx) => {
      await tx.changeVersions.bump(["a"]);
      await held;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Uncommitted: a read outside the transaction does not see it.
    expect(await storage.changeVersions.get(["a"])).toEqual([0]);
    release();
    await writing;
    expect(await storage.changeVersions.get(["a"])).toEqual([1]);
  });
});
