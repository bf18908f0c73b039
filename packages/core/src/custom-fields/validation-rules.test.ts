import { describe, expect, it } from "vitest";
import { ValidationError } from "../errors/index.js";
import { applyValidation, normalizeValidation, textLength } from "./validation-rules.js";

const UTC = { zone: "UTC", pattern: null };
const codeOf = (run: () => void): string | null => {
  try {
    run();
    return null;
  } catch (error) {
    return (error as ValidationError).code;
  }
};

describe("validation rules", () => {
  it("counts characters as code points", () => {
    expect(textLength("😀😀")).toBe(2);
    expect(codeOf(() => applyValidation("short_text", { max_length: 2 }, "😀😀"))).toBeNull();
    expect(codeOf(() => applyValidation("short_text", { max_length: 2 }, "😀😀😀"))).toBe("too_long");
  });

  it("never matches a pattern against more than 256 characters, and skips empty text", () => {
    expect(codeOf(() => applyValidation("short_text", { pattern: "a*" }, "a".repeat(256)))).toBeNull();
    expect(codeOf(() => applyValidation("short_text", { pattern: "a*" }, "a".repeat(257)))).toBe("too_long");
    expect(codeOf(() => applyValidation("short_text", { pattern: "a+" }, ""))).toBeNull();
  });

  it("compares number, date and datetime bounds exactly", () => {
    const numbers = normalizeValidation("number", { min: "0.000001", max: "999999999999.999999" }, UTC)!;
    expect(codeOf(() => applyValidation("number", numbers, "0.000001"))).toBeNull();
    expect(codeOf(() => applyValidation("number", numbers, "0.000000"))).toBe("out_of_range");
    expect(codeOf(() => applyValidation("number", numbers, "999999999999.999999"))).toBeNull();
    const datetimes = normalizeValidation("datetime", { max: "2026-11-21T12:00:00+01:00" }, UTC)!;
    expect(datetimes.max).toBe("2026-11-21T11:00:00.000Z");
    expect(codeOf(() => applyValidation("datetime", datetimes, "2026-11-21T11:00:00.000Z"))).toBeNull();
    expect(codeOf(() => applyValidation("datetime", datetimes, "2026-11-21T11:00:00.001Z"))).toBe("out_of_range");
  });

  it("reports every misplaced rule", () => {
    try {
      normalizeValidation("boolean", { pattern: "x", max_length: 3, min: 1 }, UTC);
      expect.unreachable();
    } catch (error) {
      expect((error as ValidationError).issues.map((i) => i.code)).toEqual(["not_supported", "not_supported", "not_supported"]);
    }
  });
});
