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
  tracking_url: "https://www.msc.com/en/track-a-shipment?agencyPath=msc&trackingNumber=${BLNUM}",
  contact_url: "https://www.msc.com/en/contact-us",
  provided_data: { bill_of_lading: true, booking_number: true, container_number: true },
};

describe("ShippingLineSchema", () => {
  it("accepts a shipping line", () => {
    expect(ShippingLineSchema.parse(msc)).toEqual(msc);
  });

  it("reads a record written before the pages and provided_data as having none", () => {
    const { tracking_url: _t, contact_url: _c, provided_data: _p, ...older } = msc;
    expect(ShippingLineSchema.parse(older)).toEqual({ ...older, tracking_url: null, contact_url: null, provided_data: null });
  });

  it("checks SCACs, including the alternatives", () => {
    expect(ShippingLineSchema.safeParse({ ...msc, scac: "mscu" }).success).toBe(false);
    expect(ShippingLineSchema.safeParse({ ...msc, alternative_scacs: ["MEDU1"] }).success).toBe(false);
  });

  it("wants boolean support flags", () => {
    expect(ShippingLineSchema.safeParse({ ...msc, bill_of_lading_tracking_support: "true" }).success).toBe(false);
  });
});
