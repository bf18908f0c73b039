import { useEffect, useState } from "preact/hooks";
import type { ApiClient } from "../api/api-client.js";
import type { ExposureGroupAttributes, ListDocument } from "../api/api-types.js";

/** The money at risk of each container with a running charge, by container id, as Bollard works it out. */
export interface ContainerExposure {
  /** By container id. */
  byContainer: ReadonlyMap<string, ExposureGroupAttributes>;
  /** False until the first read has answered. */
  loaded: boolean;
  error: Error | null;
}

/** The most ids one exposure read takes (`filter[container_id]`). */
const IDS_PER_READ = 100;

/**
 * Reads `GET /v2/demurrage_exposure?group_by=container` for the containers a board shows, 100 ids
 * a read (so the server works out those containers only, not the whole account), and again every
 * `intervalMs` while the tab is visible.
 */
export function useContainerExposure(api: ApiClient, containerIds: readonly string[], intervalMs = 30_000): ContainerExposure {
  const [state, setState] = useState<ContainerExposure>({ byContainer: new Map(), loaded: false, error: null });
  const key = [...containerIds].sort().join(",");
  useEffect(() => {
    let live = true;
    const ids = key === "" ? [] : key.split(",");
    const load = async () => {
      try {
        const byContainer = new Map<string, ExposureGroupAttributes>();
        for (let i = 0; i < ids.length; i += IDS_PER_READ) {
          const chunk = ids.slice(i, i + IDS_PER_READ).join(",");
          const page = await api.read<ListDocument<ExposureGroupAttributes>>(`/demurrage_exposure?group_by=container&filter%5Bcontainer_id%5D=${chunk}&page%5Bsize%5D=${IDS_PER_READ}`);
          for (const group of page.data) if (group.attributes.key !== null) byContainer.set(group.attributes.key, group.attributes);
        }
        if (live) setState({ byContainer, loaded: true, error: null });
      } catch (error) {
        if (live) setState((previous) => ({ ...previous, loaded: true, error: error as Error }));
      }
    };
    void load();
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") void load();
    }, intervalMs);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [api, key, intervalMs]);
  return state;
}
