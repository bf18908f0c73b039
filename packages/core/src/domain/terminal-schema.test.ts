import { describe, expect, it } from "vitest";
import { TerminalAttributesSchema, TerminalSchema } from "./terminal-schema.js";

const wwt = {
  id: "0b6f4e5c-3d1a-8a2b-9c4d-5e6f7a8b9c0d",
  port_id: "1c7f4e5c-3d1a-8a2b-9c4d-5e6f7a8b9c0d",
  name: "Wando Welch Terminal",
  nickname: "WWT",
  firms_code: "N598",
  smdg_code: "WWMT",
  bic_facility_code: null,
  street: "400 Long Point Rd.",
  city: "Mt. Pleasant",
  state: "South Carolina",
  state_abbr: "SC",
  zip: "29464",
  country: "United States",
  facility_type: "ocean_terminal",
  provided_data: { pickup_lfd: true, pickup_lfd_notes: "" },
};

describe("TerminalSchema", () => {
  it("accepts a terminal", () => {
    expect(TerminalSchema.parse(wwt)).toEqual(wwt);
  });

  it("allows every descriptive field but the name to be null", () => {
    const bare = Object.fromEntries(Object.entries(wwt).map(([k, v]) => [k, typeof v === "string" && !["id", "port_id", "name", "facility_type"].includes(k) ? null : v]));
    expect(TerminalSchema.safeParse(bare).success).toBe(true);
    expect(TerminalSchema.safeParse({ ...wwt, name: null }).success).toBe(false);
  });

  it("requires a port and a known facility type", () => {
    const { port_id: _port, ...withoutPort } = wwt;
    expect(TerminalSchema.safeParse(withoutPort).success).toBe(false);
    expect(TerminalSchema.safeParse({ ...wwt, facility_type: "rail" }).success).toBe(true);
    expect(TerminalSchema.safeParse({ ...wwt, facility_type: "warehouse" }).success).toBe(false);
  });

  it("repeats the id among the attributes, as the live service does, but no relationship", () => {
    expect(Object.keys(TerminalAttributesSchema.shape)).not.toContain("port_id");
    expect(Object.keys(TerminalAttributesSchema.shape)).toContain("id");
  });
});
