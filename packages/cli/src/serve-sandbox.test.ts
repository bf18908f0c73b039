import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runBollard, startBollard } from "./testing/bollard-process.js";

const dir = mkdtempSync(join(tmpdir(), "bollard-sandbox-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const KEY = "bol_sandboxsandboxsandboxsandboxsandbox0001";

async function call(base: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Token ${KEY}`, ...(body !== undefined && { "content-type": "application/json" }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as any };
}

describe("bollard serve --sandbox as a real process", () => {
  it("says so at start-up and serves the sandbox clock; without the flag the same routes are 404s", async () => {
    const keyFile = join(dir, "key");
    writeFileSync(keyFile, KEY);
    const db = join(dir, "sandbox.sqlite");
    const server = startBollard(["serve", "--sandbox", "--db", db, "--port", "0", "--no-demo", "--no-dashboard", "--api-key-file", keyFile]);
    const [, base] = await server.waitFor(/listening on (http:\/\/[^ ]+)\/v2/);
    expect(server.stdout.find((line) => line.includes("listening on"))).toContain("sandbox: /v2/sandbox controls on");
    const paused = await call(base!, "PATCH", "/v2/sandbox/clock", { paused: true });
    expect(paused.status).toBe(200);
    const moved = await call(base!, "PATCH", "/v2/sandbox/clock", { advance_by_seconds: 7 * 86_400 });
    expect(Date.parse(moved.body.data.attributes.now) - Date.parse(paused.body.data.attributes.now)).toBe(7 * 86_400_000);
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);

    const plain = startBollard(["serve", "--db", db, "--port", "0", "--no-dashboard"]);
    const [, plainBase] = await plain.waitFor(/listening on (http:\/\/[^ ]+)\/v2/);
    expect(plain.stdout.find((line) => line.includes("listening on"))).not.toContain("sandbox controls");
    expect((await call(plainBase!, "GET", "/v2/sandbox/clock")).status).toBe(404);
    plain.child.kill("SIGTERM");
    expect(await plain.exited).toBe(0);
  }, 120_000);

  it("refuses --clock-origin with --sandbox in one line", async () => {
    const result = await runBollard(["serve", "--sandbox", "--clock-speed", "60", "--clock-origin", "2026-01-01T00:00:00Z", "--db", join(dir, "x.sqlite"), "--port", "0"]);
    expect(result.code).toBe(2);
    expect(result.stderr.join("\n")).toContain("--clock-origin does not apply with --sandbox");
  }, 60_000);
});
