import { describe, expect, it } from "vitest";
import { MoneyTotals, sumMoney } from "./money-totals.js";

describe("sumMoney", () => {
  it("adds exactly per currency, in code order, skipping unpriced amounts and never rounding", () => {
    expect(sumMoney([{ amount: "0.1", currency: "USD" }, null, { amount: "12.125", currency: "EUR" }, { amount: "0.2", currency: "USD" }])).toStrictEqual([
      { amount: "12.125", currency: "EUR" },
      { amount: "0.30", currency: "USD" },
    ]);
    expect(sumMoney([])).toStrictEqual([]);
    expect(new MoneyTotals().add(null).add({ amount: "450", currency: "USD" }).list()).toStrictEqual([{ amount: "450.00", currency: "USD" }]);
  });
});
