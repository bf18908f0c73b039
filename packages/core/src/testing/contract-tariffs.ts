import { expect } from "vitest";
import type { Tariff } from "../domain/index.js";
import { uuidv7 } from "../ids/index.js";
import { ALL, ascendingIds, at, expectPaging, seedAccount, type ContractContext } from "./contract-context.js";
import { describeCrud } from "./contract-crud.js";
import { makeTariff } from "./fixtures.js";

/** A rule with every field away from the sample's: a business-day detention contract for some carriers, ports and boxes. */
function narrowedRule(t: Tariff): Tariff {
  return {
    ...t,
    name: "MSC export detention, USLAX, 2026",
    sample: true,
    kind: "contract",
    charge_type: "detention",
    direction: "export",
    carrier_scacs: ["MSCU", "MAEU"],
    port_locodes: ["USLAX", "USLGB"],
    terminal_ids: [uuidv7()],
    customer_names: ["Acme Imports LLC"],
    equipment_types: ["reefer", "dry"],
    equipment_lengths: [40, 45],
    valid_from: "2026-03-01",
    valid_to: "2026-12-31",
    free_time_starts: "empty_out",
    charge_ends: "full_in",
    first_free_day: "start_day",
    free_days: 7,
    day_count_type: "business",
    weekend_days: ["sunday"],
    holiday_calendar: { country: "US", state: "CA" },
    closures: ["2026-07-04", "2026-12-25"],
    rates: [
      { from_day: 1, to_day: 3, rate: "0.5", currency: "EUR" },
      { from_day: 4, to_day: 10, rate: "1234.5678", currency: "EUR" },
      { from_day: 11, to_day: null, rate: "250", currency: "EUR" },
    ],
    updated_at: at(9),
  };
}

/** Tariff rules (free time and daily rates) of an account. */
export function describeTariffsContract(ctx: ContractContext): void {
  describeCrud(ctx, {
    name: "tariffs",
    setup: async (_storage, accountId) => () => makeTariff(accountId),
    insert: (repos, tariff) => repos.tariffs.insert(tariff),
    get: (repos, accountId, id) => repos.tariffs.get(accountId, id),
    update: (repos, tariff) => repos.tariffs.update(tariff),
    delete: (repos, accountId, id) => repos.tariffs.delete(accountId, id),
    list: async (repos, accountId) => (await repos.tariffs.list(accountId, ALL)).items,
    change: narrowedRule,
  });

  ctx.test("tariffs.get returns a rule with every field set exactly as written: lists, decimals, holidays, an open last tier", async () => {
    const account = await seedAccount(ctx.storage);
    const rule = narrowedRule(makeTariff(account.id));
    await ctx.storage.tariffs.insert(rule);
    expect(await ctx.storage.tariffs.get(account.id, rule.id)).toStrictEqual(rule);
  });

  ctx.test("tariffs.list orders by created_at then id, ascending, and pages", async () => {
    const [account, other] = [await seedAccount(ctx.storage), await seedAccount(ctx.storage)];
    const [id1, id2] = ascendingIds(2, uuidv7);
    const tariffs = [
      makeTariff(account.id, { created_at: at(1) }),
      makeTariff(account.id, { id: id1, created_at: at(2) }),
      makeTariff(account.id, { id: id2, created_at: at(2) }),
      makeTariff(account.id, { created_at: at(3) }),
      makeTariff(account.id, { created_at: at(4) }),
    ];
    for (const t of [tariffs[3], tariffs[1], tariffs[4], tariffs[0], tariffs[2]]) if (t) await ctx.storage.tariffs.insert(t);
    await ctx.storage.tariffs.insert(makeTariff(other.id, { created_at: at(2) }));
    expect(await ctx.storage.tariffs.list(account.id, ALL)).toStrictEqual({ items: tariffs, total: 5 });
    await expectPaging((page) => ctx.storage.tariffs.list(account.id, page), tariffs);
  });

  ctx.test("tariffs.delete removes the rule from list too, and a deleted id can be inserted again", async () => {
    const account = await seedAccount(ctx.storage);
    const [kept, removed] = [makeTariff(account.id, { created_at: at(1) }), makeTariff(account.id, { created_at: at(2) })];
    await ctx.storage.tariffs.insert(kept);
    await ctx.storage.tariffs.insert(removed);
    expect(await ctx.storage.tariffs.delete(account.id, removed.id)).toBe(true);
    expect(await ctx.storage.tariffs.list(account.id, ALL)).toStrictEqual({ items: [kept], total: 1 });
    await ctx.storage.tariffs.insert(removed);
    expect(await ctx.storage.tariffs.get(account.id, removed.id)).toStrictEqual(removed);
  });
}
