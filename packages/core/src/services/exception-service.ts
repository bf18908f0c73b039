import { z } from "zod";
import { ExceptionKindSchema, ExceptionStatusSchema, UuidSchema, type ShipmentException } from "../domain/index.js";
import { NotFoundError } from "../errors/index.js";
import { definedOnly, parseOptions } from "../validation/input-validation.js";
import { resolvePage } from "./pagination-defaults.js";
import type { ListOptions, ListResult } from "./read-options.js";
import type { SessionContext } from "./session-context.js";

/** The default page size of {@link ExceptionService.list}. */
export const EXCEPTION_PAGE_SIZE = 30;

/** The filters of {@link ExceptionService.list}; all optional, combined with AND. */
export const ExceptionFiltersSchema = z.object({
  /** Only `open` or only `cleared` exceptions. */
  status: ExceptionStatusSchema.optional(),
  /** Only exceptions of this rule kind. */
  kind: ExceptionKindSchema.optional(),
  /** Only exceptions of this shipment. */
  shipmentId: UuidSchema.optional(),
  /** Only exceptions of this container. */
  containerId: UuidSchema.optional(),
});

/** Filters and paging of {@link ExceptionService.list}. */
export interface ExceptionListOptions extends ListOptions, z.input<typeof ExceptionFiltersSchema> {}

/**
 * The exceptions raised on the session account's shipments by its exception rules (docs/exceptions.md):
 * read-only, written by the evaluation pass.
 */
export interface ExceptionService {
  /** Exceptions newest raised first, filtered by status, kind, shipment and container; default page size 30. A bad filter is 400 on its parameter. */
  list(options?: ExceptionListOptions): Promise<ListResult<ShipmentException>>;
  /** The exception with this id; 404 when absent. */
  get(id: string): Promise<ShipmentException>;
}

/** Creates the {@link ExceptionService} of a session. */
export function createExceptionService(context: SessionContext): ExceptionService {
  const { storage, accountId } = context;
  return {
    async list(options = {}) {
      const filters = parseOptions(ExceptionFiltersSchema, definedOnly({ status: options.status, kind: options.kind, shipmentId: options.shipmentId, containerId: options.containerId }));
      const page = resolvePage(options.page, EXCEPTION_PAGE_SIZE);
      const result = await storage.exceptions.list(accountId, {
        page,
        ...definedOnly({ status: filters.status, kind: filters.kind, shipmentId: filters.shipmentId?.toLowerCase(), containerId: filters.containerId?.toLowerCase() }),
      });
      return { data: result.items, total: result.total, page };
    },
    async get(id) {
      const exception = await storage.exceptions.get(accountId, id);
      if (!exception) throw new NotFoundError(`No exception ${id}`);
      return exception;
    },
  };
}
