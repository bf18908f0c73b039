import { describe, expect, it } from "vitest";
import { trackInProcess } from "./track-in-process.js";

describe("the embed-memory example", () => {
  it("tracks TEST-TR-SUCCEEDED to a shipment with containers and their transport events", async () => {
    const lines: string[] = [];
    await trackInProcess((line) => lines.push(line));

    expect(lines[0]).toBe("Tracking request TEST-TR-SUCCEEDED (scac TEST): pending");
    expect(lines[1]).toBe("2026-03-02T08:00:00.000Z shipment created by the first refresh");
    expect(lines[2]).toMatch(/^2026-03-23T08:00:00\.000Z tracking request created, shipment [0-9a-f-]{36}$/);
    expect(lines[3]).toMatch(/^Shipment TEST-TR-SUCCEEDED \(T49 line\): \S.* → \S/);
    expect(lines[4]).toMatch(/^ {2}vessel .+ voyage \S+, arrived 2026-03-\d\dT/);

    // The rest is one block per container: a heading that counts its events, then the events.
    const blocks: { heading: string; events: string[] }[] = [];
    for (const line of lines.slice(5)) {
      if (line.startsWith("    ")) blocks.at(-1)!.events.push(line.trim());
      else blocks.push({ heading: line, events: [] });
    }
    expect(blocks.length).toBeGreaterThanOrEqual(1);
    for (const { heading, events } of blocks) {
      expect(heading).toMatch(/^ {2}Container [A-Z]{4}\d{7}: \w+, \d+ transport events$/);
      expect(events).toHaveLength(Number(/(\d+) transport events$/.exec(heading)![1]));
      const times = events.map((event) => event.split(/\s+/)[0]!);
      const names = events.map((event) => event.split(/\s+/)[1]!);
      expect(times.every((time) => /^2026-\d\d-\d\dT[\d:.]+Z$/.test(time))).toBe(true);
      expect(times).toEqual([...times].sort());
      expect(names).toEqual(expect.arrayContaining(["vessel_loaded", "vessel_departed", "vessel_arrived", "vessel_discharged"]));
      expect(names.indexOf("vessel_departed")).toBeLessThan(names.indexOf("vessel_arrived"));
    }
  });
});
