import { describe, expect, it } from "vitest";
import { generateDemoDataset } from "../demo/demo-dataset.js";
import { chargeFactsOf } from "./charge-facts.js";
import { containerDemurrage } from "./container-demurrage.js";
import { createCalendars } from "./calendars.js";
import { SAMPLE_TARIFFS } from "./sample-tariffs.js";

const ACCOUNT = "0190a8f0-0000-7000-8000-0000000000aa";
const calendars = createCalendars();

describe("the demo's demurrage fees and the sample tariffs", () => {
  it("are labelled samples, and the demo data set carries them for its account", () => {
    const dataset = generateDemoDataset({ seed: 1, accountId: ACCOUNT, now: new Date("2026-11-01T12:00:00Z"), shipments: 4 });
    expect(dataset.tariffs).toHaveLength(SAMPLE_TARIFFS.length);
    for (const tariff of dataset.tariffs) expect(tariff).toMatchObject({ sample: true, account_id: ACCOUNT, name: expect.stringMatching(/^Sample: /) });
  });

  it.each([
    [1, "2026-11-01T12:00:00Z"],
    [2, "2026-03-09T03:00:00Z"],
    [3, "2026-07-04T22:30:00Z"],
  ])("agree: every fee the demo's terminals report (seed %i, now %s) is what the calculation accrues", (seed, now) => {
    const dataset = generateDemoDataset({ seed, accountId: ACCOUNT, now: new Date(now), shipments: 150 });
    const shipments = new Map(dataset.shipments.map((s) => [s.id, s]));
    let compared = 0;
    for (const container of dataset.containers) {
      const fee = container.fees_at_pod_terminal.find((f) => f.type === "demurrage");
      if (!fee) continue;
      const demurrage = containerDemurrage(chargeFactsOf(container, shipments.get(container.shipment_id)!, null), dataset.tariffs, { now: new Date(now), calendars });
      const charge = demurrage.charges.find((c) => c.charge_type === "demurrage")!;
      expect({ container: container.number, accrued: charge.accrued }).toEqual({ container: container.number, accrued: { amount: fee.amount.toFixed(2), currency: fee.currency_code } });
      compared++;
    }
    expect(compared).toBeGreaterThan(5);
  });
});

describe("a box moving inland", () => {
  it("stops the POD's pickup charges when it is loaded on rail there", () => {
    const dataset = generateDemoDataset({ seed: 1, accountId: ACCOUNT, now: new Date("2026-11-01T12:00:00Z"), shipments: 150 });
    const shipments = new Map(dataset.shipments.map((s) => [s.id, s]));
    const railed = dataset.containers.filter((c) => c.pod_rail_loaded_at !== null && c.pod_full_out_at === null);
    expect(railed.length).toBeGreaterThan(0);
    for (const container of railed) {
      const facts = chargeFactsOf(container, shipments.get(container.shipment_id)!, null);
      expect(facts.milestones.full_out?.at).toBe(container.pod_rail_loaded_at);
      const charge = containerDemurrage(facts, dataset.tariffs, { now: new Date("2026-11-01T12:00:00Z"), calendars }).charges.find((c) => c.charge_type === "demurrage");
      if (charge && charge.started_on !== null) expect(charge.status).toBe("ended");
    }
  });
});
