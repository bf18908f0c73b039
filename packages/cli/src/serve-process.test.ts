import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runBollard, startBollard } from "./testing/bollard-process.js";

const dir = mkdtempSync(join(tmpdir(), "bollard-serve-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function get(base: string, path: string, key: string) {
  const response = await fetch(`${base}${path}`, { headers: { authorization: `Token ${key}` } });
  return { status: response.status, body: (await response.json()) as any };
}

describe("bollard serve as a real process over a socket", () => {
  it("seeds a fresh SQLite file, serves it, stops on SIGTERM and serves the same data after a restart", async () => {
    const db = join(dir, "bollard.sqlite");
    const first = startBollard(["serve", "--db", db, "--port", "0"]);
    const [, base] = await first.waitFor(/listening on (http:\/\/[^ ]+)\/v2/);
    const demoKey = first.stdout.find((line) => line.startsWith("bol_"))!;
    expect(demoKey).toMatch(/^bol_/);

    const created = await runBollard(["keys", "create", "--db", db, "--account", "Demo", "--role", "viewer"]);
    expect(created.code).toBe(0);
    expect(created.stdout.filter((line) => line !== "")).toHaveLength(1);
    const viewerKey = created.stdout[0]!;

    const health = await fetch(`${base}/healthz`);
    expect(health.status).toBe(200);
    const before = await get(base!, "/v2/shipments?include=containers&page[size]=100", viewerKey);
    expect(before.status).toBe(200);
    expect(before.body.data.length).toBe(24);
    expect((await get(base!, "/v2/shipments", "bol_wrong")).status).toBe(401);

    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);
    expect(first.stderr.join("\n")).not.toContain(viewerKey);
    expect(first.stderr.join("\n")).not.toContain(demoKey);

    const second = startBollard(["serve", "--db", db, "--port", "0"]);
    const [, base2] = await second.waitFor(/listening on (http:\/\/[^ ]+)\/v2/);
    expect(second.stdout.some((line) => line.startsWith("bol_"))).toBe(false);
    const after = await get(base2!, "/v2/shipments?include=containers&page[size]=100", viewerKey);
    expect(after.body).toEqual({ ...before.body, links: after.body.links });
    second.child.kill("SIGINT");
    expect(await second.exited).toBe(0);
  }, 120_000);

  it("exits 1 with one line for an unusable database", async () => {
    const result = await runBollard(["serve", "--db", "/proc/version/x.sqlite", "--port", "0"]);
    expect(result.code).toBe(1);
    expect(result.stderr.filter((line) => line.startsWith("bollard: "))).toHaveLength(1);
  }, 60_000);
});
