import { accountDemurrage, type AccountDemurrageOptions } from "../demurrage/account-demurrage.js";
import type { Container, CustomField, CustomFieldDefinition, Shipment } from "../domain/index.js";
import type { ContainerListQuery, EventFeedQuery, ShipmentListQuery, Storage, TrackingRequestListQuery } from "../storage/index.js";
import {
  CONTAINER_COLUMNS,
  customFieldColumns,
  SHIPMENT_COLUMNS,
  TRACKING_REQUEST_COLUMNS,
  TRANSPORT_EVENT_COLUMNS,
  type ContainerExportRecord,
  type ExportColumn,
  type ShipmentExportRecord,
  type TransportEventExportRecord,
} from "./export-columns.js";
import { EXPORT_PAGE_SIZE, exportTable, listingPages, mapPages, type ExportPages, type TableExport } from "./table-export.js";
import type { ExportFormat } from "./table-writer.js";

/*
 * The exports of an account's listings: the listing's first page is read at once (its total, and
 * any error, come before the first byte), every later page only as the stream pulls, and what a
 * page's rows need besides its records (shipments, terminals, custom field values, demurrage) is
 * read in one batch per kind for the whole page, never per row.
 */

/** A listing's filters without its page: the export pages through it itself. */
type Filters<Q> = Omit<Q, "page" | "knownTotal">;

/** The account's custom field definitions for shipments or containers (`Cargo`), in their order. */
async function definitionsOf(storage: Storage, accountId: string, entityType: CustomFieldDefinition["entity_type"]): Promise<CustomFieldDefinition[]> {
  const definitions: CustomFieldDefinition[] = [];
  for (let number = 1; ; number++) {
    const page = await storage.customFieldDefinitions.list(accountId, { page: { number, size: EXPORT_PAGE_SIZE }, entityType });
    definitions.push(...page.items);
    if (page.items.length < EXPORT_PAGE_SIZE) return definitions;
  }
}

/** The custom field values of a page of records, by record id and then `api_slug`: one read. */
async function valuesOf(storage: Storage, accountId: string, entityType: CustomField["entity_type"], ids: readonly string[]): Promise<(id: string) => ReadonlyMap<string, CustomField>> {
  const byRecord = new Map<string, Map<string, CustomField>>();
  for (const field of await storage.customFields.listByEntities(accountId, entityType, ids)) {
    let fields = byRecord.get(field.entity_id);
    if (!fields) byRecord.set(field.entity_id, (fields = new Map()));
    fields.set(field.api_slug, field);
  }
  const none = new Map<string, CustomField>();
  return (id) => byRecord.get(id) ?? none;
}

/** The built-in columns, then one per custom field definition. */
async function withCustomFields<R extends ContainerExportRecord | ShipmentExportRecord>(storage: Storage, accountId: string, entityType: CustomFieldDefinition["entity_type"], columns: readonly ExportColumn<R>[]): Promise<ExportColumn<R>[]> {
  return [...columns, ...customFieldColumns(await definitionsOf(storage, accountId, entityType), columns)];
}

/** The first page of an offset-paged listing and the pages after it. */
async function listing<T extends { id: string }, Q>(filters: Filters<Q>, list: (query: Filters<Q> & { page: { number: number; size: number } }) => Promise<{ items: T[]; total: number }>): Promise<ExportPages<T>> {
  return listingPages(await list({ ...filters, page: { number: 1, size: EXPORT_PAGE_SIZE } }), (page) => list({ ...filters, page }));
}

/** The containers a listing query finds, with their shipments, terminals, custom fields and demurrage (`options`: as of when). */
export async function exportContainers(storage: Storage, accountId: string, filters: Filters<ContainerListQuery>, format: ExportFormat, options: AccountDemurrageOptions): Promise<TableExport> {
  const columns = await withCustomFields(storage, accountId, "Cargo", CONTAINER_COLUMNS);
  const { total, pages } = await listing<Container, ContainerListQuery>(filters, (query) => storage.containers.list(accountId, query));
  const records = async (containers: readonly Container[]): Promise<ContainerExportRecord[]> => {
    const ids = containers.map((container) => container.id);
    // The demurrage figures read the page's shipments too (and availability, when a rule needs it).
    const figures = new Map<string, { shipment: Shipment | null; demurrage: ContainerExportRecord["demurrage"] }>();
    for await (const page of accountDemurrage(storage, accountId, { ...options, containerIds: ids })) for (const found of page) figures.set(found.container.id, found);
    const terminalIds = [...new Set(containers.flatMap((container) => (container.pod_terminal_id ? [container.pod_terminal_id] : [])))];
    const terminals = new Map((await storage.terminals.getMany(terminalIds)).map((terminal) => [terminal.id, terminal]));
    const fields = await valuesOf(storage, accountId, "container", ids);
    return containers.map((container) => {
      const figure = figures.get(container.id);
      const terminal = container.pod_terminal_id === null ? null : (terminals.get(container.pod_terminal_id) ?? null);
      return { container, shipment: figure?.shipment ?? null, terminal, demurrage: figure?.demurrage ?? null, customFields: fields(container.id) };
    });
  };
  return exportTable(columns, { total, pages: mapPages(pages, records) }, format);
}

/** The shipments a listing query finds, with their container counts and custom fields. */
export async function exportShipments(storage: Storage, accountId: string, filters: Filters<ShipmentListQuery>, format: ExportFormat): Promise<TableExport> {
  const columns = await withCustomFields(storage, accountId, "Shipment", SHIPMENT_COLUMNS);
  const { total, pages } = await listing<Shipment, ShipmentListQuery>(filters, (query) => storage.shipments.list(accountId, query));
  const records = async (shipments: readonly Shipment[]): Promise<ShipmentExportRecord[]> => {
    const ids = shipments.map((shipment) => shipment.id);
    const counts = new Map<string, number>();
    for (const container of await storage.containers.listByShipments(accountId, ids)) counts.set(container.shipment_id, (counts.get(container.shipment_id) ?? 0) + 1);
    const fields = await valuesOf(storage, accountId, "shipment", ids);
    return shipments.map((shipment) => ({ shipment, containers: counts.get(shipment.id) ?? 0, customFields: fields(shipment.id) }));
  };
  return exportTable(columns, { total, pages: mapPages(pages, records) }, format);
}

/** The tracking requests a listing query finds. */
export async function exportTrackingRequests(storage: Storage, accountId: string, filters: Filters<TrackingRequestListQuery>, format: ExportFormat): Promise<TableExport> {
  return exportTable(TRACKING_REQUEST_COLUMNS, await listing(filters, (query: TrackingRequestListQuery) => storage.trackingRequests.list(accountId, query)), format);
}

/** The account's transport events in the order Bollard learned them (the event feed's), with their containers and vessels. */
export async function exportTransportEvents(storage: Storage, accountId: string, filters: Pick<EventFeedQuery, "containerIds" | "learnedSince">, format: ExportFormat): Promise<TableExport> {
  const query = { ...filters, types: ["transport_event"] as const, limit: EXPORT_PAGE_SIZE };
  const read = async (after: number | undefined) => (filters.containerIds?.length === 0 ? [] : storage.eventFeed.list(accountId, { ...query, ...(after !== undefined && { after }) }));
  let entries = await read(undefined);
  async function* pages() {
    for (;;) {
      yield entries.flatMap((entry) => (entry.type === "transport_event" ? [entry.record] : []));
      if (entries.length < EXPORT_PAGE_SIZE) return;
      entries = await read(entries.at(-1)!.position);
    }
  }
  const records = async (events: readonly TransportEventExportRecord["event"][]): Promise<TransportEventExportRecord[]> => {
    const distinct = (ids: (string | null)[]) => [...new Set(ids.filter((id): id is string => id !== null))];
    const [containers, vessels] = await Promise.all([
      storage.containers.getMany(accountId, distinct(events.map((event) => event.container_id))),
      storage.vessels.getMany(distinct(events.map((event) => event.vessel_id))),
    ]);
    const container = new Map(containers.map((record) => [record.id, record]));
    const vessel = new Map(vessels.map((record) => [record.id, record]));
    return events.map((event) => ({ event, container: container.get(event.container_id) ?? null, vessel: event.vessel_id === null ? null : (vessel.get(event.vessel_id) ?? null) }));
  };
  return exportTable(TRANSPORT_EVENT_COLUMNS, { total: null, pages: mapPages(pages(), records) }, format);
}
