import type { ApiClient } from "../api/api-client.js";
import type { ContainerAttributes, ListDocument } from "../api/api-types.js";
import { rowsOfPage, type ContainerRow } from "./container-rows.js";

/** What the containers store holds: every container of the account, loaded page by page. */
export interface ContainerSnapshot {
  rows: ContainerRow[];
  /** Containers the API reports (meta.total). */
  total: number;
  loadedPages: number;
  pageCount: number;
  loading: boolean;
  /** When the last full pass (load or check) ended, in ms since the epoch. */
  checkedAt: number | null;
  error: string | null;
}

/** Keeps every container of the account in memory and polls the API for changes. */
export interface ContainerStore {
  get(): ContainerSnapshot;
  subscribe(listener: () => void): () => void;
  /** Starts loading (once) and polling while someone listens. */
  start(): void;
  /** Checks every page now (after a write, say). */
  refresh(): Promise<void>;
  stop(): void;
}

/** The page size the dashboard asks for: the API's maximum. */
export const PAGE_SIZE = 100;
const CONCURRENCY = 3;
const MIN_INTERVAL_MS = 15_000;

/**
 * Creates the store. Pages are `GET /v2/containers?include=shipment` at 100 a page, three at a
 * time; every later pass asks each page with its ETag, so an unchanged page is a 304 with
 * nothing to parse. The pause between passes is 15 s, or ten times the last pass when that is
 * longer (a large account is checked less often), and polling waits while the tab is hidden.
 */
export function createContainerStore(api: ApiClient, now: () => number = Date.now): ContainerStore {
  let snapshot: ContainerSnapshot = { rows: [], total: 0, loadedPages: 0, pageCount: 0, loading: false, checkedAt: null, error: null };
  const pages: { rows: ContainerRow[]; etag: string | null }[] = [];
  const listeners = new Set<() => void>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | null = null;
  let started = false;
  let lastPassMs = 0;

  const publish = (patch: Partial<ContainerSnapshot>) => {
    snapshot = { ...snapshot, ...patch };
    for (const listener of listeners) listener();
  };
  const path = (page: number) => `/containers?include=shipment&page%5Bsize%5D=${PAGE_SIZE}&page%5Bnumber%5D=${page}`;
  const allRows = () => pages.flatMap((page) => page?.rows ?? []);

  async function fetchPage(page: number): Promise<{ changed: boolean; total: number | null }> {
    const previous = pages[page - 1];
    const result = await api.get<ListDocument<ContainerAttributes>>(path(page), previous?.etag);
    if (result.notModified) return { changed: false, total: null };
    pages[page - 1] = { rows: rowsOfPage(result.body), etag: result.etag };
    return { changed: true, total: result.body.meta?.total ?? result.body.data.length };
  }

  async function pass(): Promise<void> {
    const started = now();
    publish({ loading: true, error: null });
    try {
      const first = await fetchPage(1);
      let total = first.total ?? snapshot.total;
      let pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
      if (first.changed && total !== snapshot.total) pages.length = 1; // containers came or went: every page shifted
      publish({ total, pageCount, loadedPages: 1, rows: allRows() });
      let next = 2;
      let done = 1;
      let changed = first.changed;
      const worker = async () => {
        while (next <= pageCount) {
          const page = next++;
          const result = await fetchPage(page);
          if (result.changed) {
            changed = true;
            if (result.total !== null && result.total !== total) {
              // The total moved while we read: take the new count and read the rest again next pass.
              total = result.total;
              pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
            }
          }
          done++;
          // Publish while the first load streams in; a later pass publishes once at its end.
          if (snapshot.checkedAt === null) publish({ loadedPages: done, rows: allRows() });
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
      pages.length = pageCount;
      publish({ total, pageCount, loadedPages: pageCount, loading: false, checkedAt: now(), ...(changed || snapshot.checkedAt === null ? { rows: allRows() } : {}) });
    } catch (error) {
      publish({ loading: false, error: error instanceof Error ? error.message : String(error) });
    }
    lastPassMs = now() - started;
  }

  const run = (): Promise<void> => {
    running ??= pass().finally(() => (running = null));
    return running;
  };

  function schedule() {
    clearTimeout(timer);
    if (!started) return;
    timer = setTimeout(async () => {
      if (typeof document === "undefined" || document.visibilityState === "visible") await run();
      schedule();
    }, Math.max(MIN_INTERVAL_MS, lastPassMs * 10));
  }

  return {
    get: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start() {
      if (started) return;
      started = true;
      void run().then(schedule);
    },
    async refresh() {
      await running;
      await run();
      schedule();
    },
    stop() {
      started = false;
      clearTimeout(timer);
    },
  };
}
