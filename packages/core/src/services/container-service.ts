import { z } from "zod";
import type { Container } from "../domain/index.js";
import { NotFoundError } from "../errors/index.js";
import { parseInclude } from "../jsonapi/include.js";
import { ResourceGraph } from "../jsonapi/resource-graph.js";
import { resourceRegistry } from "../jsonapi/resources.js";
import { createContainerEventService, type ContainerEventService } from "./container-event-service.js";
import { loadIncludes } from "./include-loader.js";
import { definedOnly, parseInput, ReferenceListSchema } from "./input-validation.js";
import { resolvePage } from "./pagination-defaults.js";
import type { ListOptions, ListResult, ReadOptions, ResourceResult } from "./read-results.js";
import type { SessionContext } from "./session.js";

/** Filters of {@link ContainerService.list}. */
export interface ContainerListOptions extends ListOptions {
  /** Exact, case-insensitive container number. */
  number?: string;
}

/** Reads and edits of the session account's containers and their events. */
export interface ContainerService extends ContainerEventService {
  /** One container with the requested includes; 404 when absent. */
  get(id: string, options?: ReadOptions): Promise<ResourceResult<Container>>;
  /** Containers newest first; default page size 30. */
  list(options?: ContainerListOptions): Promise<ListResult<Container>>;
  /** Replaces `ref_numbers` (editor only); any other attribute is a 422 on its pointer. */
  update(id: string, attributes: unknown): Promise<ResourceResult<Container>>;
}

/** The attributes `PATCH /v2/containers` accepts. */
export const ContainerPatchSchema = z.strictObject({
  /** Replaces the container's reference numbers. */
  ref_numbers: ReferenceListSchema.optional(),
});

/** Creates the {@link ContainerService} of a session. */
export function createContainerService(context: SessionContext): ContainerService {
  const { storage, accountId } = context;
  return {
    ...createContainerEventService(context),
    async get(id, options = {}) {
      const include = parseInclude(options.include, "container", resourceRegistry);
      const container = await storage.containers.get(accountId, id);
      if (!container) throw new NotFoundError(`No container ${id}`);
      const graph = new ResourceGraph();
      await loadIncludes(storage, accountId, graph, "container", [container], include);
      return { type: "container", data: container, graph, include };
    },
    async list(options = {}) {
      const include = parseInclude(options.include, "container", resourceRegistry);
      const page = resolvePage(options.page, 30);
      const { items, total } = await storage.containers.list(accountId, { page, ...(options.number !== undefined && { number: options.number }) });
      const graph = new ResourceGraph();
      await loadIncludes(storage, accountId, graph, "container", items, include);
      return { type: "container", data: items, total, page, graph, include };
    },
    async update(id, attributes) {
      context.requireEditor();
      const patch = parseInput(ContainerPatchSchema, attributes ?? {});
      const updated = await storage.transaction(async (tx) => {
        const container = await tx.containers.get(accountId, id);
        if (!container) throw new NotFoundError(`No container ${id}`);
        const next: Container = { ...container, ...definedOnly(patch), updated_at: context.clock.now().toISOString() };
        await tx.containers.update(next);
        return next;
      });
      return { type: "container", data: updated, graph: new ResourceGraph(), include: new Map() };
    },
  };
}
