import type { Hold } from "../api/api-types.js";
import { humanize } from "../lib/time-format.js";
import type { ContainerSnapshot } from "../state/container-store.js";

/** A container status as a badge (`on_ship` → On ship). */
export function StatusBadge(props: { status: string }) {
  return <span class={`badge status-${props.status}`}>{humanize(props.status)}</span>;
}

/** Holds as badges, or a dash. */
export function Holds(props: { holds: readonly Hold[]; empty?: string }) {
  if (props.holds.length === 0) return <span class="muted">{props.empty ?? "None"}</span>;
  return (
    <ul class="holds">
      {props.holds.map((hold) => (
        <li key={hold.name} class="badge hold" title={hold.description || undefined}>
          {hold.name}
          {hold.status === "pending" ? " (pending)" : ""}
        </li>
      ))}
    </ul>
  );
}

/** "Loading 3 of 12 pages" while the containers stream in, then when they were last checked. */
export function LoadState(props: { snapshot: ContainerSnapshot }) {
  const { snapshot } = props;
  return (
    <p class="load-state" role="status">
      {snapshot.error ? (
        <span class="error">Could not read containers: {snapshot.error}</span>
      ) : snapshot.checkedAt === null ? (
        `Loading containers: page ${snapshot.loadedPages} of ${snapshot.pageCount || "…"}`
      ) : (
        <span class="live" data-checked-at={String(snapshot.checkedAt)}>
          Live · {snapshot.total.toLocaleString("en-US")} containers · checked {new Date(snapshot.checkedAt).toLocaleTimeString("en-GB")}
        </span>
      )}
    </p>
  );
}
