import type { IncludePath, WithRelated } from "../relations/include-paths.js";
import { NotFoundError } from "../errors/index.js";
import { resolvePage } from "./pagination-defaults.js";
import type { ListOptions, ListResult } from "./read-options.js";
import { createRelatedReader } from "./related-reader.js";
import type { SessionContext } from "./session-context.js";

/** Reads of a container's events. */
export interface ContainerEventService {
  /** The container's transport events by `timestamp` (unknown last), then `created_at`; default page size 30; 404 for an unknown container. */
  transportEvents<const P extends IncludePath<"transport_event"> = never>(containerId: string, options?: ListOptions<P>): Promise<ListResult<WithRelated<"transport_event", P>>>;
  /** The container's raw carrier events by `index`; default page size 100; 404 for an unknown container. */
  rawEvents<const P extends IncludePath<"raw_event"> = never>(containerId: string, options?: ListOptions<P>): Promise<ListResult<WithRelated<"raw_event", P>>>;
}

/** Creates the {@link ContainerEventService} of a session. */
export function createContainerEventService(context: SessionContext): ContainerEventService {
  const { storage, accountId } = context;
  const reader = createRelatedReader(storage, accountId);
  const requireContainer = async (id: string) => {
    if (!(await storage.containers.get(accountId, id))) throw new NotFoundError(`No container ${id}`);
  };
  return {
    transportEvents(containerId, options = {}) {
      const page = resolvePage(options.page, 30);
      return reader.page("transport_event", options.include, page, async () => {
        await requireContainer(containerId);
        return storage.transportEvents.listByContainers(accountId, [containerId], page);
      });
    },
    rawEvents(containerId, options = {}) {
      const page = resolvePage(options.page, 100);
      return reader.page("raw_event", options.include, page, async () => {
        await requireContainer(containerId);
        return storage.rawEvents.listByContainers(accountId, [containerId], page);
      });
    },
  };
}
