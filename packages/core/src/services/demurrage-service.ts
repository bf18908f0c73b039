import { z } from "zod";
import { type ContainerDemurrage, type ExposureGroup, type ExposureGroupBy, ExposureGroupBySchema } from "../domain/demurrage-schema.js";
import { DateOnlySchema, UuidSchema } from "../domain/common-schema.js";
import type { Container, Shipment } from "../domain/index.js";
import { accountDemurrage } from "../demurrage/account-demurrage.js";
import type { Calendars } from "../demurrage/calendars.js";
import { MoneyTotals } from "../demurrage/money-totals.js";
import { addDays } from "../demurrage/local-date.js";
import { NotFoundError } from "../errors/index.js";
import { parseOptions } from "../validation/input-validation.js";
import { pageOfList } from "./pagination-defaults.js";
import type { ListResult } from "./read-options.js";
import type { SessionContext } from "./session-context.js";

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
  /** Only these containers (up to 100), e.g. the ones a board shows; every container of the account when absent. */
  containerIds: z.array(UuidSchema).min(1).max(100).optional(),
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

/** A container's demurrage and detention, with the container's id. */
export interface ContainerDemurrageResult extends ContainerDemurrage {
  /** The container's id. */
  container_id: string;
}

/** Demurrage and detention of the session account's containers, from its tariff rules and what was reported. */
export interface DemurrageService {
  /** One container's charges with their working (docs/demurrage.md); 404 when the container does not exist. */
  container(id: string, options?: DemurrageReadOptions): Promise<ContainerDemurrageResult>;
  /** The running charges of the containers, grouped; groups ordered by key, default page size 25. */
  exposure(options?: ExposureOptions): Promise<ListResult<ExposureGroup>>;
  /** Every group of {@link DemurrageService.exposure} at once, worked out in one pass (for exports: CSV). */
  exposureGroups(options?: Omit<ExposureOptions, "page">): Promise<ExposureGroup[]>;
}

/** Creates the {@link DemurrageService} of a session. */
export function createDemurrageService(context: SessionContext, calendars: Calendars): DemurrageService {
  const { storage, accountId } = context;
  const figuresOptions = (projectedThrough: string | undefined, working: boolean) => ({ now: context.clock.now(), calendars, working, ...(projectedThrough && { projectThrough: projectedThrough }) });

  async function exposureGroups(options: Omit<ExposureOptions, "page">): Promise<ExposureGroup[]> {
    const { groupBy, endingWithinDays, projectedThrough, containerIds } = parseOptions(ExposureOptionsSchema, options);
    const groups = new Map<string | null, { group: ExposureGroup; accrued: MoneyTotals; projected: MoneyTotals }>();
    for await (const page of accountDemurrage(storage, accountId, { ...figuresOptions(projectedThrough, false), ...(containerIds && { containerIds }) })) {
      for (const { container, shipment, demurrage } of page) {
        const running = demurrage.charges.filter((charge) => charge.status === "free" || charge.status === "charging");
        if (running.length === 0) continue;
        const key = groupKey(groupBy, container, shipment);
        let entry = groups.get(key);
        if (!entry) {
          entry = { group: { key, containers: 0, charging: 0, free_time_ending: 0, accrued: [], projected: [], unpriced_charges: 0 }, accrued: new MoneyTotals(), projected: new MoneyTotals() };
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
          entry.accrued.add(charge.accrued);
          entry.projected.add(charge.projected);
        }
      }
    }
    return [...groups.values()]
      .map(({ group, accrued, projected }) => ({ ...group, accrued: accrued.list(), projected: projected.list() }))
      .sort((a, b) => (a.key === b.key ? 0 : a.key === null ? 1 : b.key === null ? -1 : a.key < b.key ? -1 : 1));
  }

  return {
    async container(id, options = {}) {
      const { projectedThrough } = parseOptions(DemurrageOptionsSchema, options);
      for await (const [found] of accountDemurrage(storage, accountId, { ...figuresOptions(projectedThrough, true), containerIds: [id] })) {
        if (found) return { container_id: found.container.id, ...found.demurrage };
      }
      throw new NotFoundError(`No container ${id}`);
    },
    async exposure(options = {}) {
      const { page, ...rest } = options;
      return pageOfList(await exposureGroups(rest), page, 25);
    },
    exposureGroups: (options = {}) => exposureGroups(options),
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
