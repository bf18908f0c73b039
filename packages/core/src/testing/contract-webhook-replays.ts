import { expect } from "vitest";
import { uuidv7 } from "../ids/index.js";
import type { WebhookNotificationWindow } from "../storage/index.js";
import { ascendingIds, at, expectCode, seedAccount, type ContractContext } from "./contract-context.js";
import { describeCrud } from "./contract-crud.js";
import { makeWebhook, makeWebhookNotification, makeWebhookReplay } from "./fixtures-webhooks.js";

/** A replay's reads of the outbox (a window in creation order, its bounded count) and the replays themselves. */
export function describeWebhookReplaysContract(ctx: ContractContext): void {
  /** An account with a webhook holding notifications at minutes 1, 2, 2 (ids ascending), 3 and 4, stored shuffled. */
  async function seedWindow() {
    const [account, other] = [await seedAccount(ctx.storage), await seedAccount(ctx.storage)];
    const [hook, otherHook] = [makeWebhook(account.id), makeWebhook(account.id)];
    await ctx.storage.webhooks.insert(hook);
    await ctx.storage.webhooks.insert(otherHook);
    const [id1, id2] = ascendingIds(2, uuidv7);
    const n = [
      makeWebhookNotification(account.id, hook.id, { created_at: at(1) }),
      makeWebhookNotification(account.id, hook.id, { id: id1, created_at: at(2) }),
      makeWebhookNotification(account.id, hook.id, { id: id2, created_at: at(2), delivery_status: "succeeded" }),
      makeWebhookNotification(account.id, hook.id, { created_at: at(3), delivery_status: "failed" }),
      makeWebhookNotification(account.id, hook.id, { created_at: at(4) }),
    ];
    await ctx.storage.webhookNotifications.insertMany([n[3]!, n[0]!, n[4]!, n[2]!, n[1]!]);
    // Beside the window: another webhook of the account, another account's notification of the same webhook id.
    await ctx.storage.webhookNotifications.insertMany([makeWebhookNotification(account.id, otherHook.id, { created_at: at(2) })]);
    await ctx.storage.webhookNotifications.insertMany([makeWebhookNotification(other.id, hook.id, { created_at: at(2) })]);
    const window = (overrides: Partial<WebhookNotificationWindow> = {}): WebhookNotificationWindow => ({ webhookId: hook.id, createdFrom: at(1), createdBefore: at(4), ...overrides });
    return { account, hook, n, window };
  }

  ctx.test("webhookNotifications.listWindow returns the webhook's notifications of the account created in [createdFrom, createdBefore), by created_at then id, ascending, at most limit", async () => {
    const { account, n, window } = await seedWindow();
    expect(await ctx.storage.webhookNotifications.listWindow(account.id, window(), 10)).toStrictEqual([n[0], n[1], n[2], n[3]]);
    expect(await ctx.storage.webhookNotifications.listWindow(account.id, window(), 2)).toStrictEqual([n[0], n[1]]);
    expect(await ctx.storage.webhookNotifications.listWindow(account.id, window({ createdFrom: at(2), createdBefore: at(5) }), 10)).toStrictEqual([n[1], n[2], n[3], n[4]]);
    expect(await ctx.storage.webhookNotifications.listWindow(account.id, window({ createdFrom: at(3), createdBefore: at(3) }), 10)).toStrictEqual([]);
    expect(await ctx.storage.webhookNotifications.listWindow(account.id, window({ webhookId: uuidv7() }), 10)).toStrictEqual([]);
    expect(await ctx.storage.webhookNotifications.listWindow(uuidv7(), window(), 10)).toStrictEqual([]);
  });

  ctx.test("webhookNotifications.listWindow continues strictly after `after` in (created_at, id) order, ties on created_at broken by id", async () => {
    const { account, n, window } = await seedWindow();
    const after = (i: number) => ({ created_at: n[i]!.created_at, id: n[i]!.id });
    expect(await ctx.storage.webhookNotifications.listWindow(account.id, window({ after: after(0) }), 10)).toStrictEqual([n[1], n[2], n[3]]);
    expect(await ctx.storage.webhookNotifications.listWindow(account.id, window({ after: after(1) }), 1)).toStrictEqual([n[2]]);
    expect(await ctx.storage.webhookNotifications.listWindow(account.id, window({ after: after(2) }), 10)).toStrictEqual([n[3]]);
    expect(await ctx.storage.webhookNotifications.listWindow(account.id, window({ after: after(3) }), 10)).toStrictEqual([]);
  });

  ctx.test("webhookNotifications.countWindow counts the window's notifications up to limit, whatever `after` says", async () => {
    const { account, n, window } = await seedWindow();
    expect(await ctx.storage.webhookNotifications.countWindow(account.id, window(), 100)).toBe(4);
    expect(await ctx.storage.webhookNotifications.countWindow(account.id, window(), 4)).toBe(4);
    expect(await ctx.storage.webhookNotifications.countWindow(account.id, window(), 3)).toBe(3);
    expect(await ctx.storage.webhookNotifications.countWindow(account.id, window({ after: { created_at: n[3]!.created_at, id: n[3]!.id } }), 100)).toBe(4);
    expect(await ctx.storage.webhookNotifications.countWindow(account.id, window({ createdFrom: at(2), createdBefore: at(3) }), 100)).toBe(2);
    expect(await ctx.storage.webhookNotifications.countWindow(uuidv7(), window(), 100)).toBe(0);
  });

  describeCrud(ctx, {
    name: "webhookReplays",
    setup: async (storage, accountId) => {
      const webhook = makeWebhook(accountId);
      await storage.webhooks.insert(webhook);
      return () => makeWebhookReplay(accountId, webhook.id);
    },
    insert: (repos, replay) => repos.webhookReplays.insert(replay),
    get: (repos, accountId, id) => repos.webhookReplays.get(accountId, id),
    update: (repos, replay) => repos.webhookReplays.update(replay),
    change: (r) => ({ ...r, status: "done" as const, scanned: 12, queued: 9, already_pending: 3, after_created_at: at(5), after_id: uuidv7(), updated_at: at(6), completed_at: at(6) }),
  });

  ctx.test("webhookReplays.listRunning returns running replays of every account by created_at then id, at most limit; with `of`, those of one webhook of one account", async () => {
    const [account, other] = [await seedAccount(ctx.storage), await seedAccount(ctx.storage)];
    const [hook, otherHook, theirHook] = [makeWebhook(account.id), makeWebhook(account.id), makeWebhook(other.id)];
    for (const webhook of [hook, otherHook, theirHook]) await ctx.storage.webhooks.insert(webhook);
    const [id1, id2] = ascendingIds(2, uuidv7);
    const running = [
      makeWebhookReplay(account.id, hook.id, { created_at: at(1) }),
      makeWebhookReplay(other.id, theirHook.id, { id: id1, created_at: at(2) }),
      makeWebhookReplay(account.id, otherHook.id, { id: id2, created_at: at(2) }),
      makeWebhookReplay(account.id, hook.id, { created_at: at(3) }),
    ];
    const ended = [makeWebhookReplay(account.id, hook.id, { status: "done", created_at: at(0) }), makeWebhookReplay(account.id, hook.id, { status: "failed", error: "the webhook was deleted", created_at: at(2) })];
    for (const replay of [running[3]!, ended[0]!, running[1]!, running[0]!, ended[1]!, running[2]!]) await ctx.storage.webhookReplays.insert(replay);
    expect(await ctx.storage.webhookReplays.listRunning(10)).toStrictEqual(running);
    expect(await ctx.storage.webhookReplays.listRunning(2)).toStrictEqual(running.slice(0, 2));
    expect(await ctx.storage.webhookReplays.listRunning(10, { accountId: account.id, webhookId: hook.id })).toStrictEqual([running[0], running[3]]);
    expect(await ctx.storage.webhookReplays.listRunning(10, { accountId: other.id, webhookId: hook.id })).toStrictEqual([]);
    await ctx.storage.webhookReplays.update({ ...running[0]!, status: "done", completed_at: at(4) });
    expect(await ctx.storage.webhookReplays.listRunning(10, { accountId: account.id, webhookId: hook.id })).toStrictEqual([running[3]]);
  });

  ctx.test("webhookReplays.update of a replay with notifications requeued in one transaction that fails leaves both as they were", async () => {
    const { account, hook, n } = await seedWindow();
    const replay = makeWebhookReplay(account.id, hook.id);
    await ctx.storage.webhookReplays.insert(replay);
    const failed = ctx.storage.transaction(async (tx) => {
      await tx.webhookNotifications.update({ ...n[2]!, delivery_status: "pending", attempts: 0 });
      await tx.webhookReplays.update({ ...replay, scanned: 3, queued: 1 });
      await tx.webhookReplays.insert(replay);
    });
    await expectCode(failed, "conflict");
    expect(await ctx.storage.webhookReplays.get(account.id, replay.id)).toStrictEqual(replay);
    expect(await ctx.storage.webhookNotifications.get(account.id, n[2]!.id)).toStrictEqual(n[2]);
  });
}
