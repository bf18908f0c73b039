import { describe, expect, it } from "vitest";
import { MetroAreaSchema } from "../domain/metro-area-schema.js";
import { allMetroAreas, metroAreaById, metroAreaByLocode } from "./metro-areas.js";
import { referenceId } from "./reference-ids.js";

describe("metro areas", () => {
  const areas = allMetroAreas();

  it("parse with MetroAreaSchema and have unique codes and ids", () => {
    expect(areas.length).toBe(12);
    for (const area of areas) {
      expect(MetroAreaSchema.parse(area)).toEqual(area);
      expect(area.id).toBe(referenceId("metro_area", area.code));
    }
    expect(new Set(areas.map((area) => area.code)).size).toBe(areas.length);
  });

  it("are looked up by UN/LOCODE and id", () => {
    expect(metroAreaByLocode("usdet")).toMatchObject({ name: "Detroit", time_zone: "America/Detroit" });
    expect(metroAreaByLocode("USMES")?.name).toBe("Minneapolis");
    expect(metroAreaByLocode("USLAX")).toBeUndefined();
    expect(metroAreaById(referenceId("metro_area", "USCHI"))?.name).toBe("Chicago");
  });

  it("do not share ids with the port of the same code", () => {
    expect(metroAreaByLocode("USCHI")?.id).not.toBe(referenceId("port", "USCHI"));
  });
});
