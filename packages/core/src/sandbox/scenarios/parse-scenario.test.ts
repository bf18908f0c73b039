import { describe, expect, it } from "vitest";
import { ValidationError } from "../../errors/index.js";
import { parseScenarioDocument } from "./parse-scenario.js";
import { offsetMs } from "./scenario-offset.js";

const valid = () => ({
  scac: "MAEU",
  request_type: "bill_of_lading",
  number: "MAEU-SCN-1",
  containers: [{ number: "MSKU7000013" }, { number: "TGHU1234567" }],
  legs: [
    { from: "CNSHA", to: "SGSIN", vessel: { name: "GUNDE MAERSK", imo: "9359014" }, voyage: "101W", departure: "P2D", arrival: "P7D" },
    { from: "SGSIN", to: "NLRTM", vessel: { name: "MAERSK SHIVLING", imo: "9728253" }, voyage: "102W", departure: "P9D", arrival: "P30D" },
  ],
});

/** The issues of refusing `input`, as [code, path, detail]. */
function issuesOf(input: unknown): [string, string, string][] {
  try {
    parseScenarioDocument(input);
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).status).toBe(422);
    return (error as ValidationError).issues.map((issue) => [issue.code, (issue.path ?? []).join("/"), issue.detail]);
  }
  throw new Error("the document was accepted");
}

const edit = (change: (doc: any) => void) => {
  const doc = valid();
  change(doc);
  return doc;
};

describe("offsetMs", () => {
  it("reads ISO 8601 durations of weeks, days and time, and nothing else", () => {
    expect(offsetMs("P3DT4H")).toBe((3 * 24 + 4) * 3_600_000);
    expect(offsetMs("PT90M")).toBe(90 * 60_000);
    expect(offsetMs("P1W")).toBe(7 * 86_400_000);
    expect(offsetMs("P0D")).toBe(0);
    for (const bad of ["P", "PT", "P1M", "P1Y", "3 days", "-P1D", "P1DT"]) expect(offsetMs(bad), bad).toBeNull();
  });
});

describe("parseScenarioDocument", () => {
  it("accepts a valid document as written", () => {
    expect(parseScenarioDocument(valid())).toEqual(valid());
  });

  it.each([
    ["an unknown shipping line", (d: any) => (d.scac = "ZZZZ"), "invalid", "scac", "scac ZZZZ is not a shipping line of the reference data"],
    ["a container number with a wrong check digit", (d: any) => (d.containers[0].number = "MSKU7000012"), "invalid", "containers/0/number", "containers/0/number must be an ISO 6346 container number with a valid check digit"],
    ["a container listed twice", (d: any) => (d.containers[1].number = "MSKU7000013"), "invalid", "containers/1/number", "containers/1/number MSKU7000013 is listed twice"],
    ["an unknown port", (d: any) => (d.legs[1].to = "XXZZZ"), "invalid", "legs/1/to", "legs/1/to XXZZZ is not a port of the reference data"],
    ["a malformed LOCODE", (d: any) => (d.legs[0].from = "shanghai"), "invalid", "legs/0/from", "legs/0/from must be a UN/LOCODE such as USLAX"],
    ["legs that do not join", (d: any) => (d.legs[1].from = "MYPKG"), "invalid", "legs/1/from", "legs/1/from must be where legs/0 arrives (SGSIN), got MYPKG"],
    ["a leg departing before the previous one arrives", (d: any) => (d.legs[1].departure = "P6D"), "invalid", "legs/1/departure", "legs/1/departure is before legs/0/arrival"],
    ["a leg arriving before it departs", (d: any) => (d.legs[0].arrival = "P1D"), "invalid", "legs/0/arrival", "legs/0/arrival is before legs/0/departure"],
    ["a bad IMO", (d: any) => (d.legs[0].vessel.imo = "9359015"), "invalid", "legs/0/vessel/imo", "legs/0/vessel/imo must be a 7-digit IMO number with a valid check digit"],
    ["an offset that is not a duration", (d: any) => (d.legs[0].departure = "2 days"), "invalid", "legs/0/departure", expect.stringMatching(/^legs\/0\/departure must be an ISO 8601 duration/)],
    ["an offset too far out", (d: any) => (d.legs[1].arrival = "P500D"), "invalid", "legs/1/arrival", "legs/1/arrival is more than 400 days after the scenario's start"],
    ["an unknown field", (d: any) => (d.legs[0].eta = "P7D"), "unknown_attribute", "legs/0/eta", "legs/0/eta is not a field of a scenario document"],
    ["a blank number", (d: any) => (d.number = " "), "blank", "number", "number can't be blank"],
    ["no legs", (d: any) => (d.legs = []), "invalid", "legs", expect.stringMatching(/^legs: /)],
    ["a container request for a box not in the scenario", (d: any) => Object.assign(d, { request_type: "container", number: "CMAU4000045" }), "invalid", "number", "number must be one of the containers for a container request"],
    ["a rail move leaving before the ship arrives", (d: any) => (d.rail = { destination: "USCHI", carrier_scac: "UP", departure: "P29D", arrival: "P33D" }), "invalid", "rail/departure", "rail/departure is before legs/1/arrival"],
    ["a rail destination that is no place", (d: any) => (d.rail = { destination: "USZZZ", carrier_scac: "UP", departure: "P31D", arrival: "P33D" }), "invalid", "rail/destination", "rail/destination USZZZ is not a port or metro area of the reference data"],
    ["a rollover of a leg that does not exist", (d: any) => (d.rollovers = [{ leg: 2, announced: "P1D", shown: {} }]), "invalid", "rollovers/0/leg", "rollovers/0/leg is not a leg: the scenario has 2"],
    ["a rollover announced after the leg departs", (d: any) => (d.rollovers = [{ leg: 0, announced: "P3D", shown: { voyage: "099W" } }]), "invalid", "legs/0/departure", "legs/0/departure is before rollovers/0/announced"],
    ["an ETA revision announced after the leg arrives", (d: any) => (d.rollovers = [{ leg: 0, announced: "P8D", shown: { arrival: "P6D" } }]), "invalid", "legs/0/arrival", "legs/0/arrival is before rollovers/0/announced"],
    ["two changes of a leg out of order", (d: any) => (d.rollovers = [{ leg: 1, announced: "P5D", shown: { arrival: "P28D" } }, { leg: 1, announced: "P4D", shown: { arrival: "P29D" } }]), "invalid", "rollovers/1/announced", "rollovers/1/announced is before rollovers/0/announced"],
    ["a feeder that is not the first of several legs", (d: any) => (d.legs[1].feeder = true), "invalid", "legs/1/feeder", "legs/1/feeder can only be set on the first of several legs (a feeder to the transshipment hub)"],
    ["a hold released before it is placed", (d: any) => (d.holds = [{ name: "customs", placed: "P31D", released: "P30D" }]), "invalid", "holds/0/released", "holds/0/released is before holds/0/placed"],
    ["a hold on a box not in the scenario", (d: any) => (d.holds = [{ name: "customs", placed: "P31D", containers: ["CMAU4000045"] }]), "invalid", "holds/0/containers/0", "holds/0/containers/0 CMAU4000045 is not one of the scenario's containers"],
    ["an inland fee without rail", (d: any) => (d.fees = [{ type: "demurrage", amount: 150, facility: "inland", from: "P33D" }]), "invalid", "fees/0/facility", "fees/0/facility is inland, but the scenario has no rail move"],
    ["a fee of an unknown type", (d: any) => (d.fees = [{ type: "storage", amount: 150, from: "P33D" }]), "invalid", "fees/0/type", expect.stringMatching(/^fees\/0\/type: /)],
    ["last free day changes out of order", (d: any) => (d.last_free_days = { line: [{ at: "P31D", value: "P35D" }, { at: "P31D", value: "P36D" }] }), "invalid", "last_free_days/line/1/at", "last_free_days/line/1/at is not after last_free_days/line/0/at"],
    ["an event Bollard derives", (d: any) => (d.events = [{ event: "container.pickup_lfd.changed", at: "P31D" }]), "invalid", "events/0/event", expect.stringMatching(/^events\/0\/event: /)],
    ["an event at an unknown place", (d: any) => (d.events = [{ event: "container.transport.full_out", at: "P31D", location: "USZZZ" }]), "invalid", "events/0/location", "events/0/location USZZZ is not a port or metro area of the reference data"],
  ])("refuses %s with a 422 at its pointer", (_name, change, code, path, detail) => {
    expect(issuesOf(edit(change))).toEqual([[code, path, detail]]);
  });

  it("reports every problem at once, under the caller's prefix", () => {
    const doc = edit((d) => {
      d.scac = "ZZZZ";
      d.legs[1].departure = "P6D";
    });
    expect(issuesOf(doc).map(([, path]) => path)).toEqual(["scac", "legs/1/departure"]);
    try {
      parseScenarioDocument(doc, ["data", "attributes"]);
    } catch (error) {
      expect((error as ValidationError).issues.map((issue) => issue.path)).toEqual([["data", "attributes", "scac"], ["data", "attributes", "legs", 1, "departure"]]);
    }
  });

  it("refuses a NUL character anywhere", () => {
    expect(issuesOf(edit((d) => (d.legs[0].voyage = "10\u00001W")))).toEqual([["invalid", "legs/0/voyage", "legs/0/voyage must not contain a NUL character (\\u0000)"]]);
  });

  it.each([
    ["not an object", 42],
    ["containers not a list", { ...valid(), containers: "MSKU7000013" }],
    ["a leg with nothing in it", { ...valid(), legs: [{}, valid().legs[1]] }],
    ["legs not a list", { ...valid(), legs: "CNSHA-NLRTM" }],
    ["a rail move without times", { ...valid(), rail: { destination: "USCHI" } }],
    ["a rollover naming no leg", { ...valid(), rollovers: [{ leg: "first", announced: "P1D", shown: {} }] }],
    ["holds and events of the wrong shape", { ...valid(), holds: [{ placed: 3 }], events: [{ at: "P1D" }], last_free_days: { line: [{}] } }],
  ])("refuses %s with 422s, never a crash", (_name, input) => {
    expect(issuesOf(input).length).toBeGreaterThan(0);
  });
});
