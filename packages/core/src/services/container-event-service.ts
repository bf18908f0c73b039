import type { RawEvent, TransportEvent } from "../domain/index.js";
import { NotFoundError } from "../errors/index.js";
import { parseInclude } from "../jsonapi/include.js";
import { ResourceGraph } from "../jsonapi/resource-graph.js";
import { resourceRegistry } from "../jsonapi/resources.js";
import { loadIncludes } from "./include-loader.js";
import { resolvePage } from "./pagination-defaults.js";
import type { ListOptions, ListResult } from "./read-results.js";
import type { SessionContext } from "./session.js";

/** Reads of a container's events. */
export interface ContainerEventService {
  /** The container's transport events by `timestamp` (unknown last), then `created_at`; default page size 30; 404 for an unknown container. */
  transportEvents(containerId: string, options?: ListOptions): Promise<ListResult<TransportEvent>>;
  /** The container's raw carrier events by `index`, with their vessels included; default page size 100; 404 for an unknown container. */
  rawEvents(containerId: string, options?: ListOptions): Promise<ListResult<RawEvent>>;
}

/** Creates the {@link ContainerEventService} of a session. */
export function createContainerEventService(context: SessionContext): ContainerEventService {
  const { storage, accountId } = context;
  const requireContainer = async (id: string) => {
    if (!(await storage.containers.get(accountId, id))) throw new NotFoundError(`No container ${id}`);
  };
  return {
    async transportEvents(containerId, options = {}) {
      const include = parseInclude(options.include, "transport_event", resourceRegistry);
      const page = resolvePage(options.page, 30);
      await requireContainer(containerId);
      const { items, total } = await storage.transportEvents.listByContainers(accountId, [containerId], page);
      const graph = new ResourceGraph();
      await loadIncludes(storage, accountId, graph, "transport_event", items, include);
      return { type: "transport_event", data: items, total, page, graph, include };
    },
    async rawEvents(containerId, options = {}) {
      // Upstream always includes the vessels the raw events mention.
      const include = parseInclude(options.include ?? "vessel", "raw_event", resourceRegistry);
      const page = resolvePage(options.page, 100);
      await requireContainer(containerId);
      const { items, total } = await storage.rawEvents.listByContainers(accountId, [containerId], page);
      const graph = new ResourceGraph();
      await loadIncludes(storage, accountId, graph, "raw_event", items, include);
      return { type: "raw_event", data: items, total, page, graph, include };
    },
  };
}
