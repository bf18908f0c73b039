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

const PAGE = 100;

/**
 * Reads `GET /v2/demurrage_exposure?group_by=container`, every page, and again every `intervalMs`
 * while the tab is visible: one read for the whole board instead of one per card.
 */
export function useContainerExposure(api: ApiClient, intervalMs = 30_000): ContainerExposure {
  const [state, setState] = useState<ContainerExposure>({ byContainer: new Map(), loaded: false, error: null });
  useEffect(() => {
    let live = true;
    const load = async () => {
      try {
        const byContainer = new Map<string, ExposureGroupAttributes>();
        for (let number = 1; ; number++) {
          const page = await api.read<ListDocument<ExposureGroupAttributes>>(`/demurrage_exposure?group_by=container&page%5Bsize%5D=${PAGE}&page%5Bnumber%5D=${number}`);
          for (const group of page.data) if (group.attributes.key !== null) byContainer.set(group.attributes.key, group.attributes);
          if (page.data.length < PAGE) break;
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
  }, [api, intervalMs]);
  return state;
}
