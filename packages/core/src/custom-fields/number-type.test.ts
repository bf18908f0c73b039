import Big from "big.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decimalApiValue, parseDecimal, storedDecimal } from "./number-type.js";

// Any decimal(18,6) as text: up to 12 integer digits and up to 6 decimals, either sign.
const decimalTextArb = fc
  .tuple(fc.boolean(), fc.stringMatching(/^(0|[1-9]\d{0,11})$/), fc.stringMatching(/^\d{0,6}$/))
  .map(([negative, integer, fraction]) => `${negative ? "-" : ""}${integer}${fraction ? `.${fraction}` : ""}`);

describe("decimal(18,6) numbers", () => {
  it("stores every decimal(18,6) exactly and returns a value whose text is that decimal", () => {
    fc.assert(
      fc.property(decimalTextArb, (text) => {
        const stored = storedDecimal(parseDecimal(text));
        expect(new Big(stored).eq(new Big(text))).toBe(true);
        expect(stored).toMatch(/^-?\d{1,12}\.\d{6}$/);
        const value = decimalApiValue(stored);
        // Over JSON the value is its text; that text must be the exact decimal.
        const wire = JSON.parse(JSON.stringify({ value })).value as number | string;
        expect(new Big(String(wire)).eq(new Big(text))).toBe(true);
        if (typeof value === "string") expect(new Big(value).toNumber().toString()).not.toBe(value);
      }),
      { numRuns: 2000 },
    );
  });

  it("reads JSON numbers as their shortest text", () => {
    fc.assert(
      fc.property(decimalTextArb.filter((t) => Number(t).toString() === new Big(t).toFixed()), (text) => {
        expect(storedDecimal(parseDecimal(Number(text)))).toBe(storedDecimal(parseDecimal(text)));
      }),
    );
  });

  it("rounds more than 6 decimals half away from zero", () => {
    fc.assert(
      fc.property(decimalTextArb, fc.stringMatching(/^\d{1,6}$/), (text, extra) => {
        const longer = text.includes(".") ? `${text}${extra}` : `${text}.000000${extra}`;
        let expected = new Big(longer).round(6, Big.roundHalfUp);
        if (expected.eq("0")) expected = new Big("0");
        try {
          expect(storedDecimal(parseDecimal(longer))).toBe(expected.toFixed(6));
        } catch (error) {
          // Rounding up past 999999999999.999999 leaves the range.
          expect(expected.abs().gte("1000000000000")).toBe(true);
          expect((error as { code: string }).code).toBe("out_of_range");
        }
      }),
    );
  });

  it("returns numbers when the double's text is exact and strings otherwise", () => {
    expect(decimalApiValue("1234.500000")).toBe(1234.5);
    expect(decimalApiValue("0.100000")).toBe(0.1);
    expect(decimalApiValue("-0.000001")).toBe(-0.000001);
    expect(decimalApiValue("999999999999.999999")).toBe("999999999999.999999");
    expect(decimalApiValue("123456789012.100000")).toBe(123456789012.1);
    expect(decimalApiValue("1200.000000")).toBe(1200);
  });
});
