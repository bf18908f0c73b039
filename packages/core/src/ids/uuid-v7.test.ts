import { describe, expect, it } from "vitest";
import { uuidv7 } from "./uuid-v7.js";

describe("uuidv7", () => {
  it("has the UUID shape, version 7 and the RFC variant", () => {
    const id = uuidv7();
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it("encodes the timestamp in the first 48 bits", () => {
    const id = uuidv7(0xf123456789ab);
    expect(id.startsWith("f1234567-89ab-7")).toBe(true);
  });

  it("is strictly increasing within one millisecond and when the clock goes back", () => {
    const ids = [uuidv7(), ...Array.from({ length: 5000 }, () => uuidv7(0xf123456789ab)), uuidv7(4_000)];
    const sorted = [...ids].sort();
    expect(sorted).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
