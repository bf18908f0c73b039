import fc from "fast-check";
import { expect } from "vitest";
import type { Storage } from "../storage/index.js";
import type { ContractContext } from "./contract-context.js";
import * as arb from "./arbitraries.js";
import {
  makeAccount,
  makeContainer,
  makeCustomFieldDefinition,
  makePort,
  makeShipment,
  makeUser,
  makeVessel,
  makeWebhook,
  makeWebhookNotification,
} from "./fixtures.js";

const ROUND_TRIP_RUNS = 25;

/** Parent records every generated record may hang off; written before it, in this order. */
function makeParents() {
  const account = makeAccount();
  const user = makeUser(account.id);
  const shipment = makeShipment(account.id);
  const container = makeContainer(account.id, shipment.id);
  const definition = makeCustomFieldDefinition(account.id);
  const webhook = makeWebhook(account.id);
  const notification = makeWebhookNotification(account.id, webhook.id);
  const port = makePort();
  const vessel = makeVessel();
  return { account, user, shipment, container, definition, webhook, notification, port, vessel };
}

type Parents = ReturnType<typeof makeParents>;
type ParentName = keyof Parents;

const writeParent: { [K in ParentName]: (storage: Storage, record: Parents[K]) => Promise<unknown> } = {
  account: (s, r) => s.accounts.insert(r),
  user: (s, r) => s.users.insert(r),
  shipment: (s, r) => s.shipments.insert(r),
  container: (s, r) => s.containers.insert(r),
  definition: (s, r) => s.customFieldDefinitions.insert(r),
  webhook: (s, r) => s.webhooks.insert(r),
  notification: (s, r) => s.webhookNotifications.insertMany([r]),
  port: (s, r) => s.ports.upsertMany([r]),
  vessel: (s, r) => s.vessels.upsertMany([r]),
};

interface RoundTrip<T> {
  name: string;
  parents: ParentName[];
  arbitrary(p: Parents): fc.Arbitrary<T>;
  write(storage: Storage, record: T): Promise<unknown>;
  /** Reads the record back, in the shape `write` was given (a list for list-only repositories). */
  read(storage: Storage, record: T): Promise<unknown>;
  /** What `read` must return; the record itself unless the repository only lists. */
  expected?(record: T): unknown;
}

function roundTrip<T>(spec: RoundTrip<T>): RoundTrip<unknown> {
  return spec as RoundTrip<unknown>;
}

const scoped = ["account"] satisfies ParentName[];
const inShipment = ["account", "shipment"] satisfies ParentName[];
const inContainer = ["account", "shipment", "container"] satisfies ParentName[];

const ROUND_TRIPS: RoundTrip<unknown>[] = [
  roundTrip({ name: "accounts", parents: [], arbitrary: () => arb.arbitraryAccount(), write: (s, r) => s.accounts.insert(r), read: (s, r) => s.accounts.get(r.id) }),
  roundTrip({ name: "users", parents: scoped, arbitrary: (p) => arb.arbitraryUser(p.account.id), write: (s, r) => s.users.insert(r), read: (s, r) => s.users.get(r.account_id, r.id) }),
  roundTrip({
    name: "apiKeys",
    parents: ["account", "user"],
    arbitrary: (p) => arb.arbitraryApiKey(p.account.id, p.user.id),
    write: (s, r) => s.apiKeys.insert(r),
    read: (s, r) => s.apiKeys.findByHash(r.key_hash),
  }),
  roundTrip({ name: "ports", parents: [], arbitrary: () => arb.arbitraryPort(), write: (s, r) => s.ports.upsertMany([r]), read: (s, r) => s.ports.get(r.id) }),
  roundTrip({
    name: "terminals",
    parents: ["port"],
    arbitrary: (p) => arb.arbitraryTerminal(p.port.id),
    write: (s, r) => s.terminals.upsertMany([r]),
    read: (s, r) => s.terminals.get(r.id),
  }),
  roundTrip({ name: "railTerminals", parents: [], arbitrary: () => arb.arbitraryRailTerminal(), write: (s, r) => s.railTerminals.upsertMany([r]), read: (s, r) => s.railTerminals.get(r.id) }),
  roundTrip({ name: "metroAreas", parents: [], arbitrary: () => arb.arbitraryMetroArea(), write: (s, r) => s.metroAreas.upsertMany([r]), read: (s, r) => s.metroAreas.get(r.id) }),
  roundTrip({ name: "shippingLines", parents: [], arbitrary: () => arb.arbitraryShippingLine(), write: (s, r) => s.shippingLines.upsertMany([r]), read: (s, r) => s.shippingLines.get(r.id) }),
  roundTrip({ name: "vessels", parents: [], arbitrary: () => arb.arbitraryVessel(), write: (s, r) => s.vessels.upsertMany([r]), read: (s, r) => s.vessels.get(r.id) }),
  roundTrip({
    name: "vesselPositions",
    parents: ["vessel"],
    arbitrary: (p) => arb.arbitraryVesselPosition(p.vessel.id),
    write: (s, r) => s.vesselPositions.insertMany([r]),
    read: (s, r) => s.vesselPositions.listByVessel(r.vessel_id),
    expected: (r) => [r],
  }),
  roundTrip({ name: "shipments", parents: scoped, arbitrary: (p) => arb.arbitraryShipment(p.account.id), write: (s, r) => s.shipments.insert(r), read: (s, r) => s.shipments.get(r.account_id, r.id) }),
  roundTrip({
    name: "containers",
    parents: inShipment,
    arbitrary: (p) => arb.arbitraryContainer(p.account.id, p.shipment.id),
    write: (s, r) => s.containers.insert(r),
    read: (s, r) => s.containers.get(r.account_id, r.id),
  }),
  roundTrip({
    name: "transportEvents",
    parents: inContainer,
    arbitrary: (p) => arb.arbitraryTransportEvent(p.account.id, p.shipment.id, p.container.id),
    write: (s, r) => s.transportEvents.insertMany([r]),
    read: (s, r) => s.transportEvents.get(r.account_id, r.id),
  }),
  roundTrip({
    name: "rawEvents",
    parents: inContainer,
    arbitrary: (p) => arb.arbitraryRawEvent(p.account.id, p.shipment.id, p.container.id),
    write: (s, r) => s.rawEvents.insertMany([r]),
    read: (s, r) => s.rawEvents.listByContainers(r.account_id, [r.container_id]),
    expected: (r) => ({ items: [r], total: 1 }),
  }),
  roundTrip({
    name: "trackingRequests",
    parents: scoped,
    arbitrary: (p) => arb.arbitraryTrackingRequest(p.account.id),
    write: (s, r) => s.trackingRequests.insert(r),
    read: (s, r) => s.trackingRequests.get(r.account_id, r.id),
  }),
  roundTrip({ name: "parties", parents: scoped, arbitrary: (p) => arb.arbitraryParty(p.account.id), write: (s, r) => s.parties.insert(r), read: (s, r) => s.parties.get(r.account_id, r.id) }),
  roundTrip({ name: "tariffs", parents: scoped, arbitrary: (p) => arb.arbitraryTariff(p.account.id), write: (s, r) => s.tariffs.insert(r), read: (s, r) => s.tariffs.get(r.account_id, r.id) }),
  roundTrip({
    name: "customFieldDefinitions",
    parents: scoped,
    arbitrary: (p) => arb.arbitraryCustomFieldDefinition(p.account.id),
    write: (s, r) => s.customFieldDefinitions.insert(r),
    read: (s, r) => s.customFieldDefinitions.get(r.account_id ?? "", r.id),
  }),
  roundTrip({
    name: "customFieldOptions",
    parents: ["account", "definition"],
    arbitrary: (p) => arb.arbitraryCustomFieldOption(p.account.id, p.definition.id),
    write: (s, r) => s.customFieldOptions.insert(r),
    read: (s, r) => s.customFieldOptions.get(r.account_id, r.id),
  }),
  roundTrip({
    name: "customFields",
    parents: ["account", "definition"],
    arbitrary: (p) => arb.arbitraryCustomField(p.account.id, p.definition.id),
    write: (s, r) => s.customFields.insert(r),
    read: (s, r) => s.customFields.get(r.account_id, r.id),
  }),
  roundTrip({ name: "webhooks", parents: scoped, arbitrary: (p) => arb.arbitraryWebhook(p.account.id), write: (s, r) => s.webhooks.insert(r), read: (s, r) => s.webhooks.get(r.account_id, r.id) }),
  roundTrip({
    name: "webhookNotifications",
    parents: ["account", "webhook"],
    arbitrary: (p) => arb.arbitraryWebhookNotification(p.account.id, p.webhook.id),
    write: (s, r) => s.webhookNotifications.insertMany([r]),
    read: (s, r) => s.webhookNotifications.get(r.account_id, r.id),
  }),
  roundTrip({
    name: "webhookNotificationAttempts",
    parents: ["account", "webhook", "notification"],
    arbitrary: (p) => arb.arbitraryWebhookNotificationAttempt(p.notification.id),
    write: (s, r) => s.webhookNotifications.insertAttempt(r),
    read: (s, r) => s.webhookNotifications.listAttempts(r.notification_id),
    expected: (r) => [r],
  }),
  roundTrip({
    name: "webhookReplays",
    parents: ["account", "webhook"],
    arbitrary: (p) => arb.arbitraryWebhookReplay(p.account.id, p.webhook.id),
    write: (s, r) => s.webhookReplays.insert(r),
    read: (s, r) => s.webhookReplays.get(r.account_id, r.id),
  }),
];

/** Property-based round trips: any valid record of every entity reads back deep-equal. */
export function describeRoundTripsContract(ctx: ContractContext): void {
  for (const spec of ROUND_TRIPS) {
    ctx.test(
      `round trip: any valid ${spec.name} record reads back deep-equal to what was written`,
      async () => {
        const parents = makeParents();
        await fc.assert(
          fc.asyncProperty(spec.arbitrary(parents), async (record) => {
            const storage = await ctx.fresh();
            try {
              for (const name of spec.parents) await (writeParent[name] as (s: Storage, r: unknown) => Promise<unknown>)(storage, parents[name]);
              await spec.write(storage, record);
              expect(await spec.read(storage, record)).toStrictEqual(spec.expected ? spec.expected(record) : record);
            } finally {
              await storage.close();
            }
          }),
          { numRuns: ROUND_TRIP_RUNS },
        );
      },
      60_000,
    );
  }
}
