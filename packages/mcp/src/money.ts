import Big from "big.js";
import { z } from "zod";

/** An amount of money as Bollard sends it: a decimal string and an ISO 4217 currency. */
export const MoneySchema = z.object({ amount: z.string().describe("Exact decimal, never rounded through a float"), currency: z.string() });

/** An amount of money. */
export type Money = z.infer<typeof MoneySchema>;

/** Sums amounts per currency, exactly (big.js), in the order currencies first appear. */
export function sumMoney(amounts: readonly (Money | null)[]): Money[] {
  const totals = new Map<string, Big>();
  for (const money of amounts) if (money) totals.set(money.currency, (totals.get(money.currency) ?? new Big(0)).plus(money.amount));
  return [...totals].map(([currency, amount]) => ({ amount: amount.toFixed(2), currency }));
}
