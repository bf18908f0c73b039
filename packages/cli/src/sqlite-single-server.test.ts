import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runBollard, startBollard } from "./testing/bollard-process.js";

const dir = mkdtempSync(join(tmpdir(), "bollard-single-server-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Issue 13: two `bollard serve` on one SQLite file started without a word, and under load 37% of
// requests answered 503. One server per SQLite file now: the second refuses to start.
describe("one bollard serve per SQLite file", () => {
  it("refuses a second server on the same file with a clear message, lets short-lived commands write, and restarts at once after SIGKILL", async () => {
    const db = join(dir, "one.sqlite");
    const first = startBollard(["serve", "--db", db, "--port", "0"]);
    const [, base] = await first.waitFor(/listening on (http:\/\/[^ ]+)\/v2/);

    const started = performance.now();
    const second = await runBollard(["serve", "--db", db, "--port", "0"]);
    console.log(`second serve refused in ${Math.round(performance.now() - started)} ms: ${second.stderr.find((line) => line.startsWith("bollard: "))}`);
    expect(second.code).toBe(1);
    expect(second.stdout.some((line) => /listening on/.test(line))).toBe(false);
    expect(second.stderr.filter((line) => line.startsWith("bollard: "))).toStrictEqual([
      expect.stringMatching(new RegExp(`is already served by process ${first.child.pid} .*One server per SQLite file`)),
    ]);

    // Short-lived commands share the file with the running server.
    const key = await runBollard(["keys", "create", "--db", db, "--account", "Other", "--role", "viewer"]);
    expect(key.code, key.stderr.join("\n")).toBe(0);
    expect((await runBollard(["demo", "--db", db, "--account", "Other", "--seed", "3"])).code).toBe(0);
    const listed = await fetch(`${base}/v2/shipments`, { headers: { authorization: `Token ${key.stdout[0]}` } });
    expect(listed.status).toBe(200);

    // A server killed outright leaves its lease behind; a restart takes it over at once.
    first.child.kill("SIGKILL");
    await first.exited;
    expect(existsSync(`${db}.lease`)).toBe(true);
    const restarted = startBollard(["serve", "--db", db, "--port", "0"]);
    const [, base2] = await restarted.waitFor(/listening on (http:\/\/[^ ]+)\/v2/);
    expect((await fetch(`${base2}/healthz`)).status).toBe(200);
    restarted.child.kill("SIGTERM");
    await restarted.exited;
  }, 120_000);
});
