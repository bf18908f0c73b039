import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compilePattern, PATTERN_INPUT_MAX_LENGTH, unsafePatternReason } from "./safe-pattern.js";

describe("validation.pattern safety", () => {
  it.each([
    "^PO-\\d+$",
    "[A-Z]{4}\\d{7}",
    "\\w+@\\w+\\.\\w+",
    "(abc)+",
    "([a-z]+)?",
    "(?:FOB|CIF|EXW)",
    "\\p{Lu}{2}-\\d{3,6}",
    "[^,]*",
    "(?<prefix>[A-Z]{3})-\\d+",
    "a{2}(b{3}){4}",
  ])("accepts %s", (pattern) => {
    expect(unsafePatternReason(pattern)).toBeNull();
  });

  it.each([
    ["(a+)+", /nested/],
    ["(a*)*b", /nested/],
    ["(a|a)*", /nested/],
    ["(a|ab)+c", /nested/],
    ["(\\d?)+", /nested/],
    ["(?:x(a|b)y){2,}", /nested/],
    ["((ab)+)?c(d+)+", /nested/],
    ["[](a+)+", /nested/],
    ["[^](a+)+", /nested/],
    ["(a)\\1", /backreference/],
    ["(?<n>a)\\k<n>", /backreference/],
    ["\\d*\\d*\\d*\\d*x", /open-ended/],
    ["a?b?c?d?e?f?g?", /optional or repeated/],
    ["(", /not a valid/],
    ["a{", /not a valid/],
    ["x".repeat(201), /longer than 200/],
  ])("refuses %s", (pattern, reason) => {
    expect(unsafePatternReason(pattern)).toMatch(reason);
  });

  it("matches whole values only", () => {
    expect(compilePattern("PO-\\d+").test("PO-12")).toBe(true);
    expect(compilePattern("PO-\\d+").test("xPO-12")).toBe(false);
    expect(compilePattern("a|b").test("ab")).toBe(false);
  });

  // Random patterns over a small, backtracking-prone alphabet: whatever the guard lets through must
  // answer quickly on adversarial inputs of the longest length that is ever matched.
  const atom = fc.constantFrom("a", "\\d", "[ab]", ".", "\\w", "(?:a)", "(?:ab|a)", "(?:a?)", "(?:a+)");
  const quantifier = fc.constantFrom("", "", "*", "+", "?", "{0,5}", "{1,}", "*?");
  const patternArb = fc.array(fc.tuple(atom, quantifier), { minLength: 1, maxLength: 8 }).map((parts) => `${parts.map(([a, q]) => a + q).join("")}!`);
  const inputs = ["a", "1", "ab", "a1"].map((unit) => unit.repeat(PATTERN_INPUT_MAX_LENGTH).slice(0, PATTERN_INPUT_MAX_LENGTH - 1) + "?");

  it("keeps every accepted pattern fast on adversarial input", () => {
    let accepted = 0;
    fc.assert(
      fc.property(patternArb, (pattern) => {
        if (unsafePatternReason(pattern) !== null) return;
        accepted += 1;
        const regex = compilePattern(pattern);
        for (const input of inputs) {
          const started = performance.now();
          regex.test(input);
          expect(performance.now() - started).toBeLessThan(2_000); // backtracking would take minutes; a busy machine may pause for a while
        }
      }),
      { numRuns: 400, seed: 7 },
    );
    expect(accepted).toBeGreaterThan(50);
  });
});
