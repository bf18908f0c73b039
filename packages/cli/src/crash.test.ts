import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { runBollard, startBollard, type BollardProcess } from "./testing/bollard-process.js";

const dir = mkdtempSync(join(tmpdir(), "bollard-crash-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const WRITERS = 8;
const KILLS = 4;

describe("crash safety", () => {
  it("keeps every acknowledged write across repeated SIGKILLs, and the file stays intact", async () => {
    const db = join(dir, "crash.sqlite");
    expect((await runBollard(["demo", "--db", db, "--account", "Crash", "--create"])).code).toBe(0);
    const key = (await runBollard(["keys", "create", "--db", db, "--account", "Crash"])).stdout[0]!;
    const headers = { authorization: `Token ${key}`, "content-type": "application/json" };

    let server: BollardProcess = startBollard(["serve", "--db", db, "--port", "0"]);
    let base = (await server.waitFor(/listening on (http:\/\/[^ ]+)\/v2/))[1]!;
    const ids: string[] = ((await (await fetch(`${base}/v2/shipments?page[size]=${WRITERS}`, { headers })).json()) as any).data.map((s: { id: string }) => s.id);
    expect(ids).toHaveLength(WRITERS);

    // Per shipment: the highest write acknowledged with a 2xx, and the highest attempted.
    const acked = new Array<number>(WRITERS).fill(0);
    const attempted = new Array<number>(WRITERS).fill(0);
    let running = true;
    let acknowledged = 0;
    const writer = async (i: number) => {
      let n = 0;
      while (running) {
        n += 1;
        attempted[i] = n;
        try {
          const response = await fetch(`${base}/v2/shipments/${ids[i]}`, { method: "PATCH", headers, body: JSON.stringify({ data: { attributes: { ref_numbers: [`write-${n}`] } } }) });
          if (response.ok) {
            acked[i] = n;
            acknowledged += 1;
          }
          await response.arrayBuffer();
        } catch {
          await new Promise((resolve) => setTimeout(resolve, 20)); // server down: retry the next write shortly
        }
      }
    };
    const writers = Array.from({ length: WRITERS }, (_, i) => writer(i));

    for (let kill = 0; kill < KILLS; kill++) {
      const target = acknowledged + 150;
      while (acknowledged < target) await new Promise((resolve) => setTimeout(resolve, 25));
      server.child.kill("SIGKILL");
      await server.exited;
      server = startBollard(["serve", "--db", db, "--port", "0"]);
      base = (await server.waitFor(/listening on (http:\/\/[^ ]+)\/v2/))[1]!;
    }
    const final = acknowledged + 100;
    while (acknowledged < final) await new Promise((resolve) => setTimeout(resolve, 25));
    running = false;
    await Promise.all(writers);
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);

    const sqlite = new Database(db, { readonly: true });
    try {
      expect(sqlite.pragma("integrity_check", { simple: true })).toBe("ok");
    } finally {
      sqlite.close();
    }
    const check = startBollard(["serve", "--db", db, "--port", "0"]);
    const checkBase = (await check.waitFor(/listening on (http:\/\/[^ ]+)\/v2/))[1]!;
    for (let i = 0; i < WRITERS; i++) {
      const body = (await (await fetch(`${checkBase}/v2/shipments/${ids[i]}`, { headers })).json()) as any;
      const stored = Number(String(body.data.attributes.ref_numbers[0]).replace("write-", ""));
      expect(stored, `shipment ${i}`).toBeGreaterThanOrEqual(acked[i]!);
      expect(stored, `shipment ${i}`).toBeLessThanOrEqual(attempted[i]!);
    }
    check.child.kill("SIGTERM");
    await check.exited;
    console.log(`crash test: ${acknowledged} acknowledged writes across ${KILLS} SIGKILLs, none lost`);
  }, 600_000); // each restart takes seconds, many more on a busy machine
});
