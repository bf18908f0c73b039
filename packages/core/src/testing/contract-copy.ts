import { expect } from "vitest";
import { COPY_CHECKPOINT_PREFIX, COPY_NOUNS, type CopyNoun, type CopyScope, type Storage } from "../storage/index.js";
import { uuidv7 } from "../ids/index.js";
import { at, compareText, type ContractContext } from "./contract-context.js";
import { makeApiKey, makeAccount, makeContainer, makeDomainEvent, makeRawEvent, makeShipment, makeTrackingRequest, makeTransportEvent, makeUser } from "./fixtures.js";
import { makeCustomField, makeCustomFieldDefinition, makeCustomFieldOption } from "./fixtures-custom-fields.js";
import { makeMetroArea, makePort, makeRailTerminal, makeShippingLine, makeTerminal, makeVessel, makeVesselPosition } from "./fixtures-reference.js";
import { makeParty } from "./fixtures-parties.js";
import { makeTariff } from "./fixtures-tariffs.js";
import { makeExceptionRule, makeShipmentException } from "./fixtures-exceptions.js";
import { makeBulkJob, makeBulkJobRow } from "./fixtures-bulk-jobs.js";
import { makeChange } from "./fixtures-changes.js";
import { makeRefreshLogDay } from "./fixtures-refresh-log.js";
import { makeWebhook, makeWebhookNotification, makeWebhookNotificationAttempt, makeWebhookReplay } from "./fixtures-webhooks.js";

/** Two or more records of every noun, written through the repositories; returns them by noun. */
export async function seedEverything(storage: Storage): Promise<Record<CopyNoun, unknown[]>> {
  const accounts = [makeAccount(), makeAccount()];
  const a = accounts[0]!.id;
  const users = [makeUser(a), makeUser(a)];
  const apiKeys = [makeApiKey(a, users[0]!.id), makeApiKey(a, users[1]!.id)];
  const meta = [{ key: "copy.one", value: "1" }, { key: "copy.two", value: "two" }];
  const ports = [makePort(), makePort()];
  const vessels = [makeVessel(), makeVessel()];
  const vesselPositions = [makeVesselPosition(vessels[0]!.id, { timestamp: at(1) }), makeVesselPosition(vessels[0]!.id, { timestamp: at(2) }), makeVesselPosition(vessels[1]!.id, { timestamp: at(1) })];
  const shipments = [makeShipment(a), makeShipment(a, { ref_numbers: ["PO-1"] })];
  const containers = [makeContainer(a, shipments[0]!.id), makeContainer(a, shipments[1]!.id)];
  const c = containers[0]!;
  const transportEvents = [makeTransportEvent(a, c.shipment_id, c.id), makeTransportEvent(a, c.shipment_id, c.id, { timestamp: null }), makeTransportEvent(a, c.shipment_id, c.id, { voyage_number: null })];
  const rawEvents = [makeRawEvent(a, c.shipment_id, c.id), makeRawEvent(a, c.shipment_id, c.id, { index: 1 })];
  const definitions = [makeCustomFieldDefinition(a), makeCustomFieldDefinition(a, { api_slug: "second_field" })];
  const options = [makeCustomFieldOption(a, definitions[0]!.id), makeCustomFieldOption(a, definitions[0]!.id, { value: "other" })];
  const fields = [makeCustomField(a, definitions[0]!.id), makeCustomField(a, definitions[1]!.id, { api_slug: "second_field" })];
  const webhooks = [makeWebhook(a), makeWebhook(a)];
  const notifications = [makeWebhookNotification(a, webhooks[0]!.id), makeWebhookNotification(a, webhooks[0]!.id, { next_attempt_at: at(3) })];
  const attempts = [makeWebhookNotificationAttempt(notifications[0]!.id), makeWebhookNotificationAttempt(notifications[0]!.id)];
  const replays = [
    makeWebhookReplay(a, webhooks[0]!.id),
    makeWebhookReplay(a, webhooks[0]!.id, { status: "done", events: ["tracking_request.succeeded"], scanned: 12, queued: 10, already_pending: 2, after_created_at: at(2), after_id: notifications[1]!.id, completed_at: at(3) }),
  ];
  const changes = [makeChange(a, shipments[0]!.id), makeChange(a, c.id, { resource_type: "container", attribute: "holds_at_pod_terminal", before: [], after: [{ name: "customs", status: "hold", description: "" }], source: "terminal" })];
  const refreshLog = [makeRefreshLogDay(a, shipments[0]!.id), makeRefreshLogDay(a, shipments[0]!.id, { day: "2024-03-02", attempted: [0, 3_600_000], succeeded: [0] })];
  const domainEvents = [makeDomainEvent(a), makeDomainEvent(a, { shipment_id: shipments[0]!.id, container_id: c.id })];
  const bulkJobs = [makeBulkJob(a), makeBulkJob(a, { dry_run: true, format: "rows", file_name: null, status: "completed", completed_at: at(7), lease_until: at(6), counts: { pending: 0, created: 0, duplicate: 0, invalid: 1, valid: 2, updated: 0, unchanged: 0 } })];
  const bulkJobRows = [
    makeBulkJobRow(a, bulkJobs[0]!.id, 1),
    makeBulkJobRow(a, bulkJobs[0]!.id, 2, { status: "created", tracking_request_id: uuidv7() }),
    makeBulkJobRow(a, bulkJobs[1]!.id, 1, { status: "valid" }),
    makeBulkJobRow(a, bulkJobs[1]!.id, 2, { status: "valid", input: { request_number: "MAEU1", custom_fields: { po: ["a", 1, null] } } }),
    makeBulkJobRow(a, bulkJobs[1]!.id, 10, { status: "invalid", errors: [{ code: "blank", detail: "SCAC can't be blank", column: "SCAC", attribute: "scac" }] }),
  ];
  const seeded: Record<CopyNoun, unknown[]> = {
    accounts,
    users,
    apiKeys,
    meta,
    ports,
    terminals: [makeTerminal(ports[0]!.id), makeTerminal(ports[1]!.id)],
    railTerminals: [makeRailTerminal(), makeRailTerminal()],
    metroAreas: [makeMetroArea(), makeMetroArea()],
    shippingLines: [makeShippingLine(), makeShippingLine({ scac: "ZZZZ" })],
    vessels,
    vesselPositions,
    shipments,
    containers,
    changes,
    refreshLog,
    transportEvents,
    rawEvents,
    parties: [makeParty(a), makeParty(a, { company_name: "Second Customer" })],
    tariffs: [makeTariff(a), makeTariff(a, { kind: "contract", charge_type: "detention", valid_to: "2026-12-31", holiday_calendar: { country: "US", state: null }, rates: [] })],
    exceptionRules: [makeExceptionRule(a), makeExceptionRule(a, { kind: "empty_not_returned", threshold_hours: null, threshold_days: 6, enabled: false })],
    trackingRequests: [makeTrackingRequest(a), makeTrackingRequest(a, { next_attempt_at: at(5) })],
    customFieldDefinitions: definitions,
    customFieldOptions: options,
    customFields: fields,
    webhooks,
    webhookNotifications: notifications,
    webhookNotificationAttempts: attempts,
    webhookReplays: replays,
    domainEvents,
    exceptions: [makeShipmentException(a, shipments[0]!.id), makeShipmentException(a, shipments[0]!.id, { container_id: c.id, kind: "hold_too_long", status: "cleared", cleared_at: at(6), cleared_detail: "released", figures: { days_on_hold: 4 } })],
    bulkJobs,
    bulkJobRows,
  };
  for (const account of accounts) await storage.accounts.insert(account);
  for (const user of users) await storage.users.insert(user);
  for (const key of apiKeys) await storage.apiKeys.insert(key);
  for (const entry of meta) await storage.meta.set(entry.key, entry.value);
  await storage.ports.upsertMany(ports);
  await storage.terminals.upsertMany(seeded.terminals as never[]);
  await storage.railTerminals.upsertMany(seeded.railTerminals as never[]);
  await storage.metroAreas.upsertMany(seeded.metroAreas as never[]);
  await storage.shippingLines.upsertMany(seeded.shippingLines as never[]);
  await storage.vessels.upsertMany(vessels);
  await storage.vesselPositions.insertMany(vesselPositions);
  for (const shipment of shipments) await storage.shipments.insert(shipment);
  for (const container of containers) await storage.containers.insert(container);
  await storage.changes.insertMany(changes);
  for (const day of refreshLog) await storage.refreshLog.append(day);
  await storage.transportEvents.insertMany(transportEvents);
  await storage.rawEvents.insertMany(rawEvents);
  for (const party of seeded.parties) await storage.parties.insert(party as never);
  for (const tariff of seeded.tariffs) await storage.tariffs.insert(tariff as never);
  for (const request of seeded.trackingRequests) await storage.trackingRequests.insert(request as never);
  for (const definition of definitions) await storage.customFieldDefinitions.insert(definition);
  for (const option of options) await storage.customFieldOptions.insert(option);
  for (const field of fields) await storage.customFields.insert(field);
  for (const webhook of webhooks) await storage.webhooks.insert(webhook);
  await storage.webhookNotifications.insertMany(notifications);
  for (const attempt of attempts) await storage.webhookNotifications.insertAttempt(attempt);
  for (const replay of replays) await storage.webhookReplays.insert(replay);
  await storage.domainEvents.insertMany(domainEvents);
  for (const rule of seeded.exceptionRules) await storage.exceptionRules.insert(rule as never);
  await storage.exceptions.insertMany(seeded.exceptions as never[]);
  for (const job of bulkJobs) await storage.bulkJobs.insert(job, bulkJobRows.filter((row) => row.job_id === job.id));
  return seeded;
}

/** Every record of `noun` (with `scope`: of one account), exported in batches of `size`; checks that no record comes twice. */
export async function exportAll(storage: Storage, noun: CopyNoun, size: number, scope?: CopyScope): Promise<unknown[]> {
  const out: unknown[] = [];
  for (let after: string | null = null; ; ) {
    const batch = await storage.copy.exportBatch(noun, after, size, scope);
    if (!batch) return out;
    expect(batch.records.length).toBeGreaterThan(0);
    expect(batch.records.length).toBeLessThanOrEqual(size);
    out.push(...batch.records);
    after = batch.after;
  }
}

/** Records in a fixed order for comparison, whatever order the adapter exports in. */
export const sorted = (records: readonly unknown[]) => [...records].sort((x, y) => compareText(JSON.stringify(x), JSON.stringify(y)));

/** The records of `noun` a copy would move: `meta` without the storage's own entries. */
function expectedOf(noun: CopyNoun, seeded: Record<CopyNoun, unknown[]>, exported: unknown[]): unknown[] {
  if (noun !== "meta") return seeded[noun];
  // An adapter may keep bookkeeping of its own in meta; a copy moves only what was written through it.
  return exported.filter((entry) => (entry as { key: string }).key.startsWith("copy."));
}

/** The storage-neutral export/import port (`Storage.copy`) that `bollard migrate-db` copies with. */
export function describeCopyContract(ctx: ContractContext): void {
  ctx.test("copy.exportBatch returns every record of every noun once, exactly as written, and count agrees", async () => {
    const seeded = await seedEverything(ctx.storage);
    for (const noun of COPY_NOUNS) {
      const exported = await exportAll(ctx.storage, noun, 2);
      expect(sorted(expectedOf(noun, seeded, exported)), noun).toStrictEqual(sorted(seeded[noun]));
      expect(await ctx.storage.copy.count(noun), noun).toBe(exported.length);
    }
  });

  ctx.test("copy.importBatch into another storage stores every record with its checkpoint, skips stored keys, and exports the same records", async () => {
    await seedEverything(ctx.storage);
    const target = await ctx.fresh();
    try {
      for (const noun of COPY_NOUNS) {
        const records = await exportAll(ctx.storage, noun, 1000);
        const checkpoint = { key: `${COPY_CHECKPOINT_PREFIX}${noun}`, value: JSON.stringify({ done: true }) };
        expect(await target.copy.importBatch(noun, records, checkpoint), noun).toBe(records.length);
        expect(await target.copy.importBatch(noun, records), noun).toBe(0);
        expect(await target.meta.get(checkpoint.key)).toBe(checkpoint.value);
      }
      for (const noun of COPY_NOUNS) {
        const copied = (await exportAll(target, noun, 1000)).filter((r) => noun !== "meta" || (r as { key: string }).key.startsWith("copy."));
        const source = (await exportAll(ctx.storage, noun, 1000)).filter((r) => noun !== "meta" || (r as { key: string }).key.startsWith("copy."));
        expect(sorted(copied), noun).toStrictEqual(sorted(source));
      }
      const shipment = (await exportAll(ctx.storage, "shipments", 1))[0] as { account_id: string; id: string };
      expect(await target.shipments.get(shipment.account_id, shipment.id)).toStrictEqual(shipment);
    } finally {
      await target.close();
    }
  });

  ctx.test("copy.importBatch refuses a record holding a NUL character with INVALID naming it, and stores none of the batch", async () => {
    const account = makeAccount();
    const bad = makeAccount({ company_name: "NUL\u0000" });
    await expect(ctx.storage.copy.importBatch("accounts", [account, bad])).rejects.toMatchObject({ code: "invalid", message: expect.stringContaining(bad.id) });
    expect(await ctx.storage.copy.count("accounts")).toBe(0);
  });
}
