import { expect } from "vitest";
import { ACCOUNT_DATA_NOUNS, COPY_NOUNS, isAccountDataNoun, type AccountDataNoun, type Storage } from "../storage/index.js";
import { compareText, expectCode, type ContractContext } from "./contract-context.js";
import { exportAll, seedEverything } from "./contract-copy.js";
import { makeAccount, makeContainer, makeRefreshLogDay, makeShipment, makeTransportEvent } from "./fixtures.js";
import { makeWebhook, makeWebhookNotification, makeWebhookNotificationAttempt, makeWebhookReplay } from "./fixtures-webhooks.js";
import { makeBulkJob, makeBulkJobRow } from "./fixtures-bulk-jobs.js";

/** Records in key order, whatever order the adapter exports in: by id, those that have none by their keys (a refresh log day by shipment and day, a bulk job row by job and index). */
const sortKey = (record: unknown) => {
  const { id, shipment_id, day, job_id, index } = record as { id?: string; shipment_id?: string; day?: string; job_id?: string; index?: number };
  return id ?? (job_id === undefined ? `${shipment_id} ${day}` : `${job_id} ${String(index).padStart(10, "0")}`);
};
const sorted = (records: readonly unknown[]) => [...records].sort((x, y) => compareText(sortKey(x), sortKey(y)));

/** A second account with a little data of its own (a shipment and its box, a webhook with a logged delivery and a replay, a bulk job with a row). */
async function seedOtherAccount(storage: Storage): Promise<{ accountId: string; records: Partial<Record<AccountDataNoun, unknown[]>> }> {
  const account = makeAccount({ company_name: "Other Account" });
  const shipment = makeShipment(account.id);
  const container = makeContainer(account.id, shipment.id);
  const event = makeTransportEvent(account.id, shipment.id, container.id);
  const webhook = makeWebhook(account.id);
  const notification = makeWebhookNotification(account.id, webhook.id);
  const attempt = makeWebhookNotificationAttempt(notification.id);
  const refreshes = makeRefreshLogDay(account.id, shipment.id);
  const replay = makeWebhookReplay(account.id, webhook.id);
  const job = makeBulkJob(account.id, { row_count: 1 });
  const row = makeBulkJobRow(account.id, job.id, 1);
  await storage.accounts.insert(account);
  await storage.shipments.insert(shipment);
  await storage.containers.insert(container);
  await storage.transportEvents.insertMany([event]);
  await storage.webhooks.insert(webhook);
  await storage.webhookNotifications.insertMany([notification]);
  await storage.webhookNotifications.insertAttempt(attempt);
  await storage.refreshLog.append(refreshes);
  await storage.webhookReplays.insert(replay);
  await storage.bulkJobs.insert(job, [row]);
  return {
    accountId: account.id,
    records: { shipments: [shipment], containers: [container], refreshLog: [refreshes], transportEvents: [event], webhooks: [webhook], webhookNotifications: [notification], webhookNotificationAttempts: [attempt], webhookReplays: [replay], bulkJobs: [job], bulkJobRows: [row] },
  };
}

/** The account-scoped side of the copy port: one account's own data exported, cleared and put back (the sandbox's reset and snapshots). */
export function describeAccountCopyContract(ctx: ContractContext): void {
  ctx.test("copy.exportBatch and count with an account scope return exactly that account's own data, attempts through their notifications", async () => {
    const seeded = await seedEverything(ctx.storage);
    const mine = (seeded.accounts[0] as { id: string }).id;
    const other = await seedOtherAccount(ctx.storage);
    for (const noun of ACCOUNT_DATA_NOUNS) {
      const exported = await exportAll(ctx.storage, noun, 1, { accountId: mine });
      expect(sorted(exported), noun).toStrictEqual(sorted(seeded[noun]));
      expect(await ctx.storage.copy.count(noun, { accountId: mine }), noun).toBe(seeded[noun].length);
      expect(sorted(await exportAll(ctx.storage, noun, 10, { accountId: other.accountId })), noun).toStrictEqual(sorted(other.records[noun] ?? []));
    }
  });

  ctx.test("copy with an account scope refuses every noun that is not an account's own data with INVALID_PARAMETER", async () => {
    const account = makeAccount();
    await ctx.storage.accounts.insert(account);
    for (const noun of COPY_NOUNS.filter((n) => !isAccountDataNoun(n))) {
      await expectCode(ctx.storage.copy.exportBatch(noun, null, 10, { accountId: account.id }), "invalid_parameter");
      await expectCode(ctx.storage.copy.count(noun, { accountId: account.id }), "invalid_parameter");
    }
  });

  ctx.test("copy.clearAccount deletes the account's own data and nothing else; importing its export puts back the same records", async () => {
    const seeded = await seedEverything(ctx.storage);
    const mine = (seeded.accounts[0] as { id: string }).id;
    const other = await seedOtherAccount(ctx.storage);
    const before = Object.fromEntries(await Promise.all(ACCOUNT_DATA_NOUNS.map(async (noun) => [noun, await exportAll(ctx.storage, noun, 1000, { accountId: mine })] as const)));
    const everythingElse = async () => Promise.all(COPY_NOUNS.filter((n) => !isAccountDataNoun(n)).map((noun) => exportAll(ctx.storage, noun, 1000)));
    const untouched = await everythingElse();

    const total = ACCOUNT_DATA_NOUNS.reduce((sum, noun) => sum + seeded[noun].length, 0);
    expect(await ctx.storage.copy.clearAccount(mine)).toBe(total);
    for (const noun of ACCOUNT_DATA_NOUNS) {
      expect(await ctx.storage.copy.count(noun, { accountId: mine }), noun).toBe(0);
      expect(sorted(await exportAll(ctx.storage, noun, 10, { accountId: other.accountId })), noun).toStrictEqual(sorted(other.records[noun] ?? []));
    }
    expect(await everythingElse()).toStrictEqual(untouched);
    expect(await ctx.storage.copy.clearAccount(mine)).toBe(0);

    for (const noun of ACCOUNT_DATA_NOUNS) expect(await ctx.storage.copy.importBatch(noun, before[noun]!), noun).toBe(before[noun]!.length);
    for (const noun of ACCOUNT_DATA_NOUNS) expect(await exportAll(ctx.storage, noun, 1000, { accountId: mine }), noun).toStrictEqual(before[noun]);
  });
}
