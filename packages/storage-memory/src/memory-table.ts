import type { EventFeedType, RefreshLogDay } from "@bollard/core/storage";
import type { Account, ApiKey, BulkJob, BulkJobRow, Change, Container, CustomField, CustomFieldDefinition, CustomFieldOption, DomainEvent, ExceptionRule, MetroArea, Party, Port, RailTerminal, RawEvent, Shipment, ShipmentException, ShippingLine, Tariff, Terminal, TrackingRequest, TransportEvent, User, Vessel, VesselPositionRecord, Webhook, WebhookNotification, WebhookNotificationAttempt, WebhookReplayRecord } from "@bollard/core";

/** A keyed collection of stored records; values are owned by the table and never mutated. */
export interface Table<T> {
  get(key: string): T | undefined;
  entries(): Array<[string, T]>;
  set(key: string, value: T): void;
  delete(key: string): boolean;
}

/** The stored values of a table, in no particular order. */
export function valuesOf<T>(table: Table<T>): T[] {
  return table.entries().map(([, value]) => value);
}

/** The committed state: a plain Map. */
class MapTable<T> implements Table<T> {
  private readonly map = new Map<string, T>();
  get(key: string): T | undefined {
    return this.map.get(key);
  }
  entries(): Array<[string, T]> {
    return [...this.map.entries()];
  }
  set(key: string, value: T): void {
    this.map.set(key, value);
  }
  delete(key: string): boolean {
    return this.map.delete(key);
  }
}

const DELETED = Symbol("deleted");

/**
 * A transaction's view of a table: writes land in a private layer over the committed table, so
 * readers outside the transaction keep seeing the committed state until {@link OverlayTable.commit}.
 */
class OverlayTable<T> implements Table<T> {
  private readonly layer = new Map<string, T | typeof DELETED>();
  constructor(private readonly base: Table<T>) {}
  get(key: string): T | undefined {
    const own = this.layer.get(key);
    if (own === DELETED) return undefined;
    return own ?? this.base.get(key);
  }
  entries(): Array<[string, T]> {
    const merged = new Map<string, T | typeof DELETED>(this.base.entries());
    for (const [key, value] of this.layer) merged.set(key, value);
    return [...merged.entries()].filter((entry): entry is [string, T] => entry[1] !== DELETED);
  }
  set(key: string, value: T): void {
    this.layer.set(key, value);
  }
  delete(key: string): boolean {
    const existed = this.get(key) !== undefined;
    this.layer.set(key, DELETED);
    return existed;
  }
  commit(): void {
    for (const [key, value] of this.layer) {
      if (value === DELETED) this.base.delete(key);
      else this.base.set(key, value);
    }
  }
}

/** Where one event stands in its account's feed. */
export interface FeedMark {
  /** The event's id. */
  id: string;
  /** Its account. */
  account_id: string;
  /** Which table holds it. */
  type: EventFeedType;
  /** Its position. */
  position: number;
}

/** Every table of a memory storage. */
export interface MemoryTables {
  accounts: Table<Account>;
  users: Table<User>;
  apiKeys: Table<ApiKey>;
  ports: Table<Port>;
  terminals: Table<Terminal>;
  railTerminals: Table<RailTerminal>;
  metroAreas: Table<MetroArea>;
  shippingLines: Table<ShippingLine>;
  vessels: Table<Vessel>;
  vesselPositions: Table<VesselPositionRecord>;
  shipments: Table<Shipment>;
  containers: Table<Container>;
  changes: Table<Change>;
  refreshLog: Table<RefreshLogDay>;
  transportEvents: Table<TransportEvent>;
  rawEvents: Table<RawEvent>;
  trackingRequests: Table<TrackingRequest>;
  parties: Table<Party>;
  tariffs: Table<Tariff>;
  exceptionRules: Table<ExceptionRule>;
  exceptions: Table<ShipmentException>;
  bulkJobs: Table<BulkJob>;
  /** Rows of bulk jobs, by job id and index (see `bulkJobRowKey`). */
  bulkJobRows: Table<BulkJobRow>;
  customFieldDefinitions: Table<CustomFieldDefinition>;
  customFieldOptions: Table<CustomFieldOption>;
  customFields: Table<CustomField>;
  webhooks: Table<Webhook>;
  webhookNotifications: Table<WebhookNotification>;
  webhookAttempts: Table<WebhookNotificationAttempt>;
  webhookReplays: Table<WebhookReplayRecord>;
  domainEvents: Table<DomainEvent>;
  meta: Table<string>;
  /** Each event's place in its account's feed, by event id. */
  eventFeed: Table<FeedMark>;
  /** The last feed position given in each account, by account id. */
  feedCounters: Table<number>;
  /** The change version of each key (see `ChangeVersionRepository`). */
  changeVersions: Table<number>;
  /** Texts kept for readers, by account id and key (see `KeptTextRepository`). */
  keptTexts: Table<KeptTextEntry>;
}

/** A text of `keptTexts` and what it is kept for. */
export interface KeptTextEntry {
  readonly account_id: string;
  readonly stamp: string;
  readonly text: string;
}

const TABLE_NAMES = [
  "accounts", "users", "apiKeys", "ports", "terminals", "railTerminals", "metroAreas", "shippingLines", "vessels",
  "vesselPositions", "shipments", "containers", "changes", "refreshLog", "transportEvents", "rawEvents", "trackingRequests", "parties", "tariffs", "exceptionRules", "exceptions", "bulkJobs", "bulkJobRows",
  "customFieldDefinitions", "customFieldOptions", "customFields", "webhooks", "webhookNotifications", "webhookAttempts", "webhookReplays", "domainEvents", "meta", "eventFeed", "feedCounters", "changeVersions", "keptTexts",
] as const satisfies ReadonlyArray<keyof MemoryTables>;

/** Empty committed tables. */
export function createTables(): MemoryTables {
  return Object.fromEntries(TABLE_NAMES.map((name) => [name, new MapTable()])) as unknown as MemoryTables;
}

/** A transaction's overlay over every table, and the function that merges it into them. */
export function overlayTables(base: MemoryTables): { tables: MemoryTables; commit: () => void } {
  const overlays = TABLE_NAMES.map((name) => [name, new OverlayTable<unknown>(base[name] as Table<unknown>)] as const);
  return {
    tables: Object.fromEntries(overlays) as unknown as MemoryTables,
    commit: () => {
      for (const [, overlay] of overlays) overlay.commit();
    },
  };
}
