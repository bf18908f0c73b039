import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { createTracker, generateDemoDataset, manualClock, type DemoDataset, type Tracker } from "@bollard/core";
import { metroAreaById, portById } from "@bollard/core/geo";
import { createHttpApp, startServer, type RunningServer } from "@bollard/http";
import { memoryStorage } from "@bollard/storage-memory";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatTable, journeyTable, localTime, type JourneyRow } from "./journey-table.js";

const run = promisify(execFile);
const exampleDir = fileURLToPath(new URL("..", import.meta.url));

describe("localTime", () => {
  it("shows the wall clock of the zone with its offset, or the bare time when the zone is unknown", () => {
    expect(localTime("2026-11-16T00:04:00Z", "America/Los_Angeles")).toBe("2026-11-15 16:04 GMT-8");
    expect(localTime("2026-07-01T12:00:00Z", "Europe/Berlin")).toBe("2026-07-01 14:00 GMT+2");
    expect(localTime("2026-07-01T12:00:00Z", "Asia/Kolkata")).toBe("2026-07-01 17:30 GMT+5:30");
    expect(localTime("2026-07-01T12:00:00Z", null)).toBe("2026-07-01 12:00");
  });
});

describe("the journey table script, against a Bollard server with demo data", () => {
  let tracker: Tracker;
  let server: RunningServer;
  let dataset: DemoDataset;
  let env: Record<string, string>;

  beforeAll(async () => {
    // What `bollard demo` loads: the deterministic demo dataset, here in memory at a fixed instant.
    tracker = await createTracker({ storage: memoryStorage(), clock: manualClock("2026-06-01T12:00:00Z") });
    const { account } = await tracker.accounts.ensure("Demo");
    dataset = generateDemoDataset({ seed: 1, accountId: account.id, now: tracker.clock.now() });
    await tracker.accounts.loadDemo(dataset);
    const { apiKey } = await tracker.accounts.issueKey(account.id, { role: "viewer" });
    server = await startServer(createHttpApp(tracker), { port: 0 });
    env = { ...process.env, BOLLARD_URL: `http://127.0.0.1:${server.port}/v2`, BOLLARD_API_KEY: apiKey } as Record<string, string>;
  });

  afterAll(async () => {
    await server?.close();
    await tracker?.close();
  });

  /** The demo container with the longest journey, and the table it should print, built from the dataset itself. */
  function expected() {
    const eventsOf = (id: string) => dataset.transportEvents.filter((event) => event.container_id === id);
    const container = [...dataset.containers].sort((a, b) => eventsOf(b.id).length - eventsOf(a.id).length)[0]!;
    const events = eventsOf(container.id).sort((a, b) => (a.timestamp ?? "~").localeCompare(b.timestamp ?? "~") || a.created_at.localeCompare(b.created_at));
    const rows: JourneyRow[] = events.map((event) => {
      const location = event.location_id ? (portById(event.location_id) ?? metroAreaById(event.location_id)) : undefined;
      const vessel = dataset.vessels.find((v) => v.id === event.vessel_id);
      return {
        time: localTime(event.timestamp!, location!.time_zone),
        event: event.event.replace(/^container\.(transport\.)?/, "").replace(/[._]/g, " "),
        location: `${location!.name} (${location!.code})`,
        vessel: [vessel?.name, event.voyage_number].filter(Boolean).join(" / "),
      };
    });
    return { container, rows, output: `Container ${container.number} (${container.current_status}), ${rows.length} events\n\n${formatTable(rows)}` };
  }

  it("prints the container's events in order, in local time, with location and vessel", async () => {
    const { container, rows, output } = expected();
    expect(rows.length).toBeGreaterThanOrEqual(8);
    expect(rows[0]!.event).toBe("empty out");
    expect(rows.some((row) => row.event === "vessel departed" && row.vessel.includes(" / "))).toBe(true);

    // The script as users run it (a child process calling the server over its socket), by container number.
    const { stdout } = await run(process.execPath, ["--import", "tsx", "src/main.ts", container.number], { cwd: exampleDir, env });
    expect(stdout).toBe(`${output}\n`);
    const lines = stdout.split("\n");
    expect(lines[2]).toMatch(/^Time \(local\) +Event +Location +Vessel \/ voyage$/);
    expect(lines.slice(4, -1).map((line) => line.split(/ {2,}/)[1])).toEqual(rows.map((row) => row.event));

    // By id, the same table.
    expect(await journeyTable({ baseUrl: env.BOLLARD_URL!, apiKey: env.BOLLARD_API_KEY! }, container.id)).toBe(output);
  }, 30_000);

  it("exits with 1 and the API's message for an unknown container", async () => {
    const failure = await run(process.execPath, ["--import", "tsx", "src/main.ts", "ZZZU0000000"], { cwd: exampleDir, env }).catch((error) => error);
    expect(failure.code).toBe(1);
    expect(failure.stderr).toContain("No container ZZZU0000000");
  }, 30_000);
});
