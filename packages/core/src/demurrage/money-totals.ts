import Big from "big.js";
import type { Money } from "../domain/demurrage-schema.js";
import { formatMoney } from "./container-demurrage.js";

/** Exact sums of money per currency (big.js): what exposure groups and per-container totals add up. */
export class MoneyTotals {
  readonly #totals = new Map<string, Big>();

  /** Adds an amount to its currency's sum; null (an unpriced charge) adds nothing. */
  add(money: Money | null): this {
    if (money) this.#totals.set(money.currency, (this.#totals.get(money.currency) ?? new Big(0)).plus(money.amount));
    return this;
  }

  /** The sums, one per currency in code order, each with at least two decimals and never rounded. */
  list(): Money[] {
    return [...this.#totals].sort(([a], [b]) => (a < b ? -1 : 1)).map(([currency, amount]) => ({ amount: formatMoney(amount), currency }));
  }
}

/** The exact sum of `amounts` per currency, currencies in code order; nulls are skipped. */
export function sumMoney(amounts: Iterable<Money | null>): Money[] {
  const totals = new MoneyTotals();
  for (const money of amounts) totals.add(money);
  return totals.list();
}
