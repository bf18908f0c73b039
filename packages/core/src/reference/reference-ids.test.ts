import { describe, expect, it } from "vitest";
import { UuidSchema } from "../domain/common-schema.js";
import { referenceId } from "./reference-ids.js";

// Computed once with a standalone script from the definition; a change here would orphan stored ids.
const PINNED_USLAX = "7a7858fa-a96d-85e5-85e0-13aab4fbc165";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe("referenceId", () => {
  it("is deterministic", () => {
    expect(referenceId("port", "USLAX")).toBe(referenceId("port", "USLAX"));
  });

  it("is pinned across releases (stored ids must never change)", () => {
    expect(referenceId("port", "USLAX")).toBe(PINNED_USLAX);
  });

  it("is a lower-case RFC 9562 version 8 UUID", () => {
    for (const [kind, key] of [["port", "CNSHA"], ["shipping_line", "MAEU"], ["terminal", "WWT"], ["", ""]] as const) {
      const id = referenceId(kind, key);
      expect(id).toMatch(UUID);
      expect(id.charAt(14)).toBe("8");
      expect("89ab").toContain(id.charAt(19));
      expect(UuidSchema.safeParse(id).success).toBe(true);
    }
  });

  it("separates kinds and keys", () => {
    expect(referenceId("port", "USCHI")).not.toBe(referenceId("metro_area", "USCHI"));
    expect(referenceId("port", "USLAX")).not.toBe(referenceId("port", "USLGB"));
  });
});
