import { useEffect, useState } from "preact/hooks";
import type { ApiClient } from "../api/api-client.js";
import type { BulkJobAttributes, OneDocument, Resource } from "../api/api-types.js";

/** A bulk job as last read, and the error of the last read (it is tried again). */
export interface BulkJobState {
  job: Resource<BulkJobAttributes> | null;
  error: Error | null;
}

/**
 * A bulk job kept fresh until it is completed: `started` (the upload's answer) at first, then
 * `GET /v2/bulk_jobs/{id}` every `intervalMs`. The runner works thousands of rows a second, so a
 * short interval shows the progress; it stops once the job is completed.
 */
export function useBulkJob(api: ApiClient, started: Resource<BulkJobAttributes> | null, intervalMs = 500): BulkJobState {
  const [state, setState] = useState<BulkJobState>({ job: started, error: null });
  useEffect(() => {
    setState({ job: started, error: null });
    if (!started || started.attributes.status === "completed") return;
    let current = true;
    let timer: ReturnType<typeof setTimeout>;
    const poll = async () => {
      try {
        const document = await api.read<OneDocument<BulkJobAttributes>>(`/bulk_jobs/${started.id}`);
        if (!current) return;
        setState({ job: document.data, error: null });
        if (document.data.attributes.status === "completed") return;
      } catch (error) {
        if (!current) return;
        setState((previous) => ({ ...previous, error: error as Error }));
      }
      timer = setTimeout(poll, intervalMs);
    };
    timer = setTimeout(poll, intervalMs);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [api, started, intervalMs]);
  return state;
}
