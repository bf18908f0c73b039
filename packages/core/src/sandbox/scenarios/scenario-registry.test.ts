import { describe, expect, it } from "vitest";
import { ValidationError } from "../../errors/index.js";
import type { CarrierRequest, CarrierSource } from "../../tracking/carrier-source.js";
import { BUILTIN_SCENARIOS, builtinScenarioDocument } from "./builtin-scenarios.js";
import { parseScenarioDocument } from "./parse-scenario.js";
import { scenarioCarrier } from "./scenario-carrier.js";
import { createScenarioRegistry } from "./scenario-registry.js";
import { SCENARIO_NUMBERS } from "../../simulated-carrier/scenario-numbers.js";

const NOW = new Date("2026-03-01T00:00:00Z");
const doc = (number: string, scac = "MAEU") => ({
  scac,
  request_type: "bill_of_lading",
  number,
  containers: [{ number: "MSKU7000013" }],
  legs: [{ from: "CNSHA", to: "USLAX", vessel: { name: "GUNDE MAERSK", imo: "9359014" }, voyage: "101E", departure: "P2D", arrival: "P16D" }],
});

describe("createScenarioRegistry", () => {
  it("registers, finds by scac and number (any case), lists and removes an account's scenarios", () => {
    const registry = createScenarioRegistry();
    registry.register("acct-a", doc("maeu-1"), NOW);
    registry.register("acct-a", doc("MAEU-2"), NOW);
    registry.register("acct-b", doc("MAEU-1"), new Date(NOW.getTime() + 1000));
    expect(registry.list("acct-a").map((s) => s.number)).toEqual(["MAEU-1", "MAEU-2"]);
    expect(registry.find("maeu", " MAEU-1 ", "acct-a")?.account_id).toBe("acct-a");
    expect(registry.find("MAEU", "MAEU-1")?.account_id).toBe("acct-b");
    expect(registry.find("MAEU", "MAEU-2", "acct-b")).toBeUndefined();
    expect(registry.hasScac("MAEU")).toBe(true);

    expect(registry.removeAll("acct-b")).toBe(1);
    expect(registry.find("MAEU", "MAEU-1")?.account_id).toBe("acct-a");
    expect(registry.removeAll("acct-a")).toBe(2);
    expect(registry.find("MAEU", "MAEU-1")).toBeUndefined();
    expect(registry.hasScac("MAEU")).toBe(false);
  });

  it("refuses a number already registered in the account with a 422 duplicate, and invalid documents with their issues", () => {
    const registry = createScenarioRegistry();
    registry.register("acct-a", doc("MAEU-1"), NOW);
    expect(() => registry.register("acct-a", doc("maeu-1"), NOW)).toThrow(expect.objectContaining({ code: "duplicate", status: 422, path: ["number"] }));
    expect(() => registry.register("acct-a", { ...doc("MAEU-3"), scac: "ZZZZ" }, NOW)).toThrow(ValidationError);
    expect(registry.list("acct-a")).toHaveLength(1);
  });
});

describe("scenarioCarrier", () => {
  const calls: string[] = [];
  const inner: CarrierSource = {
    name: "inner",
    supports: (scac) => scac === "TEST",
    fetch: async (request) => (calls.push(request.request_number), { status: "not_found", reason: "not_found" }),
  };
  const request = (scac: string, number: string): CarrierRequest => ({ tracking_request_id: "tr", request_type: "bill_of_lading", request_number: number, scac, requested_at: NOW.toISOString(), attempt: 0 });

  it("answers registered numbers from their timelines and passes the rest on", async () => {
    const registry = createScenarioRegistry();
    const carrier = scenarioCarrier(inner, registry);
    expect(carrier.supports("CMDU")).toBe(false);
    registry.register("acct-a", doc("CMDU-1", "CMDU"), NOW);
    expect(carrier.supports("CMDU")).toBe(true);
    expect(carrier.supports("TEST")).toBe(true);

    const result = await carrier.fetch(request("CMDU", "cmdu-1"), { now: new Date(NOW.getTime() + 3 * 86_400_000) });
    expect(result.status).toBe("found");
    if (result.status === "found") expect(result.snapshot.containers[0]?.transport_events?.map((e) => e.event)).toEqual(["container.transport.vessel_loaded", "container.transport.vessel_departed"]);
    expect(await carrier.fetch(request("TEST", "TEST-TR-FAILED"), { now: NOW })).toEqual({ status: "not_found", reason: "not_found" });
    expect(calls).toEqual(["TEST-TR-FAILED"]);
  });

  it("matches in the request's account when the request names one", async () => {
    const registry = createScenarioRegistry();
    const carrier = scenarioCarrier(inner, registry);
    registry.register("acct-a", doc("MAEU-1"), NOW);
    const other = { ...request("MAEU", "MAEU-1"), account_id: "acct-b" };
    calls.length = 0;
    await carrier.fetch(other, { now: NOW });
    expect(calls).toEqual(["MAEU-1"]);
  });
});

describe("built-in scenarios", () => {
  it("lists every TEST-TR-* number of the simulated carrier by name", () => {
    expect(BUILTIN_SCENARIOS.map((s) => s.number)).toEqual(SCENARIO_NUMBERS.map((s) => s.number));
    expect(BUILTIN_SCENARIOS.find((s) => s.number === "TEST-TR-CUSTOMS-HOLD")).toMatchObject({ name: "customs_hold", scac: "TEST", has_document: true });
    expect(BUILTIN_SCENARIOS.filter((s) => s.has_document).map((s) => s.name)).toEqual(["succeeded", "awaiting_manifest", "rollover", "customs_hold", "rail", "feeder", "delivered", "lfd_changes"]);
  });

  it.each(BUILTIN_SCENARIOS.filter((s) => s.has_document).map((s) => s.name))("has a valid, editable document for %s", (name) => {
    const document = builtinScenarioDocument(name)!;
    expect(parseScenarioDocument(document)).toEqual(document);
    document.legs[0]!.voyage = "EDITED";
    expect(builtinScenarioDocument(name)!.legs[0]!.voyage).not.toBe("EDITED");
    const registry = createScenarioRegistry();
    const { timeline } = registry.register("acct-a", { ...document, number: `MY-${name}` }, NOW);
    expect(timeline.events.length).toBeGreaterThan(0);
  });

  it("sails the feeder scenario's first leg as a feeder", () => {
    const { timeline } = createScenarioRegistry().register("acct-a", builtinScenarioDocument("feeder"), NOW);
    const names = timeline.events.filter((e) => e.container === "TGHU1234567").map((e) => e.event.event.replace("container.transport.", ""));
    expect(names.slice(0, 8)).toEqual(["empty_out", "full_in", "feeder_loaded", "feeder_departed", "feeder_arrived", "feeder_discharged", "transshipment_loaded", "transshipment_departed"]);
  });

  it("has no document for what a document cannot express", () => {
    expect(builtinScenarioDocument("flaky")).toBeUndefined();
    expect(builtinScenarioDocument("TEST-TR-FAILED")).toBeUndefined();
    expect(builtinScenarioDocument("nonsense")).toBeUndefined();
  });
});
