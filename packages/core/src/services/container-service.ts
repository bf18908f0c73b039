import type { Container } from "../domain/index.js";
import { NotFoundError } from "../errors/index.js";
import { parseInclude } from "../jsonapi/include.js";
import { ResourceGraph } from "../jsonapi/resource-graph.js";
import { resourceRegistry } from "../jsonapi/resources.js";
import { loadIncludes } from "./include-loader.js";
import { resolvePage } from "./pagination-defaults.js";
import type { ListOptions, ListResult, ReadOptions, ResourceResult } from "./read-results.js";
import type { SessionContext } from "./session.js";

/** Filters of {@link ContainerService.list}. */
export interface ContainerListOptions extends ListOptions {
  number?: string;
}

/** Reads of the session account's containers. */
export interface ContainerService {
  /** One container with the requested includes; 404 when absent. */
  get(id: string, options?: ReadOptions): Promise<ResourceResult<Container>>;
  /** Containers newest first; default page size 30. */
  list(options?: ContainerListOptions): Promise<ListResult<Container>>;
}

/** Creates the {@link ContainerService} of a session. */
export function createContainerService(context: SessionContext): ContainerService {
  const { storage, accountId } = context;
  return {
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
  };
}
