import { execFileSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, renameSync, rmSync, statfsSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTracker, type Tracker } from "@bollard/core";
import { createHttpApp, type LogEntry } from "@bollard/http";
import { sqliteStorage } from "@bollard/storage-sqlite";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { seedDemo } from "./demo-command.js";
import { runBollard } from "./testing/bollard-process.js";

// Issue 13: a full disk answered 500 and logged "cannot rollback" while /healthz said ok; a deleted
// database file went unnoticed (writes acknowledged, then lost); an empty or foreign SQLite file
// was initialised and seeded. Each fault is made for real: a small tmpfs filled up or remounted
// read-only (root ignores file permissions, so chmod would prove nothing), a file unlinked or
// replaced, an empty and a foreign file.
const dir = mkdtempSync(join(tmpdir(), "bollard-faults-"));
const mounts: string[] = [];
afterAll(() => {
  for (const mount of mounts.reverse()) execFileSync("umount", ["-l", mount]);
  rmSync(dir, { recursive: true, force: true });
});

/** A tmpfs of `size` mounted under the test folder, or the reason it cannot be (not root, no mount). */
function tmpfs(name: string, size: string): string | { skip: string } {
  if (process.getuid?.() !== 0) return { skip: "mounting a tmpfs needs root" };
  const path = join(dir, name);
  execFileSync("mkdir", ["-p", path]);
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", `size=${size}`, "tmpfs", path], { stdio: "pipe" });
  } catch (error) {
    return { skip: `mount -t tmpfs failed: ${(error as Error).message}` };
  }
  mounts.push(path);
  return path;
}

/** A served tracker over a SQLite file, with an editor key, a shipment id and the log entries. */
async function served(filename: string) {
  const tracker: Tracker = await createTracker({ storage: sqliteStorage({ filename }) });
  const demo = await seedDemo(tracker, "Faults", 1);
  const { apiKey } = await tracker.accounts.issueKey(demo.accountId, { role: "editor" });
  const logs: LogEntry[] = [];
  const app = createHttpApp(tracker, { log: (entry) => logs.push(entry) });
  const headers = { authorization: `Token ${apiKey}`, "content-type": "application/json" };
  const list = (await (await app.request("/v2/shipments?page[size]=1", { headers })).json()) as { data: { id: string }[] };
  const id = list.data[0]!.id;
  let n = 0;
  const write = () => app.request(`/v2/shipments/${id}`, { method: "PATCH", headers, body: JSON.stringify({ data: { attributes: { ref_numbers: [`write-${++n}`] } } }) });
  const health = async () => (await app.request("/healthz")).status;
  return { tracker, logs, write, health };
}

describe("storage faults answer 503 storage_unavailable, name their cause in the log, and turn /healthz unhealthy", () => {
  it("a full disk", async (context) => {
    const mount = tmpfs("full", "16m");
    if (typeof mount !== "string") return context.skip(mount.skip);
    const { tracker, logs, write, health } = await served(join(mount, "bollard.sqlite"));
    expect(await health()).toBe(200);
    const filler = join(mount, "filler");
    const { bavail, bsize } = statfsSync(mount);
    writeFileSync(filler, Buffer.alloc(Math.max(0, bavail * bsize - 96 * 1024)));
    const statuses: number[] = [];
    for (let i = 0; i < 200 && !statuses.includes(503) && !statuses.includes(500); i++) statuses.push((await write()).status);
    const failed = statuses.find((status) => status !== 200);
    console.log(`full disk: ${statuses.filter((s) => s === 200).length} writes succeeded, then ${failed}`);
    expect(failed).toBe(503);
    expect(logs.find((entry) => entry.msg === "storage unavailable")?.error).toMatch(/the disk is full \(SQLITE_FULL/);
    expect(logs.some((entry) => entry.msg === "unhandled error")).toBe(false);
    expect(await health()).toBe(503);
    expect(logs.at(-2)).toMatchObject({ msg: "storage unavailable", reason: expect.stringMatching(/disk is full/) });
    unlinkSync(filler);
    expect(await health()).toBe(200);
    expect((await write()).status).toBe(200);
    await tracker.close();
  }, 60_000);

  it("a read-only database file (a read-only bind mount: root ignores chmod)", async (context) => {
    const mount = tmpfs("readonly", "16m");
    if (typeof mount !== "string") return context.skip(mount.skip);
    const filename = join(mount, "bollard.sqlite");
    const { tracker, write } = await served(filename);
    expect((await write()).status).toBe(200);
    await tracker.close();
    const view = join(dir, "readonly-view");
    execFileSync("mkdir", ["-p", view]);
    execFileSync("mount", ["--bind", "-o", "ro", mount, view]);
    mounts.push(view);
    const result = await runBollard(["serve", "--db", join(view, "bollard.sqlite"), "--port", "0"]);
    expect(result.code).toBe(1);
    expect(result.stdout.some((line) => line.startsWith("bol_") || /listening on/.test(line))).toBe(false);
    expect(result.stderr.filter((line) => line.startsWith("bollard: "))).toStrictEqual([expect.stringMatching(/readonly|read-only/)]);
  }, 60_000);

  it("a database file deleted or replaced while the server runs", async () => {
    for (const fault of ["deleted", "replaced"] as const) {
      const filename = join(dir, `${fault}.sqlite`);
      const { tracker, logs, write, health } = await served(filename);
      expect((await write()).status).toBe(200);
      if (fault === "deleted") unlinkSync(filename);
      else {
        writeFileSync(`${filename}.other`, "");
        renameSync(`${filename}.other`, filename);
      }
      const response = await write();
      expect(response.status, fault).toBe(503);
      expect(logs.find((entry) => entry.msg === "storage unavailable")?.error).toMatch(new RegExp(`was ${fault} (by another file )?while open`));
      expect(await health()).toBe(503);
      await tracker.close();
    }
  }, 60_000);
});

describe("bollard serve refuses a file that is not a Bollard database, and leaves it as it was", () => {
  it("an empty (0-byte) file and another application's SQLite file", async () => {
    const empty = join(dir, "empty.sqlite");
    closeSync(openSync(empty, "w"));
    const foreign = join(dir, "foreign.sqlite");
    const db = new Database(foreign);
    db.exec("create table customers (id integer primary key, name text); insert into customers (name) values ('Ada')");
    db.close();
    for (const [file, message] of [[empty, /is an empty file \(0 bytes\), not a Bollard database/], [foreign, /holds another application's SQLite database \(tables: customers\)/]] as const) {
      const result = await runBollard(["serve", "--db", file, "--port", "0"]);
      expect(result.code).toBe(1);
      expect(result.stdout.some((line) => line.startsWith("bol_"))).toBe(false);
      expect(result.stderr.filter((line) => line.startsWith("bollard: "))).toStrictEqual([expect.stringMatching(message)]);
    }
    expect(statSync(empty).size).toBe(0);
    const after = new Database(foreign, { readonly: true });
    expect(after.prepare("select name from sqlite_schema where type = 'table'").pluck().all()).toStrictEqual(["customers"]);
    after.close();
  }, 60_000);
});
