import { describe, expect, it } from "vitest";
import { ediFeedCarrier } from "./edi-feed-carrier.js";
import { SAMPLE_BILL } from "./sample-bills.js";
import { trackWithCustomCarrier } from "./track-with-custom-carrier.js";

describe("the custom carrier source example", () => {
  it("tracks the sample bill through the source, then takes pushed terminal events and AIS positions", async () => {
    const lines: string[] = [];
    await trackWithCustomCarrier((line) => lines.push(line));

    expect(lines.slice(0, 8)).toEqual([
      "Refused: Scac 'MAEU' is not supported by the configured carrier source (edi-feed(ACLU))",
      "2026-05-08 refresh: shipment created",
      "2026-05-10 refresh: shipment updated",
      "2026-05-11 refresh: shipment updated",
      "2026-05-21 refresh: shipment updated",
      "Shipment ACLU260501 (Atlantic Container Line): Antwerpen → New York, arrived 2026-05-20T04:45:00.000Z",
      "Terminal feed: 1 event added to ACLU1234569",
      "AIS feed: 2 positions stored; ATLANTIC EXAMPLE last seen at 40.47, -73.82 (2026-05-22T12:00:00.000Z)",
    ]);
    const table = lines.slice(8).join("\n");
    expect(table).toContain("ACLU7654321 (20' standard): grounded");
    expect(table).toContain("ACLU1234569 (40' high_cube): picked_up");
    // Every carrier status became a transport event, in time order, plus the terminal's out-gate.
    const events = lines.filter((line) => line.startsWith("  "));
    expect(events).toHaveLength(SAMPLE_BILL.statuses.length + 1);
    expect(events.at(-1)).toMatch(/^ {2}2026-05-22T15:30:00\.000Z {2}container\.transport\.full_out +USNYC {2}terminal$/);
    expect(events.filter((line) => line.includes("vessel_departed"))).toHaveLength(2);
  });

  it("answers awaiting_manifest before the first status and not_found for unknown numbers", async () => {
    const carrier = ediFeedCarrier({ scac: "ACLU", bills: [SAMPLE_BILL] });
    const request = { tracking_request_id: "t", request_type: "bill_of_lading" as const, request_number: SAMPLE_BILL.number, scac: "ACLU", requested_at: "2026-05-01T00:00:00Z", attempt: 0 };
    expect(carrier.supports("ACLU")).toBe(true);
    expect(carrier.supports("MAEU")).toBe(false);
    expect(await carrier.fetch(request, { now: new Date("2026-05-01T00:00:00Z") })).toEqual({ status: "not_found", reason: "awaiting_manifest" });
    expect(await carrier.fetch({ ...request, request_number: "ACLU999999" }, { now: new Date("2026-05-30T00:00:00Z") })).toEqual({ status: "not_found", reason: "not_found" });
    const found = await carrier.fetch(request, { now: new Date("2026-05-07T00:00:00Z") });
    expect(found.status === "found" && found.snapshot.containers.map((c) => c.transport_events?.map((e) => e.event))).toEqual([
      ["container.transport.empty_out", "container.transport.full_in"],
      ["container.transport.empty_out", "container.transport.full_in"],
    ]);
  });
});
