import { useCallback, useEffect, useRef, useState } from "preact/hooks";
import type { ApiClient } from "../api/api-client.js";

/** A resource read from the API and kept fresh. */
export interface Polled<T> {
  data: T | null;
  error: Error | null;
  /** When the resource last answered (200 or 304). */
  checkedAt: number | null;
  /** Asks now (after a write). */
  reload(): Promise<void>;
}

/**
 * Reads `path` and asks again every `intervalMs` with the ETag of the last answer: a 304 changes
 * nothing, so the page redraws only when the data did. Pauses while the tab is hidden.
 */
export function usePolled<T>(api: ApiClient, path: string | null, intervalMs = 10_000): Polled<T> {
  const [state, setState] = useState<{ data: T | null; error: Error | null; checkedAt: number | null }>({ data: null, error: null, checkedAt: null });
  const etag = useRef<string | null>(null);
  const current = useRef(path);
  const load = useCallback(async () => {
    if (path === null) return;
    try {
      const result = await api.get<T>(path, etag.current);
      if (current.current !== path) return;
      if (result.notModified) setState((previous) => ({ ...previous, error: null, checkedAt: Date.now() }));
      else {
        etag.current = result.etag;
        setState({ data: result.body, error: null, checkedAt: Date.now() });
      }
    } catch (error) {
      if (current.current === path) setState((previous) => ({ ...previous, error: error as Error, checkedAt: Date.now() }));
    }
  }, [api, path]);
  useEffect(() => {
    current.current = path;
    etag.current = null;
    setState({ data: null, error: null, checkedAt: null });
    void load();
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") void load();
    }, intervalMs);
    return () => clearInterval(timer);
  }, [load, intervalMs]);
  return { ...state, reload: load };
}
