import { describe, expect, it } from "vitest";
import { ShippingLineSchema } from "../domain/shipping-line-schema.js";
import { referenceId } from "./reference-ids.js";
import { UNSUPPORTED_SCACS, allShippingLines, shippingLineById, shippingLineByScac } from "./shipping-lines.js";

describe("shipping lines", () => {
  const lines = allShippingLines();

  it("are the 38 lines of the hosted service's list, each parsing with ShippingLineSchema", () => {
    expect(lines).toHaveLength(38);
    for (const line of lines) {
      expect(ShippingLineSchema.parse(line)).toEqual(line);
      expect(line.id).toBe(referenceId("shipping_line", line.scac));
    }
  });

  it("have unique SCACs, alternatives included, ordered by SCAC", () => {
    const scacs = lines.flatMap((line) => [line.scac, ...line.alternative_scacs]);
    expect(new Set(scacs).size).toBe(scacs.length);
    const primary = lines.map((line) => line.scac);
    expect([...primary].sort()).toEqual(primary);
  });

  it("are looked up by SCAC, case-insensitively", () => {
    expect(shippingLineByScac("MAEU")).toMatchObject({ name: "Maersk", short_name: "Maersk" });
    expect(shippingLineByScac("oolu")).toMatchObject({ name: "Orient Overseas Container Line", short_name: "OOCL" });
    expect(shippingLineByScac("TEST")).toMatchObject({ short_name: "T49 line", container_number_tracking_support: false });
  });

  it("are looked up by an alternative SCAC", () => {
    expect(shippingLineByScac("MEDU")?.scac).toBe("MSCU");
    expect(shippingLineByScac("YMJA")?.scac).toBe("YMLU");
  });

  it("are looked up by id", () => {
    expect(shippingLineById(referenceId("shipping_line", "HLCU"))?.name).toBe("Hapag-Lloyd");
  });

  it("exclude unknown and unsupported carriers", () => {
    expect(shippingLineByScac("XXXX")).toBeUndefined();
    expect(UNSUPPORTED_SCACS.UALC).toBe("Universal Africa Lines");
    for (const scac of Object.keys(UNSUPPORTED_SCACS)) expect(shippingLineByScac(scac)).toBeUndefined();
  });
});
