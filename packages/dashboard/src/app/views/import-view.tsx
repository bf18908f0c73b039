import type { ComponentChildren } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import type { BulkJobAttributes, ListDocument, OneDocument, Resource } from "../api/api-types.js";
import { countsText, IMPORT_ACCEPT, jobKindLabel, mediaTypeOf, uploadErrorText, uploadPath } from "../lib/bulk-import.js";
import { formatLocal } from "../lib/time-format.js";
import { useBulkJob } from "../lib/use-bulk-job.js";
import { usePolled } from "../lib/use-polled.js";
import type { Session } from "../state/session.js";
import { ColumnMapping, JobCounts, JobProgress } from "./bulk-job-parts.js";
import { BulkJobRows } from "./bulk-job-rows.js";

/** How many recent imports the view lists. */
const RECENT = 10;

/** A chosen file, read once: the import sends exactly the bytes that were checked. */
interface ChosenFile {
  name: string;
  body: Blob;
  mediaType: string;
}

/**
 * Bulk import of tracking requests (`POST /v2/tracking_requests/bulk`, docs/bulk.md): a chosen file
 * is sent as a dry run first, and its column mapping, counts and rows are shown; **Import** sends
 * it again for real and follows the job to its per-row results. Below, the recent imports.
 */
export function ImportView(props: { session: Session }) {
  const { api } = props.session;
  const recent = usePolled<ListDocument<BulkJobAttributes>>(api, `/bulk_jobs?page%5Bsize%5D=${RECENT}`);
  const [chosen, setChosen] = useState<ChosenFile | null>(null);
  const [sent, setSent] = useState<{ check: Resource<BulkJobAttributes> | null; run: Resource<BulkJobAttributes> | null }>({ check: null, run: null });
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // A file chosen while another is still being sent wins: the older answer is dropped.
  const attempt = useRef(0);
  const check = useBulkJob(api, sent.check);
  const run = useBulkJob(api, sent.run);
  const checked = check.job?.attributes.status === "completed";
  const imported = run.job?.attributes.status === "completed";
  useEffect(() => {
    if (checked || imported) void recent.reload();
  }, [checked, imported]);

  const upload = async (file: ChosenFile, dryRun: boolean) => {
    const mine = ++attempt.current;
    setBusy(dryRun ? `Sending ${file.name} for a check…` : `Sending ${file.name} to import…`);
    setError(null);
    try {
      const document = await api.upload<OneDocument<BulkJobAttributes>>(uploadPath(file.name, dryRun), file.body, file.mediaType);
      if (mine === attempt.current) setSent((previous) => (dryRun ? { check: document.data, run: null } : { ...previous, run: document.data }));
    } catch (failure) {
      if (mine === attempt.current) setError(uploadErrorText(failure));
    } finally {
      if (mine === attempt.current) setBusy(null);
    }
  };
  const choose = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    attempt.current++;
    setSent({ check: null, run: null });
    setChosen(null);
    setBusy(null);
    setError(null);
    if (!file) return;
    const mediaType = mediaTypeOf(file.name);
    if (!mediaType) {
      setError(`Choose a CSV, XLSX or JSON file: ${file.name} is none of them.`);
      return;
    }
    const read = { name: file.name, body: new Blob([await file.arrayBuffer()], { type: mediaType }), mediaType };
    setChosen(read);
    await upload(read, true);
  };

  const valid = check.job?.attributes.counts.valid ?? 0;
  return (
    <>
      <h1 tabIndex={-1}>Import</h1>
      <p class="help">
        Start tracking many numbers at once from a spreadsheet: a CSV, XLSX or JSON file whose first row names its columns (Container #, B/L, Booking, Carrier, Ref…). The file is checked first and
        nothing is created until you import it; importing it twice creates nothing new (docs/bulk.md).
      </p>
      <section class="panel" aria-labelledby="import-file-heading">
        <h2 id="import-file-heading">File</h2>
        <div class="field import-file">
          <label for="import-file">File to check (CSV, XLSX or JSON)</label>
          <input id="import-file" type="file" accept={IMPORT_ACCEPT} aria-describedby="import-file-help" onChange={(event) => void choose(event.currentTarget)} />
          <span id="import-file-help" class="sub">
            Each row becomes a tracking request; a dry run shows how the columns are read and what each row would become.
          </span>
        </div>
        {busy && (
          <p role="status" class="muted">
            {busy}
          </p>
        )}
        {error && (
          <p role="alert" class="error" data-testid="import-error">
            {error}
          </p>
        )}
      </section>
      {run.job && <JobResults session={props.session} job={run.job} error={run.error} heading={`Import of ${run.job.attributes.file_name ?? "the file"}`} />}
      {check.job && (
        <JobResults session={props.session} job={check.job} error={check.error} heading={`Check of ${check.job.attributes.file_name ?? "the file"}`}>
          {checked && chosen && !sent.run && (
            <p class="import-action">
              <button type="button" disabled={valid === 0 || busy !== null} onClick={() => void upload(chosen, false)}>
                Import {valid.toLocaleString("en-US")} {valid === 1 ? "row" : "rows"}
              </button>
              <span class="sub">Rows already tracked and invalid rows are left out.</span>
            </p>
          )}
        </JobResults>
      )}
      <RecentImports recent={recent.data} error={recent.error} />
    </>
  );
}

/** A job as it goes: its progress, then how its columns were read (a check), its counts and its rows. */
function JobResults(props: { session: Session; job: Resource<BulkJobAttributes>; error: Error | null; heading: string; children?: ComponentChildren }) {
  const { id, attributes: job } = props.job;
  const done = job.status === "completed";
  return (
    <section class="panel" aria-labelledby={`job-${id}-heading`} data-job-id={id} data-testid={job.dry_run ? "check-results" : "import-results"} data-status={job.status}>
      <h2 id={`job-${id}-heading`}>{props.heading}</h2>
      <p role="status" class={done ? "ok" : undefined}>
        {done ? `${job.dry_run ? "Checked" : "Imported"}: ${countsText(job)}.` : job.dry_run ? "Checking the rows…" : "Importing the rows…"}
      </p>
      {!done && <JobProgress id={id} job={job} />}
      {props.error && <p class="error">Could not read the job (trying again): {props.error.message}</p>}
      {job.dry_run && <ColumnMapping id={id} job={job} />}
      <h3>Rows</h3>
      <JobCounts job={job} />
      {props.children}
      {done && <BulkJobRows key={id} session={props.session} jobId={id} job={job} />}
    </section>
  );
}

function RecentImports(props: { recent: ListDocument<BulkJobAttributes> | null; error: Error | null }) {
  return (
    <section class="panel" aria-labelledby="recent-imports-heading">
      <h2 id="recent-imports-heading">Recent imports</h2>
      {props.error && <p class="error">Could not read imports: {props.error.message}</p>}
      {props.recent && props.recent.data.length === 0 && <p class="muted">No import yet.</p>}
      {props.recent && props.recent.data.length > 0 && (
        <div class="table-wrap">
          <table class="recent-imports">
            <thead>
              <tr>
                <th scope="col">Sent</th>
                <th scope="col">File</th>
                <th scope="col">Kind</th>
                <th scope="col">Status</th>
                <th scope="col">Rows</th>
                <th scope="col">Results</th>
              </tr>
            </thead>
            <tbody>
              {props.recent.data.map((resource) => {
                const job = resource.attributes;
                return (
                  <tr key={resource.id} data-job-id={resource.id}>
                    <td>{formatLocal(job.created_at, null)}</td>
                    <td class="url">{job.file_name ?? <span class="muted">no name</span>}</td>
                    <td>{jobKindLabel(job)}</td>
                    <td>{job.status}</td>
                    <td class="number">{job.row_count.toLocaleString("en-US")}</td>
                    <td>{countsText(job)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
