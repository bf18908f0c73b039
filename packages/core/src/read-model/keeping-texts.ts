import type { Container, RawEvent, Shipment, TransportEvent } from "../domain/index.js";
import type { KeptText } from "../storage/kept-text-repositories.js";
import type { StorageRepositories } from "../storage/repositories.js";
import type { Storage } from "../storage/storage.js";
import { containerIdsTexts, eventLinkageTexts, recordText, rendererFingerprint, textKeys } from "./resource-texts.js";

/*
 * The read model's write side: an inline projection kept in each write transaction. The writes a
 * kept text depends on are watched as the transaction makes them; before it commits, the texts they
 * changed are made again and kept, in the same transaction. So a kept text never lags its records,
 * and a reader that fills a missing text (`put` with `onlyMissing`) never replaces a newer one.
 *
 * What changes which text:
 * - a shipment's or container's insert or update: its record text;
 * - a container's insert: its shipment's list of containers (a container never moves to another
 *   shipment), and its event linkage (empty until its events are written: kept now, a read of a
 *   new container finds it rather than asking the event tables);
 * - events written for a container (transport events, raw events, a raw event's update): its event linkage.
 */

/** What one transaction changed that kept texts depend on, by account. */
class Changed {
  readonly records = new Map<string, { accountId: string; key: string; text: () => string }>();
  readonly shipmentContainers = new Map<string, Set<string>>();
  readonly containerEvents = new Map<string, Set<string>>();

  record(type: "shipment" | "container", record: Shipment | Container): void {
    const key = textKeys.record(type, record.id);
    // The last write of a record in the transaction is the one kept (rendered once, at the end).
    this.records.set(key, { accountId: record.account_id, key, text: () => recordText(type, record) });
  }

  add(map: Map<string, Set<string>>, accountId: string, id: string): void {
    const ids = map.get(accountId);
    if (ids) ids.add(id);
    else map.set(accountId, new Set([id]));
  }

  events(events: readonly (TransportEvent | RawEvent)[]): void {
    for (const event of events) if (event.container_id !== null) this.add(this.containerEvents, event.account_id, event.container_id);
  }

  get empty(): boolean {
    return this.records.size === 0 && this.shipmentContainers.size === 0 && this.containerEvents.size === 0;
  }
}

type AnyMethod = (...args: any[]) => Promise<any>;

/** `repositories` whose watched writes also note what they change in `changed`. */
function watched(repositories: StorageRepositories, changed: Changed): Partial<StorageRepositories> {
  const after =
    <A extends unknown[]>(call: (...args: A) => Promise<void>, note: (...args: A) => void): ((...args: A) => Promise<void>) =>
    async (...args) => {
      await call(...args);
      note(...args);
    };
  const { shipments, containers, transportEvents, rawEvents } = repositories;
  return {
    shipments: {
      ...shipments,
      insert: after((s: Shipment) => repositories.shipments.insert(s), (s) => changed.record("shipment", s)),
      update: after((s: Shipment) => repositories.shipments.update(s), (s) => changed.record("shipment", s)),
    },
    containers: {
      ...containers,
      insert: after(
        (c: Container) => repositories.containers.insert(c),
        (c) => {
          changed.record("container", c);
          changed.add(changed.shipmentContainers, c.account_id, c.shipment_id);
          changed.add(changed.containerEvents, c.account_id, c.id);
        },
      ),
      update: after((c: Container) => repositories.containers.update(c), (c) => changed.record("container", c)),
    },
    transportEvents: { ...transportEvents, insertMany: after((e: readonly TransportEvent[]) => repositories.transportEvents.insertMany(e), (e) => changed.events(e)) },
    rawEvents: {
      ...rawEvents,
      insertMany: after((e: readonly RawEvent[]) => repositories.rawEvents.insertMany(e), (e) => changed.events(e)),
      update: after((e: RawEvent) => repositories.rawEvents.update(e), (e) => changed.events([e])),
    },
  };
}

/** Makes and keeps, through `tx`, every text `changed` says is out of date. */
async function keepChanged(tx: StorageRepositories, changed: Changed, stamp: string): Promise<void> {
  const kept = tx.keptTexts!;
  const byAccount = new Map<string, KeptText[]>();
  const keep = (accountId: string, key: string, text: string) => {
    const texts = byAccount.get(accountId);
    if (texts) texts.push({ key, text });
    else byAccount.set(accountId, [{ key, text }]);
  };
  for (const { accountId, key, text } of changed.records.values()) keep(accountId, key, text());
  for (const [accountId, ids] of changed.shipmentContainers) {
    for (const [shipmentId, text] of await containerIdsTexts(tx, accountId, [...ids])) keep(accountId, textKeys.shipmentContainers(shipmentId), text);
  }
  for (const [accountId, ids] of changed.containerEvents) {
    for (const [containerId, text] of await eventLinkageTexts(tx, accountId, [...ids])) keep(accountId, textKeys.containerEvents(containerId), text);
  }
  for (const [accountId, texts] of byAccount) await kept.put(accountId, texts, stamp);
}

/**
 * The storage with core's read model kept: every transaction keeps, before it commits, the texts
 * its writes changed (see the rules above); a watched write made outside a transaction runs in one
 * of its own. A storage without `keptTexts` is returned as it is.
 *
 * @example
 * const storage = keepingTexts(versionedStorage(sqliteStorage({ filename: "bollard.sqlite" })));
 */
export function keepingTexts(storage: Storage): Storage {
  if (!storage.keptTexts) return storage;
  const stamp = rendererFingerprint();
  const transaction: Storage["transaction"] = (fn) =>
    storage.transaction(async (tx) => {
      const changed = new Changed();
      const result = await fn({ ...tx, ...watched(tx, changed) });
      if (!changed.empty) await keepChanged(tx, changed, stamp);
      return result;
    });
  // Outside a transaction, a watched write runs in one of its own (whose end keeps its texts).
  const alone = <N extends "shipments" | "containers" | "transportEvents" | "rawEvents">(name: N, method: string): AnyMethod => (...args) =>
    transaction((tx) => (tx[name] as unknown as Record<string, AnyMethod>)[method]!(...args));
  return {
    ...storage,
    shipments: { ...storage.shipments, insert: alone("shipments", "insert"), update: alone("shipments", "update") },
    containers: { ...storage.containers, insert: alone("containers", "insert"), update: alone("containers", "update") },
    transportEvents: { ...storage.transportEvents, insertMany: alone("transportEvents", "insertMany") },
    rawEvents: { ...storage.rawEvents, insertMany: alone("rawEvents", "insertMany"), update: alone("rawEvents", "update") },
    transaction,
  };
}
