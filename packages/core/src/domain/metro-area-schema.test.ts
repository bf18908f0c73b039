import { describe, expect, it } from "vitest";
import { MetroAreaSchema } from "./metro-area-schema.js";

const detroit = {
  id: "0b6f4e5c-3d1a-8a2b-9c4d-5e6f7a8b9c0d",
  name: "Detroit",
  code: "USDET",
  state_abbr: "MI",
  country_code: "US",
  time_zone: "America/Detroit",
  latitude: 42.3314,
  longitude: -83.0458,
};

describe("MetroAreaSchema", () => {
  it("accepts a metro area, with or without a state", () => {
    expect(MetroAreaSchema.parse(detroit)).toEqual(detroit);
    expect(MetroAreaSchema.safeParse({ ...detroit, state_abbr: null }).success).toBe(true);
  });

  it("rejects bad codes, zones and coordinates", () => {
    expect(MetroAreaSchema.safeParse({ ...detroit, code: "DET" }).success).toBe(false);
    expect(MetroAreaSchema.safeParse({ ...detroit, time_zone: "" }).success).toBe(false);
    expect(MetroAreaSchema.safeParse({ ...detroit, longitude: "-83.0458" }).success).toBe(false);
  });
});
