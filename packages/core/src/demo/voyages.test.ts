import { describe, expect, it } from "vitest";
import { isContainerNumber, isImo, isMmsi } from "../domain/validators.js";
import { metroAreaByLocode, portByLocode, railTerminalsByMetroArea, shippingLineByScac } from "../reference/index.js";
import { normalizeNumber } from "../tracking/shipment-fields.js";
import { carrierStyle, containerNumber } from "./carrier-styles.js";
import { createRng } from "./random.js";
import { DEMO_VESSELS, TRADE_LANES } from "./voyages.js";

describe("DEMO_VESSELS", () => {
  it("have valid, unique IMO numbers and MMSIs", () => {
    for (const vessel of DEMO_VESSELS) {
      expect(isImo(vessel.imo), vessel.name).toBe(true);
      expect(isMmsi(vessel.mmsi), vessel.name).toBe(true);
    }
    expect(new Set(DEMO_VESSELS.map((vessel) => vessel.imo)).size).toBe(DEMO_VESSELS.length);
    expect(new Set(DEMO_VESSELS.map((vessel) => vessel.mmsi)).size).toBe(DEMO_VESSELS.length);
    expect(new Set(DEMO_VESSELS.map((vessel) => vessel.name)).size).toBe(DEMO_VESSELS.length);
  });
});

describe("TRADE_LANES", () => {
  it("use known ports, carriers, vessels, metro areas and rail ramps", () => {
    const imos = new Set(DEMO_VESSELS.map((vessel) => vessel.imo));
    for (const lane of TRADE_LANES) {
      for (const scac of lane.carriers) {
        expect(shippingLineByScac(scac)?.scac, scac).toBe(scac);
        expect(carrierStyle(scac).scac).toBe(scac);
      }
      lane.legs.forEach((leg, i) => {
        expect(portByLocode(leg.from), leg.from).toBeDefined();
        expect(portByLocode(leg.to), leg.to).toBeDefined();
        if (i > 0) expect(leg.from).toBe(lane.legs[i - 1]?.to);
        expect(leg.transitDays[0]).toBeLessThanOrEqual(leg.transitDays[1]);
        for (const imo of leg.vessels) expect(imos.has(imo), imo).toBe(true);
      });
      if (lane.inland) {
        const metro = metroAreaByLocode(lane.inland.metroArea);
        expect(metro).toBeDefined();
        const ramps = railTerminalsByMetroArea(metro?.id ?? "").map((terminal) => terminal.name);
        for (const operator of lane.inland.operators) for (const name of operator.terminals) expect(ramps).toContain(name);
      }
    }
    expect(new Set(TRADE_LANES.map((lane) => lane.key)).size).toBe(TRADE_LANES.length);
  });
});

describe("carrier styles", () => {
  it("number containers with the line's or a lessor's owner codes and valid check digits", () => {
    const rng = createRng(11);
    for (const scac of ["MAEU", "HLCU", "COSU", "ONEY", "CMDU", "MSCU", "ZIMU", "EGLV"]) {
      const style = carrierStyle(scac);
      for (let i = 0; i < 200; i += 1) {
        const number = containerNumber(rng, style);
        expect(isContainerNumber(number), number).toBe(true);
        expect(number.charAt(3)).toBe("U");
      }
    }
  });

  it("prints bills of lading in each line's style", () => {
    const rng = createRng(2);
    const issued = new Date("2024-06-12T00:00:00.000Z");
    expect(carrierStyle("MAEU").billOfLading(rng, "CNSHA", issued)).toMatch(/^MAEU\d{9}$/);
    const hapag = carrierStyle("HLCU").billOfLading(rng, "KRPUS", issued);
    expect(hapag).toMatch(/^HLCUPUS2406\d{5}$/);
    expect(normalizeNumber(hapag, "HLCU")).toBe(hapag);
    expect(carrierStyle("MSCU").billOfLading(rng, "NLRTM", issued)).toMatch(/^MEDU[A-Z]{2}\d{6}$/);
    expect(carrierStyle("COSU").billOfLading(rng, "IDJKT", issued)).toMatch(/^COSU\d{10}$/);
    expect(carrierStyle("MAEU").sealNumber(rng, "KRPUS")).toMatch(/^ML-KR\d{7}$/);
    expect(() => carrierStyle("XXXX")).toThrow();
  });
});
