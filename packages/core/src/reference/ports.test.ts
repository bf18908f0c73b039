import { describe, expect, it } from "vitest";
import { PortSchema } from "../domain/port-schema.js";
import { EXTRA_PORTS, PORT_CORRECTIONS } from "./port-corrections.js";
import { allPorts, portById, portByLocode } from "./ports.js";
import { referenceId } from "./reference-ids.js";
import { regionAbbreviation, regionName } from "./region-abbreviations.js";

const WELL_KNOWN = [
  "CNSHA", "CNSHG", "KRPUS", "USLAX", "USLGB", "USCHS", "USSAV", "USNYC", "USORF", "USOAK", "USSEA",
  "USTIW", "USHOU", "USPEF", "NLRTM", "SGSIN", "DEHAM", "BEANT", "CNNGB", "CNYTN", "CNXMN", "THLCH",
  "IDJKT", "JPTYO", "HKHKG", "TWKHH", "VNSGN", "MYTPP", "INNSA", "AEJEA", "ESVLC", "GBFXT", "FRLEH",
  "PABLB", "MXZLO", "CAVAN",
];

function acceptedByIntl(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat(undefined, { timeZone });
    return true;
  } catch {
    return false;
  }
}

describe("allPorts", () => {
  const ports = allPorts();

  it("holds well over a thousand ports, each parsing with PortSchema", () => {
    expect(ports.length).toBeGreaterThan(1500);
    for (const port of ports) expect(PortSchema.parse(port)).toEqual(port);
  });

  it("has one port per UN/LOCODE, ordered by code, with ids derived from the code", () => {
    const codes = ports.map((port) => port.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect([...codes].sort()).toEqual(codes);
    for (const port of ports) {
      expect(port.id).toBe(referenceId("port", port.code));
      expect(port.country_code).toBe(port.code.slice(0, 2));
    }
  });

  it("includes the well-known ports with valid zones and coordinates", () => {
    for (const code of WELL_KNOWN) {
      const port = portByLocode(code);
      expect(port, code).toBeDefined();
      expect(acceptedByIntl(port!.time_zone), code).toBe(true);
      expect(Math.abs(port!.latitude)).toBeLessThanOrEqual(90);
      expect(Math.abs(port!.longitude)).toBeLessThanOrEqual(180);
    }
  });

  it("fills US, Canadian and Australian state abbreviations, and ISO 3166-2 subdivision codes of other port countries where known", () => {
    expect(portByLocode("USCHS")).toMatchObject({ state: "South Carolina", state_abbr: "SC", country: "United States" });
    expect(portByLocode("CAVAN")).toMatchObject({ state: "British Columbia", state_abbr: "BC" });
    expect(portByLocode("NLRTM")?.state_abbr).toBe("ZH");
    // The SDK's recorded Busan port: state_abbr "26" (KR-26).
    expect(portByLocode("KRPUS")?.state_abbr).toBe("26");
    expect(portByLocode("JPTYO")?.state_abbr).toBe("13");
    expect(portByLocode("SGSIN")?.state_abbr).toBeNull();
  });

  it("applies the corrections and additions", () => {
    expect(portByLocode("USOAK")?.time_zone).toBe("America/Los_Angeles");
    expect(portByLocode("USDET")?.time_zone).toBe("America/Detroit");
    for (const code of Object.keys(PORT_CORRECTIONS)) expect(portByLocode(code), code).toMatchObject(PORT_CORRECTIONS[code]!);
    for (const extra of EXTRA_PORTS) expect(portByLocode(extra.code), extra.code).toBeDefined();
    expect(portByLocode("CNSHG")).toMatchObject({ name: "Shanghai", time_zone: "Asia/Shanghai" });
  });

  it("returns a fresh array over shared, frozen records", () => {
    const again = allPorts();
    expect(again).not.toBe(ports);
    expect(again[0]).toBe(ports[0]);
    expect(Object.isFrozen(ports[0])).toBe(true);
  });
});

describe("portByLocode / portById", () => {
  it("ignores case and surrounding spaces", () => {
    expect(portByLocode(" uslax ")?.code).toBe("USLAX");
  });

  it("returns undefined for unknown codes", () => {
    expect(portByLocode("ZZZZZ")).toBeUndefined();
    expect(portById(referenceId("port", "ZZZZZ"))).toBeUndefined();
  });

  it("finds a port by its id", () => {
    expect(portById(referenceId("port", "KRPUS"))?.name).toBe("Busan");
  });
});

describe("region abbreviations", () => {
  it("maps names to abbreviations and back", () => {
    expect(regionAbbreviation("US", "new jersey")).toBe("NJ");
    expect(regionAbbreviation("AU", "Queensland")).toBe("QLD");
    expect(regionAbbreviation("DE", "Hamburg")).toBe("HH");
    expect(regionAbbreviation("JP", "Tiba [Chiba]")).toBe("12");
    expect(regionAbbreviation("FR", "Gironde")).toBeNull();
    expect(regionName("CA", "QC")).toBe("Quebec");
    expect(regionName("US", "XX")).toBeNull();
  });
});
