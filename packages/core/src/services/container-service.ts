import { z } from "zod";
import type { IncludePath, WithRelated } from "../relations/include-paths.js";
import { exportContainers } from "../bulk/export-readers.js";
import { ExportOptionsSchema, type ExportOptions, type TableExport } from "../bulk/table-export.js";
import type { Calendars } from "../demurrage/calendars.js";
import type { Change } from "../domain/index.js";
import { BollardError, NotFoundError } from "../errors/index.js";
import { recordingChanges } from "../history/recording-changes.js";
import { createContainerEventService, type ContainerEventService } from "./container-event-service.js";
import { definedOnly, parseInput, parseOptions, ReferenceListSchema } from "../validation/input-validation.js";
import { createHistoryReads, parseAsOf, type AsOfReadOptions, type ChangeListOptions } from "./history-reads.js";
import { resolvePage } from "./pagination-defaults.js";
import type { ListOptions, ListResult, ReadOptions } from "./read-options.js";
import { createRelatedReader } from "./related-reader.js";
import type { SessionContext } from "./session-context.js";
import type { ContainerListQuery } from "../storage/index.js";
import { containerStatusesOf, ContainerStatusFilterSchema } from "./container-status-filter.js";

/** What {@link ContainerService.update} accepts. */
export const ContainerUpdateSchema = z.strictObject({
  /** Replaces the container's reference numbers. */
  ref_numbers: ReferenceListSchema.optional(),
});

/** What {@link ContainerService.update} accepts: `ref_numbers`. */
export type ContainerUpdate = z.input<typeof ContainerUpdateSchema>;

/** The filters of {@link ContainerService.list}. */
export const ContainerFiltersSchema = z.object({
  /** Exact, case-insensitive container number. */
  number: z.string().max(20).optional(),
  /**
   * `current_status`: a status (`"on_ship"`, or `"=on_ship"`), statuses of which any will do
   * (`"grounded,available"`), `"@exists"` or `"@not_exists"`; an array's values must all hold. A
   * status outside the enum matches nothing (as the hosted service answers it).
   */
  currentStatus: ContainerStatusFilterSchema.optional(),
});

/** Filters and paging of {@link ContainerService.list}. */
export interface ContainerListOptions<P extends string = never> extends ListOptions<P>, z.input<typeof ContainerFiltersSchema> {}

/** Filters and format of {@link ContainerService.export}: those of {@link ContainerService.list}, and `format` (`csv` by default). */
export interface ContainerExportOptions extends z.input<typeof ContainerFiltersSchema>, ExportOptions {}

/** Include paths of a container read, e.g. `"shipment"` or `"transport_events.location"`. */
export type ContainerInclude = IncludePath<"container">;

/** Reads and edits of the session account's containers and their events. */
export interface ContainerService extends ContainerEventService {
  /** One container with the related records asked for, now or as Bollard knew it at `asOf`; 404 when absent (or not yet there at `asOf`). */
  get<const P extends ContainerInclude = never>(id: string, options?: AsOfReadOptions<P>): Promise<WithRelated<"container", P>>;
  /**
   * Every change to the container's attributes, newest first (default page size 30): the attribute,
   * its value before and after, the source (`carrier`, `terminal`, `ingest`, `user`) and when
   * Bollard learned it. 404 when the container does not exist.
   */
  changes(id: string, options?: ChangeListOptions): Promise<ListResult<Change>>;
  /** Containers newest first; default page size 30. */
  list<const P extends ContainerInclude = never>(options?: ContainerListOptions<P>): Promise<ListResult<WithRelated<"container", P>>>;
  /**
   * The containers {@link ContainerService.list} finds, newest first, as a CSV, XLSX or NDJSON file
   * streamed with constant memory: the stream reads 100 containers at a time (`EXPORT_PAGE_SIZE`), only as it is
   * consumed. The columns are `CONTAINER_EXPORT_COLUMNS` (the shipment's B/L, ETA and carrier, the
   * terminal, holds, fees, last free day and charges among them), then one per container custom
   * field of the account, by `api_slug`. A bad filter or format is a 400, before any byte.
   * @example
   * const file = await session.containers.export({ format: "xlsx" });
   * await writeFile("containers.xlsx", Readable.fromWeb(file.stream));
   */
  export(options?: ContainerExportOptions): Promise<TableExport>;
  /** Replaces `ref_numbers` (editor only); anything else is a 422 on its path. */
  update<const P extends ContainerInclude = never>(id: string, input: ContainerUpdate, options?: ReadOptions<P>): Promise<WithRelated<"container", P>>;
  /**
   * Asks for an immediate refresh of the container (editor only): the tracking request of its
   * shipment becomes due now, so the refresh loop's next pass fetches it from the carrier source.
   * Resolves with what will be refreshed; 404 for an unknown container, 422 `tracking_stopped`
   * when its shipment's tracking is stopped.
   */
  refresh(id: string): Promise<{
    /** What the refresh covers, as upstream words it (`Started refresh for Shipping line, Terminal, Rail`). */
    message: string;
  }>;
}

/** Creates the {@link ContainerService} of a session; `calendars` work out the demurrage its exports show. */
export function createContainerService(context: SessionContext, calendars: Calendars): ContainerService {
  const { storage, accountId } = context;
  const reader = createRelatedReader(storage, accountId);
  const history = createHistoryReads(context);
  return {
    ...createContainerEventService(context),
    async refresh(id) {
      context.requireEditor();
      return storage.transaction(async (tx) => {
        const container = await tx.containers.get(accountId, id);
        if (!container) throw new NotFoundError(`No container ${id}`);
        const shipment = await tx.shipments.get(accountId, container.shipment_id);
        if (shipment?.line_tracking_stopped_at) throw new BollardError("tracking_stopped", `Tracking of shipment ${shipment.id} is stopped; resume it to refresh its containers`);
        const request = shipment?.tracking_request_id ? await tx.trackingRequests.get(accountId, shipment.tracking_request_id) : null;
        if (request) await tx.trackingRequests.update({ ...request, next_attempt_at: context.clock.now().toISOString() });
        return { message: "Started refresh for Shipping line, Terminal, Rail" };
      });
    },
    async get(id, options = {}) {
      const asOf = options.asOf;
      if (asOf === undefined) return reader.one("container", options.include, () => storage.containers.get(accountId, id), `No container ${id}`);
      const container = await reader.one("container", options.include, () => history.asOf("container", id, asOf), `No container ${id} at ${parseAsOf(asOf)}`);
      return history.linkageAt("container", container, asOf);
    },
    changes: (id, options) => history.changes("container", id, options),
    list(options = {}) {
      const query = containerListQuery(options);
      return reader.page("container", options.include, query.page, () => storage.containers.list(accountId, query));
    },
    async export(options = {}) {
      const { page: _page, ...filters } = containerListQuery(options);
      const { format } = parseOptions(ExportOptionsSchema, definedOnly({ format: options.format }));
      return exportContainers(storage, accountId, filters, format ?? "csv", { now: context.clock.now(), calendars, working: false });
    },
    async update(id, input, options = {}) {
      context.requireEditor();
      const patch = definedOnly(parseInput(ContainerUpdateSchema, input ?? {}));
      const now = context.clock.now().toISOString();
      const updated = await storage.transaction(async (outer) => {
        const tx = recordingChanges(outer, { source: "user", learnedAt: now });
        const container = await tx.containers.get(accountId, id);
        if (!container) throw new NotFoundError(`No container ${id}`);
        const next = { ...container, ...patch, updated_at: now };
        await tx.containers.update(next);
        return next;
      });
      return (await reader.attach("container", [updated], options.include))[0] as never;
    },
  };
}

/** The storage query of a container listing: its filters checked (400 on a bad one) and its page resolved (30 by default). */
export function containerListQuery(options: Omit<ContainerListOptions, "include">): ContainerListQuery {
  const { number, currentStatus } = parseOptions(ContainerFiltersSchema, definedOnly({ number: options.number, currentStatus: options.currentStatus }));
  return { page: resolvePage(options.page, 30), ...definedOnly({ number, currentStatus: currentStatus === undefined ? undefined : containerStatusesOf(currentStatus) }) };
}
