import { readFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runBollard, startBollard } from "./testing/bollard-process.js";

const dir = mkdtempSync(join(tmpdir(), "bollard-load-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// 20 s in the suite (errors show within seconds; the figure is printed); BOLLARD_LOAD_SECONDS=600 for a soak.
const SECONDS = Number(process.env.BOLLARD_LOAD_SECONDS ?? 20);
const CONNECTIONS = 64;

function rssMiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8").split("\n").find((l) => l.startsWith("VmRSS:"))!;
  return Math.round(Number(line.replace(/\D+/g, "")) / 1024);
}

describe("sustained mixed load over a socket", () => {
  it(`serves ${CONNECTIONS} connections of mixed reads and writes for ${SECONDS} s without an error`, async () => {
    const db = join(dir, "load.sqlite");
    const server = startBollard(["serve", "--db", db, "--port", "0"]);
    const base = (await server.waitFor(/listening on (http:\/\/[^ ]+)\/v2/))[1]!;
    const key = server.stdout.find((line) => line.startsWith("bol_"))!;
    const headers = { authorization: `Token ${key}`, "content-type": "application/json" };
    const ids: string[] = ((await (await fetch(`${base}/v2/shipments?page[size]=100`, { headers })).json()) as any).data.map((s: { id: string }) => s.id);
    const rssStart = rssMiB(server.child.pid!);

    const counts = { reads: 0, lists: 0, writes: 0, errors: 0 };
    const failures: string[] = [];
    const end = Date.now() + SECONDS * 1000;
    const worker = async (w: number) => {
      let i = w;
      while (Date.now() < end) {
        i += 1;
        const id = ids[i % ids.length]!;
        const roll = i % 10;
        try {
          const response =
            roll === 0
              ? await fetch(`${base}/v2/shipments/${id}`, { method: "PATCH", headers, body: JSON.stringify({ data: { attributes: { tags: [`load-${w}-${i}`] } } }) })
              : roll === 1
                ? await fetch(`${base}/v2/shipments?page[size]=10&include=containers`, { headers })
                : await fetch(`${base}/v2/shipments/${id}?include=containers`, { headers });
          await response.arrayBuffer();
          if (response.status !== 200) {
            counts.errors += 1;
            if (failures.length < 5) failures.push(`${response.status} on ${roll === 0 ? "PATCH" : "GET"}`);
          } else if (roll === 0) counts.writes += 1;
          else if (roll === 1) counts.lists += 1;
          else counts.reads += 1;
        } catch (error) {
          counts.errors += 1;
          if (failures.length < 5) failures.push(String(error));
        }
      }
    };
    await Promise.all(Array.from({ length: CONNECTIONS }, (_, w) => worker(w)));
    const rssEnd = rssMiB(server.child.pid!);
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    const total = counts.reads + counts.lists + counts.writes;
    console.log(
      `load: ${SECONDS} s, ${CONNECTIONS} connections: ${total} requests (${Math.round(total / SECONDS)}/s; ${counts.reads} reads, ${counts.lists} lists, ${counts.writes} writes), ${counts.errors} errors; server RSS ${rssStart} MiB at start, ${rssEnd} MiB at end`,
    );
    expect(failures).toEqual([]);
    expect(counts.errors).toBe(0);
    expect(counts.writes).toBeGreaterThan(0);
  }, (SECONDS + 60) * 1000);
});
