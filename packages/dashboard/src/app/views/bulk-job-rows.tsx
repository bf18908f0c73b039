import { useEffect, useMemo, useState } from "preact/hooks";
import type { BulkJobAttributes, BulkJobRowAttributes, BulkRowStatus, Identifier, ListDocument, Resource } from "../api/api-types.js";
import { rowErrorText, ROWS_PAGE_SIZE, rowsPath, rowStatusLabel } from "../lib/bulk-import.js";
import { Link } from "../lib/router.js";
import type { Session } from "../state/session.js";
import { useContainers } from "../state/use-store.js";

/** The results a job's rows can be filtered to, the refused ones first. */
const FILTERS: readonly BulkRowStatus[] = ["invalid", "duplicate", "valid", "created", "pending"];

/**
 * A completed job's rows, 100 a page (`GET /v2/bulk_jobs/{id}/rows`), filtered to one result if
 * wished: the file's line, the result, the number (a link to its container when the app knows
 * one of that number or bill of lading), the carrier, and a refused row's errors by column.
 */
export function BulkJobRows(props: { session: Session; jobId: string; job: BulkJobAttributes }) {
  const { api } = props.session;
  const { job, jobId } = props;
  const [filter, setFilter] = useState<BulkRowStatus | null>(null);
  const [page, setPage] = useState(1);
  const [state, setState] = useState<{ document: ListDocument<BulkJobRowAttributes> | null; error: string | null }>({ document: null, error: null });
  const path = rowsPath(jobId, page, filter);
  useEffect(() => {
    let current = true;
    api.read<ListDocument<BulkJobRowAttributes>>(path).then(
      (document) => current && setState({ document, error: null }),
      (error: Error) => current && setState({ document: null, error: error.message }),
    );
    return () => {
      current = false;
    };
  }, [api, path]);
  const snapshot = useContainers(props.session.containers);
  const containerOf = useMemo(() => {
    const byNumber = new Map<string, string>();
    for (const row of snapshot.rows) {
      byNumber.set(row.number.toUpperCase(), row.id);
      if (row.billOfLading && !byNumber.has(row.billOfLading.toUpperCase())) byNumber.set(row.billOfLading.toUpperCase(), row.id);
    }
    return (number: string) => byNumber.get(number.toUpperCase()) ?? null;
  }, [snapshot.rows]);
  const total = filter ? job.counts[filter] : job.row_count;
  const pageCount = Math.max(1, Math.ceil((state.document?.meta?.total ?? total) / ROWS_PAGE_SIZE));
  const rows = state.document?.data ?? [];
  const selectId = `row-filter-${jobId}`;
  return (
    <>
      <div class="filters">
        <div class="field">
          <label for={selectId}>Show rows</label>
          <select
            id={selectId}
            value={filter ?? ""}
            onChange={(event) => {
              setFilter((event.currentTarget.value || null) as BulkRowStatus | null);
              setPage(1);
            }}
          >
            <option value="">All ({job.row_count.toLocaleString("en-US")})</option>
            {FILTERS.filter((status) => job.counts[status] > 0).map((status) => (
              <option key={status} value={status}>
                {rowStatusLabel(status)} ({job.counts[status].toLocaleString("en-US")})
              </option>
            ))}
          </select>
        </div>
      </div>
      {state.error && <p class="error">Could not read the rows: {state.error}</p>}
      <div class="table-wrap">
        <table class="bulk-rows">
          <thead>
            <tr>
              <th scope="col">Line</th>
              <th scope="col">Result</th>
              <th scope="col">Number</th>
              <th scope="col">Carrier</th>
              <th scope="col">Errors</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <BulkRow key={row.id} row={row} containerOf={containerOf} />
            ))}
          </tbody>
        </table>
      </div>
      {state.document && rows.length === 0 && <p class="muted empty">No row here.</p>}
      {pageCount > 1 && (
        <nav class="pager" aria-label="Pages of rows">
          <button type="button" class="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </button>
          <span>
            Page {page} of {pageCount}
          </span>
          <button type="button" class="secondary" disabled={page >= pageCount} onClick={() => setPage(page + 1)}>
            Next
          </button>
        </nav>
      )}
    </>
  );
}

function BulkRow(props: { row: Resource<BulkJobRowAttributes>; containerOf: (number: string) => string | null }) {
  const a = props.row.attributes;
  const request = props.row.relationships?.tracking_request?.data as Identifier | null | undefined;
  const number = a.input.request_number ?? "";
  const containerId = number && request ? props.containerOf(number) : null;
  return (
    <tr class={a.status === "invalid" ? "failed" : undefined} data-line={a.line} data-status={a.status} data-tracking-request-id={request?.id}>
      <td class="number">{a.line}</td>
      <td>
        <span class={`badge row-${a.status}`}>{rowStatusLabel(a.status)}</span>
      </td>
      <td>
        {number ? containerId ? <Link href={`/app/containers/${containerId}`}>{number}</Link> : <code>{number}</code> : <span class="muted">—</span>}
        {a.input.request_type && <span class="sub">{a.input.request_type.replace(/_/g, " ")}</span>}
      </td>
      <td>{a.input.scac || <span class="muted">from the number</span>}</td>
      <td>
        {a.errors.length === 0 ? (
          <span class="muted">—</span>
        ) : (
          <ul class="row-errors">
            {a.errors.map((error, index) => (
              <li key={index}>{rowErrorText(error)}</li>
            ))}
          </ul>
        )}
      </td>
    </tr>
  );
}
