import { useEffect, useMemo, useState } from "preact/hooks";
import type { Session } from "../state/session.js";
import { Link } from "../lib/router.js";
import { formatLocal, humanize } from "../lib/time-format.js";
import { distinctValues, filterRows, NO_FILTERS, sortRows, type ContainerRow, type RowFilters, type SortKey, type SortOrder } from "../state/container-rows.js";
import { useContainers } from "../state/use-store.js";
import { DownloadCsv } from "./download-csv.js";
import { Holds, LoadState, StatusBadge } from "./parts.js";

const PAGE_SIZES = [50, 100, 250, 1000];
const COLUMNS: { key: SortKey; label: string }[] = [
  { key: "number", label: "Container" },
  { key: "status", label: "Status" },
  { key: "carrier", label: "Carrier" },
  { key: "route", label: "POL → POD" },
  { key: "vessel", label: "Vessel" },
  { key: "arrival", label: "ETA / ATA (POD time)" },
  { key: "lfd", label: "Last free day" },
  { key: "holds", label: "Holds" },
];

interface TableState {
  filters: RowFilters;
  sort: SortOrder;
  page: number;
  size: number;
}

const numberOrNull = (value: string | null): number | null => (value === null || value.trim() === "" || !Number.isFinite(Number(value)) ? null : Math.max(0, Number(value)));

/** The table's state from the address (`?status=on_ship&sort=lfd`), so a view can be linked and survives Back. */
function readState(search: string): TableState {
  const params = new URLSearchParams(search);
  const key = params.get("sort") as SortKey | null;
  return {
    filters: {
      query: params.get("q") ?? "",
      status: params.get("status") ?? "",
      carrier: params.get("carrier") ?? "",
      pod: params.get("pod") ?? "",
      arrivingWithinDays: numberOrNull(params.get("arriving")),
      lfdWithinDays: numberOrNull(params.get("lfd")),
      holdsOnly: params.get("holds") === "1",
    },
    sort: { key: key && COLUMNS.some((column) => column.key === key) ? key : "arrival", descending: params.get("desc") === "1" },
    page: Math.max(1, Number(params.get("page")) || 1),
    size: PAGE_SIZES.includes(Number(params.get("size"))) ? Number(params.get("size")) : 50,
  };
}

function writeState(state: TableState): void {
  const params = new URLSearchParams();
  const { filters } = state;
  if (filters.query) params.set("q", filters.query);
  if (filters.status) params.set("status", filters.status);
  if (filters.carrier) params.set("carrier", filters.carrier);
  if (filters.pod) params.set("pod", filters.pod);
  if (filters.arrivingWithinDays !== null) params.set("arriving", String(filters.arrivingWithinDays));
  if (filters.lfdWithinDays !== null) params.set("lfd", String(filters.lfdWithinDays));
  if (filters.holdsOnly) params.set("holds", "1");
  if (state.sort.key !== "arrival") params.set("sort", state.sort.key);
  if (state.sort.descending) params.set("desc", "1");
  if (state.page > 1) params.set("page", String(state.page));
  if (state.size !== 50) params.set("size", String(state.size));
  const query = params.toString();
  history.replaceState(null, "", `${location.pathname}${query ? `?${query}` : ""}`);
}

/** Every container of the account: filters, search, sorting and pages over the loaded rows. */
export function ContainersView(props: { session: Session }) {
  const snapshot = useContainers(props.session.containers);
  const [state, setState] = useState(() => readState(location.search));
  useEffect(() => writeState(state), [state]);
  const now = snapshot.checkedAt ?? Date.now();
  const filtered = useMemo(() => sortRows(filterRows(snapshot.rows, state.filters, now), state.sort), [snapshot.rows, state.filters, state.sort, now]);
  const statuses = useMemo(() => distinctValues(snapshot.rows, (row) => row.status), [snapshot.rows]);
  const carriers = useMemo(() => distinctValues(snapshot.rows, (row) => row.scac), [snapshot.rows]);
  const pods = useMemo(() => distinctValues(snapshot.rows, (row) => row.pod), [snapshot.rows]);
  const pageCount = Math.max(1, Math.ceil(filtered.length / state.size));
  const page = Math.min(state.page, pageCount);
  const visible = filtered.slice((page - 1) * state.size, page * state.size);
  const setFilter = <K extends keyof RowFilters>(name: K, value: RowFilters[K]) => setState((previous) => ({ ...previous, page: 1, filters: { ...previous.filters, [name]: value } }));
  const sortBy = (key: SortKey) => setState((previous) => ({ ...previous, page: 1, sort: { key, descending: previous.sort.key === key ? !previous.sort.descending : false } }));
  const carrierName = (scac: string) => snapshot.rows.find((row) => row.scac === scac)?.carrier ?? scac;
  return (
    <>
      <h1 tabIndex={-1}>Containers</h1>
      <LoadState snapshot={snapshot} />
      <form class="filters" role="search" aria-label="Filter containers" onSubmit={(event) => event.preventDefault()}>
        <div class="field wide">
          <label for="filter-q">Search</label>
          <input id="filter-q" type="search" placeholder="Container, B/L or booking number, reference" value={state.filters.query} onInput={(event) => setFilter("query", event.currentTarget.value)} />
        </div>
        <Select id="filter-status" label="Status" value={state.filters.status} options={statuses.map((value) => [value, humanize(value)])} onChange={(value) => setFilter("status", value)} />
        <Select id="filter-carrier" label="Carrier" value={state.filters.carrier} options={carriers.map((value) => [value, `${carrierName(value)} (${value})`])} onChange={(value) => setFilter("carrier", value)} />
        <Select id="filter-pod" label="Port of discharge" value={state.filters.pod} options={pods.map((value) => [value, value])} onChange={(value) => setFilter("pod", value)} />
        <div class="field narrow">
          <label for="filter-arriving">Arriving within (days)</label>
          <input id="filter-arriving" type="number" min="0" inputMode="numeric" value={state.filters.arrivingWithinDays ?? ""} onInput={(event) => setFilter("arrivingWithinDays", numberOrNull(event.currentTarget.value))} />
        </div>
        <div class="field narrow">
          <label for="filter-lfd">LFD within (days)</label>
          <input id="filter-lfd" type="number" min="0" inputMode="numeric" value={state.filters.lfdWithinDays ?? ""} onInput={(event) => setFilter("lfdWithinDays", numberOrNull(event.currentTarget.value))} />
        </div>
        <div class="field check">
          <input id="filter-holds" type="checkbox" checked={state.filters.holdsOnly} onChange={(event) => setFilter("holdsOnly", event.currentTarget.checked)} />
          <label for="filter-holds">With holds only</label>
        </div>
        <button type="button" class="secondary" onClick={() => setState((previous) => ({ ...previous, page: 1, filters: NO_FILTERS }))}>
          Clear filters
        </button>
      </form>
      <p class="summary" aria-live="polite" data-testid="match-count" data-count={String(filtered.length)}>
        {filtered.length === snapshot.rows.length ? `${filtered.length.toLocaleString("en-US")} containers` : `${filtered.length.toLocaleString("en-US")} of ${snapshot.rows.length.toLocaleString("en-US")} containers match`}
      </p>
      {/* The export filters by exact number only: none of these filters map to it, so it has every container. */}
      <DownloadCsv api={props.session.api} resource="containers" label="Download all containers (CSV)" />
      <div class="table-wrap">
        <table class="containers">
          <caption class="visually-hidden">Containers, sorted by {COLUMNS.find((column) => column.key === state.sort.key)?.label}</caption>
          <thead>
            <tr>
              {COLUMNS.map((column) => (
                <th key={column.key} scope="col" aria-sort={state.sort.key === column.key ? (state.sort.descending ? "descending" : "ascending") : undefined}>
                  <button type="button" class="sort" onClick={() => sortBy(column.key)}>
                    {column.label}
                    <span aria-hidden="true">{state.sort.key === column.key ? (state.sort.descending ? " ▼" : " ▲") : ""}</span>
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {visible.map((row) => (
              <ContainerLine key={row.id} row={row} />
            ))}
          </tbody>
        </table>
      </div>
      {visible.length === 0 && snapshot.checkedAt !== null && <p class="empty">No container matches these filters.</p>}
      <nav class="pager" aria-label="Pages of containers">
        <button type="button" class="secondary" disabled={page <= 1} onClick={() => setState((previous) => ({ ...previous, page: page - 1 }))}>
          Previous
        </button>
        <span>
          Page {page} of {pageCount}
        </span>
        <button type="button" class="secondary" disabled={page >= pageCount} onClick={() => setState((previous) => ({ ...previous, page: page + 1 }))}>
          Next
        </button>
        <label for="page-size">Rows per page</label>
        <select id="page-size" value={String(state.size)} onChange={(event) => setState((previous) => ({ ...previous, page: 1, size: Number(event.currentTarget.value) }))}>
          {PAGE_SIZES.map((size) => (
            <option key={size} value={String(size)}>
              {size}
            </option>
          ))}
        </select>
      </nav>
    </>
  );
}

function Select(props: { id: string; label: string; value: string; options: [string, string][]; onChange: (value: string) => void }) {
  return (
    <div class="field">
      <label for={props.id}>{props.label}</label>
      <select id={props.id} value={props.value} onChange={(event) => props.onChange(event.currentTarget.value)}>
        <option value="">Any</option>
        {props.options.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </div>
  );
}

function ContainerLine(props: { row: ContainerRow }) {
  const { row } = props;
  return (
    <tr data-container-id={row.id}>
      <th scope="row">
        <Link href={`/app/containers/${row.id}`}>{row.number}</Link>
        <span class="sub">{row.billOfLading}</span>
      </th>
      <td>
        <StatusBadge status={row.status} />
        {row.trackingStopped && <span class="sub">tracking stopped</span>}
      </td>
      <td>{row.carrier}</td>
      <td>
        <abbr title={row.polName}>{row.pol || "—"}</abbr> → <abbr title={row.podName}>{row.pod || "—"}</abbr>
      </td>
      <td>
        {row.vessel || "—"}
        {row.voyage && <span class="sub">{row.voyage}</span>}
      </td>
      <td>{row.ata ? <>{formatLocal(row.ata, row.podTimeZone)} <span class="sub">arrived</span></> : formatLocal(row.eta, row.podTimeZone)}</td>
      <td>{formatLocal(row.lfd, row.podTimeZone)}</td>
      <td>
        <Holds holds={row.holds} />
      </td>
    </tr>
  );
}
