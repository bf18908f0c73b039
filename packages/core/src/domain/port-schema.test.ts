import { describe, expect, it } from "vitest";
import { PortAttributesSchema, PortSchema } from "./port-schema.js";

const busan = {
  id: "0b6f4e5c-3d1a-8a2b-9c4d-5e6f7a8b9c0d",
  name: "Busan",
  code: "KRPUS",
  state_abbr: null,
  state: "Busan",
  city: "Busan",
  country_code: "KR",
  country: "Korea, Republic of",
  time_zone: "Asia/Seoul",
  latitude: 35.13,
  longitude: 129.05,
  provided_data: null,
};

describe("PortSchema", () => {
  it("accepts a port", () => {
    expect(PortSchema.parse(busan)).toEqual(busan);
  });

  it("repeats the id among the attributes, as the live service does", () => {
    expect(PortAttributesSchema.parse(busan).id).toBe(busan.id);
    const { id: _id, ...withoutId } = busan;
    expect(PortSchema.safeParse(withoutId).success).toBe(false);
  });

  it("reads a record written before provided_data as having none", () => {
    const { provided_data: _p, ...older } = busan;
    expect(PortSchema.parse(older)).toEqual(busan);
  });

  it("wants numeric coordinates in range (the live service's strings are not accepted)", () => {
    expect(PortSchema.safeParse({ ...busan, latitude: "35.13" }).success).toBe(false);
    expect(PortSchema.safeParse({ ...busan, latitude: 91 }).success).toBe(false);
    expect(PortSchema.safeParse({ ...busan, longitude: -180.5 }).success).toBe(false);
  });

  it("checks the code, country code and time zone", () => {
    expect(PortSchema.safeParse({ ...busan, code: "krpus" }).success).toBe(false);
    expect(PortSchema.safeParse({ ...busan, country_code: "KOR" }).success).toBe(false);
    expect(PortSchema.safeParse({ ...busan, time_zone: "Asia/Nowhere" }).success).toBe(false);
  });
});
