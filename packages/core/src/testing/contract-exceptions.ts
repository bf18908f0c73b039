import { expect } from "vitest";
import { uuidv7 } from "../ids/index.js";
import { ALL, ascendingIds, at, expectPaging, seedAccount, type ContractContext } from "./contract-context.js";
import { describeCrud } from "./contract-crud.js";
import { makeExceptionRule, makeShipmentException } from "./fixtures-exceptions.js";

/** Exception rules of an account, and the exceptions raised on its shipments. */
export function describeExceptionsContract(ctx: ContractContext): void {
  describeCrud(ctx, {
    name: "exceptionRules",
    setup: async (_storage, accountId) => () => makeExceptionRule(accountId),
    insert: (repos, rule) => repos.exceptionRules.insert(rule),
    get: (repos, accountId, id) => repos.exceptionRules.get(accountId, id),
    update: (repos, rule) => repos.exceptionRules.update(rule),
    delete: (repos, accountId, id) => repos.exceptionRules.delete(accountId, id),
    list: async (repos, accountId) => (await repos.exceptionRules.list(accountId, ALL)).items,
    change: (rule) => ({ ...rule, kind: "hold_too_long" as const, threshold_hours: null, threshold_days: 4, enabled: false, updated_at: at(9) }),
  });

  ctx.test("exceptionRules.list orders by created_at then id, ascending, and pages", async () => {
    const [account, other] = [await seedAccount(ctx.storage), await seedAccount(ctx.storage)];
    const [id1, id2] = ascendingIds(2, uuidv7);
    const rules = [makeExceptionRule(account.id, { created_at: at(1) }), makeExceptionRule(account.id, { id: id1, created_at: at(2) }), makeExceptionRule(account.id, { id: id2, created_at: at(2) })];
    for (const r of [rules[2], rules[0], rules[1]]) if (r) await ctx.storage.exceptionRules.insert(r);
    await ctx.storage.exceptionRules.insert(makeExceptionRule(other.id));
    expect(await ctx.storage.exceptionRules.list(account.id, ALL)).toStrictEqual({ items: rules, total: 3 });
    await expectPaging((page) => ctx.storage.exceptionRules.list(account.id, page), rules);
  });

  ctx.test("exceptions.get returns an exception exactly as written, open or cleared, and null for another account", async () => {
    const [account, other] = [await seedAccount(ctx.storage), await seedAccount(ctx.storage)];
    const open = makeShipmentException(account.id, uuidv7());
    const cleared = makeShipmentException(account.id, uuidv7(), { container_id: uuidv7(), kind: "hold_too_long", status: "cleared", cleared_at: at(5), cleared_detail: "hold released", figures: { days_on_hold: 4, threshold_days: 3, hold: "customs" } });
    await ctx.storage.exceptions.insertMany([open, cleared]);
    expect(await ctx.storage.exceptions.get(account.id, open.id)).toStrictEqual(open);
    expect(await ctx.storage.exceptions.get(account.id, cleared.id)).toStrictEqual(cleared);
    expect(await ctx.storage.exceptions.get(other.id, open.id)).toBeNull();
  });

  ctx.test("exceptions.insertMany is all or nothing: a taken id is a conflict and stores none of the batch", async () => {
    const account = await seedAccount(ctx.storage);
    const first = makeShipmentException(account.id, uuidv7());
    await ctx.storage.exceptions.insertMany([first]);
    const fresh = makeShipmentException(account.id, uuidv7());
    await expect(ctx.storage.transaction((tx) => tx.exceptions.insertMany([fresh, { ...first }]))).rejects.toMatchObject({ code: "conflict" });
    expect(await ctx.storage.exceptions.get(account.id, fresh.id)).toBeNull();
  });

  ctx.test("exceptions.update replaces the record (clearing it) and is not_found for an unknown id or another account", async () => {
    const [account, other] = [await seedAccount(ctx.storage), await seedAccount(ctx.storage)];
    const exception = makeShipmentException(account.id, uuidv7());
    await ctx.storage.exceptions.insertMany([exception]);
    const cleared = { ...exception, status: "cleared" as const, cleared_at: at(7), cleared_detail: "ETA back within 24 h", updated_at: at(7) };
    await ctx.storage.exceptions.update(cleared);
    expect(await ctx.storage.exceptions.get(account.id, exception.id)).toStrictEqual(cleared);
    await expect(ctx.storage.exceptions.update({ ...cleared, id: uuidv7() })).rejects.toMatchObject({ code: "not_found" });
    await expect(ctx.storage.exceptions.update({ ...cleared, account_id: other.id })).rejects.toMatchObject({ code: "not_found" });
  });

  ctx.test("exceptions.list orders by raised_at then id, descending, filters by status, kind, shipment and container (AND), and pages", async () => {
    const [account, other] = [await seedAccount(ctx.storage), await seedAccount(ctx.storage)];
    const [s1, s2, c1] = [uuidv7(), uuidv7(), uuidv7()];
    const [id1, id2] = ascendingIds(2, uuidv7);
    const e = [
      makeShipmentException(account.id, s1, { raised_at: at(1) }),
      makeShipmentException(account.id, s1, { id: id1, raised_at: at(2), kind: "rolled_over" }),
      makeShipmentException(account.id, s2, { id: id2, raised_at: at(2), container_id: c1, kind: "hold_too_long", status: "cleared", cleared_at: at(3), cleared_detail: "released" }),
      makeShipmentException(account.id, s2, { raised_at: at(4), container_id: c1, kind: "last_free_day_passed" }),
    ];
    await ctx.storage.exceptions.insertMany([e[2]!, e[0]!, e[3]!, e[1]!]);
    await ctx.storage.exceptions.insertMany([makeShipmentException(other.id, s1, { raised_at: at(2) })]);
    const newest = [e[3], e[2], e[1], e[0]];
    expect(await ctx.storage.exceptions.list(account.id, { page: ALL })).toStrictEqual({ items: newest, total: 4 });
    await expectPaging((page) => ctx.storage.exceptions.list(account.id, { page }), newest as never[]);
    expect((await ctx.storage.exceptions.list(account.id, { page: ALL, status: "open" })).items).toStrictEqual([e[3], e[1], e[0]]);
    expect((await ctx.storage.exceptions.list(account.id, { page: ALL, kind: "rolled_over" })).items).toStrictEqual([e[1]]);
    expect((await ctx.storage.exceptions.list(account.id, { page: ALL, shipmentId: s2 })).items).toStrictEqual([e[3], e[2]]);
    expect((await ctx.storage.exceptions.list(account.id, { page: ALL, containerId: c1, status: "open" })).items).toStrictEqual([e[3]]);
    expect(await ctx.storage.exceptions.list(account.id, { page: ALL, shipmentId: "not-a-uuid" })).toStrictEqual({ items: [], total: 0 });
  });

  ctx.test("exceptions.listOpenByShipments returns the open exceptions of those shipments of the account only", async () => {
    const [account, other] = [await seedAccount(ctx.storage), await seedAccount(ctx.storage)];
    const [s1, s2, s3] = [uuidv7(), uuidv7(), uuidv7()];
    const open1 = makeShipmentException(account.id, s1);
    const open2 = makeShipmentException(account.id, s2, { kind: "tracking_stale" });
    const cleared = makeShipmentException(account.id, s1, { kind: "rolled_over", status: "cleared", cleared_at: at(3), cleared_detail: "departed" });
    await ctx.storage.exceptions.insertMany([open1, open2, cleared, makeShipmentException(account.id, s3), makeShipmentException(other.id, s1)]);
    const found = await ctx.storage.exceptions.listOpenByShipments(account.id, [s1, s2]);
    expect([...found].sort((a, b) => (a.id < b.id ? -1 : 1))).toStrictEqual([open1, open2].sort((a, b) => (a.id < b.id ? -1 : 1)));
    expect(await ctx.storage.exceptions.listOpenByShipments(account.id, [])).toStrictEqual([]);
  });
}
