import { describe, expect, it } from "vitest";
import { RailTerminalSchema } from "./rail-terminal-schema.js";

const livernois = {
  id: "0b6f4e5c-3d1a-8a2b-9c4d-5e6f7a8b9c0d",
  port_id: null,
  metro_area_id: "1c7f4e5c-3d1a-8a2b-9c4d-5e6f7a8b9c0d",
  name: "NS - Livernois",
  nickname: "NS - Livernois",
  firms_code: "H796",
};

describe("RailTerminalSchema", () => {
  it("accepts an inland rail terminal without a port", () => {
    expect(RailTerminalSchema.parse(livernois)).toEqual(livernois);
  });

  it("allows a null FIRMS code, nickname and metro area, but not a missing name", () => {
    expect(RailTerminalSchema.safeParse({ ...livernois, firms_code: null, nickname: null, metro_area_id: null }).success).toBe(true);
    expect(RailTerminalSchema.safeParse({ ...livernois, name: "" }).success).toBe(false);
    expect(RailTerminalSchema.safeParse({ ...livernois, port_id: "not-a-uuid" }).success).toBe(false);
  });
});
