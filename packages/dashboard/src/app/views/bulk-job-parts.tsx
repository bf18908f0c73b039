import type { BulkJobAttributes, BulkRowStatus } from "../api/api-types.js";
import { rowsDone, rowStatusLabel } from "../lib/bulk-import.js";

/** "Checking: 40 of 120 rows" with a progress bar, while the runner works a job. */
export function JobProgress(props: { id: string; job: BulkJobAttributes }) {
  const { job } = props;
  const done = rowsDone(job);
  return (
    <div class="field job-progress">
      <label for={`progress-${props.id}`}>
        {job.dry_run ? "Checking" : "Importing"}: {done.toLocaleString("en-US")} of {job.row_count.toLocaleString("en-US")} rows
      </label>
      <progress id={`progress-${props.id}`} max={job.row_count} value={done} />
    </div>
  );
}

/** How the file's columns were read: each column and the attribute it fills, or "ignored". */
export function ColumnMapping(props: { id: string; job: BulkJobAttributes }) {
  return (
    <>
      <h3 id={`columns-${props.id}`}>How the columns were read</h3>
      <div class="table-wrap fit">
        <table class="column-mapping" aria-labelledby={`columns-${props.id}`}>
          <thead>
            <tr>
              <th scope="col">Column in the file</th>
              <th scope="col">Read as</th>
            </tr>
          </thead>
          <tbody>
            {props.job.columns.map((column) => (
              <tr key={column.column} data-column={column.column}>
                <th scope="row">{column.column}</th>
                <td>{column.attribute ? <code>{column.attribute}</code> : <span class="muted">ignored</span>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** The rows by result: a dry run's valid ones (would be created), or those created; already tracked; invalid. */
export function JobCounts(props: { job: BulkJobAttributes }) {
  const { job } = props;
  const shown: BulkRowStatus[] = [job.dry_run ? "valid" : "created", "duplicate", "invalid", ...(job.counts.pending > 0 ? (["pending"] as const) : [])];
  return (
    <ul class="plain job-counts" aria-label="Rows by result" data-testid="job-counts">
      <li data-status="total">
        <span class="badge">Rows</span> <span class="count">{job.row_count.toLocaleString("en-US")}</span>
      </li>
      {shown.map((status) => (
        <li key={status} data-status={status}>
          <span class={`badge row-${status}`}>{rowStatusLabel(status)}</span> <span class="count">{job.counts[status].toLocaleString("en-US")}</span>
        </li>
      ))}
    </ul>
  );
}
