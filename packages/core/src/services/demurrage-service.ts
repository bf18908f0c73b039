import Big from "big.js";
import { z } from "zod";
import { type ContainerDemurrage, type ExposureGroup, type ExposureGroupBy, ExposureGroupBySchema, type Money } from "../domain/demurrage-schema.js";
import { DateOnlySchema } from "../domain/common-schema.js";
import type { Container, Shipment, Tariff } from "../domain/index.js";
import { chargeFactsOf } from "../demurrage/charge-facts.js";
import type { Calendars } from "../demurrage/calendars.js";
import { containerDemurrage, formatMoney } from "../demurrage/container-demurrage.js";
import { addDays } from "../demurrage/local-date.js";
import { NotFoundError } from "../errors/index.js";
import type { Storage } from "../storage/index.js";
import { parseOptions } from "../validation/input-validation.js";
import { pageOfList } from "./pagination-defaults.js";
import type { ListResult } from "./read-options.js";
import type { SessionContext } from "./session-context.js";
import { allTariffs } from "../demurrage/account-tariffs.js";

/** Options of {@link DemurrageService.container}. */
export const DemurrageOptionsSchema = z.strictObject({
  /** The local date projections run to; by default the pickup appointment, else today + 7 days. */
  projectedThrough: DateOnlySchema.optional(),
});

/** Options of {@link DemurrageService.container}. */
export type DemurrageReadOptions = z.input<typeof DemurrageOptionsSchema>;

/** Options of {@link DemurrageService.exposure}. */
export const ExposureOptionsSchema = DemurrageOptionsSchema.extend({
  /** What to group by. @default "terminal" */
  groupBy: ExposureGroupBySchema.default("terminal"),
  /** How many days ahead a last free day counts as ending soon. @default 3 */
  endingWithinDays: z.number().int().min(0).max(60).default(3),
  /** Which page of groups, as every list. */
  page: z
    .object({
      /** The page, from 1. */
      number: z.number().optional(),
      /** Groups per page, at most 100. */
      size: z.number().optional(),
    })
    .optional(),
});

/** Options of {@link DemurrageService.exposure}. */
export type ExposureOptions = z.input<typeof ExposureOptionsSchema>;

/** One container with its shipment and its figures, as {@link DemurrageService.eachContainer} yields them. */
export interface ContainerWithDemurrage {
  /** The container. */
  container: Container;
  /** Its shipment, when found. */
  shipment: Shipment | null;
  /** Its charges (without the day-by-day working). */
  demurrage: ContainerDemurrage;
}

/** A container's demurrage and detention, with the container's id. */
export interface ContainerDemurrageResult extends ContainerDemurrage {
  /** The container's id. */
  container_id: string;
}

/** Demurrage and detention of the session account's containers, from its tariff rules and what was reported. */
export interface DemurrageService {
  /** One container's charges with their working (docs/demurrage.md); 404 when the container does not exist. */
  container(id: string, options?: DemurrageReadOptions): Promise<ContainerDemurrageResult>;
  /** The running charges of every container, grouped; groups ordered by key, default page size 25. */
  exposure(options?: ExposureOptions): Promise<ListResult<ExposureGroup>>;
  /** Each container's charges, a page of containers at a time: what {@link DemurrageService.exposure} adds up, for exports. */
  eachContainer(options?: DemurrageReadOptions): AsyncIterable<ContainerWithDemurrage>;
}

const BATCH = 500;

/** Creates the {@link DemurrageService} of a session. */
export function createDemurrageService(context: SessionContext, calendars: Calendars): DemurrageService {
  const { storage, accountId } = context;

  async function availableAt(containers: readonly Container[], tariffs: readonly Tariff[]): Promise<Map<string, string>> {
    const first = new Map<string, string>();
    if (!tariffs.some((rule) => rule.free_time_starts === "available_for_pickup")) return first;
    const events = await storage.transportEvents.listByContainers(accountId, containers.map((c) => c.id));
    for (const event of events.items) {
      if (event.event === "container.transport.available" && event.container_id !== null && event.timestamp !== null && !first.has(event.container_id)) first.set(event.container_id, event.timestamp);
    }
    return first;
  }

  async function* pages(store: Storage, options: DemurrageReadOptions) {
    const { projectedThrough } = parseOptions(DemurrageOptionsSchema, options);
    const tariffs = await allTariffs(store, accountId);
    const now = context.clock.now();
    for (let number = 1; ; number++) {
      const page = await store.containers.list(accountId, { page: { number, size: BATCH } });
      const shipments = new Map((await store.shipments.getMany(accountId, [...new Set(page.items.map((c) => c.shipment_id))])).map((s) => [s.id, s]));
      const available = await availableAt(page.items, tariffs);
      for (const container of page.items) {
        const shipment = shipments.get(container.shipment_id) ?? null;
        const facts = chargeFactsOf(container, shipment, available.get(container.id) ?? null);
        yield { container, shipment, demurrage: containerDemurrage(facts, tariffs, { now, calendars, working: false, ...(projectedThrough && { projectThrough: projectedThrough }) }) };
      }
      if (page.items.length < BATCH) return;
    }
  }

  return {
    async container(id, options = {}) {
      const { projectedThrough } = parseOptions(DemurrageOptionsSchema, options);
      const container = await storage.containers.get(accountId, id);
      if (!container) throw new NotFoundError(`No container ${id}`);
      const [shipment, tariffs] = await Promise.all([storage.shipments.get(accountId, container.shipment_id), allTariffs(storage, accountId)]);
      const available = await availableAt([container], tariffs);
      const facts = chargeFactsOf(container, shipment, available.get(container.id) ?? null);
      const demurrage = containerDemurrage(facts, tariffs, { now: context.clock.now(), calendars, ...(projectedThrough && { projectThrough: projectedThrough }) });
      return { container_id: container.id, ...demurrage };
    },
    async exposure(options = {}) {
      const { groupBy, endingWithinDays, page, projectedThrough } = parseOptions(ExposureOptionsSchema, options);
      const groups = new Map<string | null, { group: ExposureGroup; accrued: Map<string, Big>; projected: Map<string, Big> }>();
      for await (const { container, shipment, demurrage } of pages(storage, projectedThrough ? { projectedThrough } : {})) {
        const running = demurrage.charges.filter((charge) => charge.status === "free" || charge.status === "charging");
        if (running.length === 0) continue;
        const key = groupKey(groupBy, container, shipment);
        let entry = groups.get(key);
        if (!entry) {
          entry = { group: { key, containers: 0, charging: 0, free_time_ending: 0, accrued: [], projected: [], unpriced_charges: 0 }, accrued: new Map(), projected: new Map() };
          groups.set(key, entry);
        }
        entry.group.containers++;
        if (running.some((charge) => charge.status === "charging")) entry.group.charging++;
        const lfd = demurrage.last_free_day;
        if (lfd !== null && lfd >= demurrage.as_of && lfd <= addDays(demurrage.as_of, endingWithinDays)) entry.group.free_time_ending++;
        for (const charge of running) {
          if (charge.accrued === null || charge.projected === null) {
            entry.group.unpriced_charges++;
            continue;
          }
          addTo(entry.accrued, charge.accrued);
          addTo(entry.projected, charge.projected);
        }
      }
      const ordered = [...groups.values()]
        .map(({ group, accrued, projected }) => ({ ...group, accrued: sums(accrued), projected: sums(projected) }))
        .sort((a, b) => (a.key === b.key ? 0 : a.key === null ? 1 : b.key === null ? -1 : a.key < b.key ? -1 : 1));
      return pageOfList(ordered, page, 25);
    },
    eachContainer: (options = {}) => pages(storage, options),
  };
}

/** The key a container is grouped under. */
function groupKey(groupBy: ExposureGroupBy, container: Container, shipment: Shipment | null): string | null {
  switch (groupBy) {
    case "terminal":
      return container.pod_terminal_id;
    case "carrier":
      return shipment?.shipping_line_scac ?? null;
    case "customer":
      return shipment?.customer_name ?? null;
    case "port":
      return shipment?.port_of_discharge_locode ?? null;
    case "container":
      return container.id;
  }
}

function addTo(totals: Map<string, Big>, money: Money): void {
  totals.set(money.currency, (totals.get(money.currency) ?? new Big(0)).plus(money.amount));
}

function sums(totals: Map<string, Big>): Money[] {
  return [...totals].sort(([a], [b]) => (a < b ? -1 : 1)).map(([currency, amount]) => ({ amount: formatMoney(amount), currency }));
}
