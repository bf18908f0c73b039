import { expect } from "vitest";
import { uuidv7 } from "../ids/index.js";
import { ascendingIds, at, seedAccount, type ContractContext } from "./contract-context.js";
import { makeWebhook, makeWebhookNotification, makeWebhookNotificationAttempt } from "./fixtures-webhooks.js";

/** Outbox retention: `webhookNotifications.pruneDelivered`. */
export function describeOutboxRetentionContract(ctx: ContractContext): void {
  async function seedOutbox() {
    const a = await seedAccount(ctx.storage);
    const b = await seedAccount(ctx.storage);
    const hookA = makeWebhook(a.id);
    const hookB = makeWebhook(b.id);
    await ctx.storage.webhooks.insert(hookA);
    await ctx.storage.webhooks.insert(hookB);
    const [tie1, tie2] = ascendingIds(2, uuidv7);
    const delivered = (accountId: string, webhookId: string, minutes: number, id = uuidv7()) =>
      makeWebhookNotification(accountId, webhookId, { id, delivery_status: "succeeded", next_attempt_at: null, created_at: at(minutes), updated_at: at(minutes + 1) });
    const old = [delivered(a.id, hookA.id, 1), delivered(b.id, hookB.id, 2), delivered(a.id, hookA.id, 3, tie2), delivered(a.id, hookA.id, 3, tie1)];
    const recent = delivered(a.id, hookA.id, 100);
    const pending = makeWebhookNotification(a.id, hookA.id, { delivery_status: "pending", created_at: at(1), next_attempt_at: at(200) });
    const failed = makeWebhookNotification(b.id, hookB.id, { delivery_status: "failed", created_at: at(1), next_attempt_at: null });
    await ctx.storage.webhookNotifications.insertMany([...old, recent, pending, failed]);
    for (const n of [...old, recent, pending, failed]) await ctx.storage.webhookNotifications.insertAttempt(makeWebhookNotificationAttempt(n.id, { attempted_at: n.created_at }));
    return { a, b, old, recent, pending, failed };
  }

  ctx.test("webhookNotifications.pruneDelivered deletes delivered notifications created before the cutoff, oldest first, across accounts, with their attempts", async () => {
    const { a, b, old, recent, pending, failed } = await seedOutbox();
    // Oldest first: at(1), at(2), then the two at(3) by id.
    expect(await ctx.storage.webhookNotifications.pruneDelivered(at(50), 3)).toBe(3);
    for (const n of old.slice(0, 2)) expect(await ctx.storage.webhookNotifications.get(n.account_id, n.id)).toBeNull();
    expect(await ctx.storage.webhookNotifications.get(a.id, old[3]!.id)).toBeNull();
    expect(await ctx.storage.webhookNotifications.get(a.id, old[2]!.id)).not.toBeNull();
    expect(await ctx.storage.webhookNotifications.listAttempts(old[0]!.id)).toStrictEqual([]);
    expect(await ctx.storage.webhookNotifications.pruneDelivered(at(50), 10)).toBe(1);
    expect(await ctx.storage.webhookNotifications.pruneDelivered(at(50), 10)).toBe(0);
    // Recent, pending and failed notifications stay, with their attempts.
    for (const n of [recent, pending, failed]) {
      expect(await ctx.storage.webhookNotifications.get(n.account_id, n.id)).toStrictEqual(n);
      expect(await ctx.storage.webhookNotifications.listAttempts(n.id)).toHaveLength(1);
    }
    expect((await ctx.storage.webhookNotifications.list(b.id, { page: { number: 1, size: 10 } })).items).toStrictEqual([failed]);
  });

  ctx.test("webhookNotifications.pruneDelivered inside a failed transaction deletes nothing", async () => {
    const { old } = await seedOutbox();
    await expect(
      ctx.storage.transaction(async (tx) => {
        expect(await tx.webhookNotifications.pruneDelivered(at(50), 10)).toBe(4);
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    for (const n of old) expect(await ctx.storage.webhookNotifications.get(n.account_id, n.id)).toStrictEqual(n);
  });
}
