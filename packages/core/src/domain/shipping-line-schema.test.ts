import { describe, expect, it } from "vitest";
import { ShippingLineSchema } from "./shipping-line-schema.js";

const msc = {
  id: "0b6f4e5c-3d1a-8a2b-9c4d-5e6f7a8b9c0d",
  scac: "MSCU",
  name: "Mediterranean Shipping Company",
  short_name: "MSC",
  alternative_scacs: ["MEDU"],
  bill_of_lading_tracking_support: true,
  booking_number_tracking_support: true,
  container_number_tracking_support: true,
};

describe("ShippingLineSchema", () => {
  it("accepts a shipping line", () => {
    expect(ShippingLineSchema.parse(msc)).toEqual(msc);
  });

  it("checks SCACs, including the alternatives", () => {
    expect(ShippingLineSchema.safeParse({ ...msc, scac: "mscu" }).success).toBe(false);
    expect(ShippingLineSchema.safeParse({ ...msc, alternative_scacs: ["MEDU1"] }).success).toBe(false);
  });

  it("wants boolean support flags", () => {
    expect(ShippingLineSchema.safeParse({ ...msc, bill_of_lading_tracking_support: "true" }).success).toBe(false);
  });
});
