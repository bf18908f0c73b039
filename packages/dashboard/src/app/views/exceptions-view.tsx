import { useMemo } from "preact/hooks";
import type { ExceptionAttributes, Identifier, ListDocument, Resource } from "../api/api-types.js";
import { Link } from "../lib/router.js";
import { formatLocal } from "../lib/time-format.js";
import { usePolled } from "../lib/use-polled.js";
import type { Session } from "../state/session.js";
import { useContainers } from "../state/use-store.js";

/** Each rule kind as people name it. */
const RULE_NAMES: Readonly<Record<string, string>> = {
  tracking_stale: "Tracking stale",
  eta_slipped: "ETA slipped",
  rolled_over: "Rolled over",
  transshipment_dwell: "Transshipment dwell",
  hold_too_long: "Hold too long",
  last_free_day_passed: "Last free day passed",
  empty_not_returned: "Empty not returned",
};
const ruleName = (kind: string) => RULE_NAMES[kind] ?? kind;

/** How many open exceptions the view reads (the newest). */
const SHOWN = 100;

const linked = (exception: Resource<ExceptionAttributes>, name: "shipment" | "container") => (exception.relationships?.[name]?.data as Identifier | null | undefined)?.id ?? null;

/**
 * The account's open exceptions (`GET /v2/exceptions?filter[status]=open`), newest raised first: the
 * rule, the shipment and container concerned (their numbers from the containers the app holds), when
 * it was raised and what holds. A count per rule above the table.
 */
export function ExceptionsView(props: { session: Session }) {
  const open = usePolled<ListDocument<ExceptionAttributes>>(props.session.api, `/exceptions?filter%5Bstatus%5D=open&page%5Bsize%5D=${SHOWN}`);
  const snapshot = useContainers(props.session.containers);
  const byContainer = useMemo(() => new Map(snapshot.rows.map((row) => [row.id, row])), [snapshot.rows]);
  const billOf = useMemo(() => new Map(snapshot.rows.flatMap((row) => (row.shipmentId ? [[row.shipmentId, row.billOfLading] as const] : []))), [snapshot.rows]);
  const exceptions = open.data?.data ?? [];
  const total = open.data?.meta?.total ?? exceptions.length;
  const counts = useMemo(() => {
    const byKind = new Map<string, number>();
    for (const exception of exceptions) byKind.set(exception.attributes.kind, (byKind.get(exception.attributes.kind) ?? 0) + 1);
    return [...byKind].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  }, [exceptions]);
  return (
    <>
      <h1 tabIndex={-1}>Exceptions</h1>
      <p class="help">
        What the account's exception rules found on shipments still followed: tracking gone quiet, arrival estimates slipped, rollovers, long transshipment waits and holds, last free days passed and
        empties not returned. An exception clears by itself once its condition stops holding (docs/exceptions.md).
      </p>
      {open.error && (
        <p class="error" role="alert">
          Could not read exceptions: {open.error.message}
        </p>
      )}
      {open.data && (
        <p data-testid="exception-total">
          {total === 0 ? "No open exception." : `${total} open exception${total === 1 ? "" : "s"}${total > exceptions.length ? `, the ${exceptions.length} newest shown` : ""}.`}
        </p>
      )}
      {counts.length > 0 && (
        <ul class="plain exception-counts" aria-label="Open exceptions by rule">
          {counts.map(([kind, count]) => (
            <li key={kind} data-kind={kind}>
              <span class={`badge exception-${kind}`}>{ruleName(kind)}</span> <span class="count">{count}</span>
            </li>
          ))}
        </ul>
      )}
      {exceptions.length > 0 && (
        <div class="table-wrap">
          <table class="exceptions">
            <thead>
              <tr>
                <th scope="col">Raised</th>
                <th scope="col">Rule</th>
                <th scope="col">Bill of lading</th>
                <th scope="col">Container</th>
                <th scope="col">What holds</th>
              </tr>
            </thead>
            <tbody>
              {exceptions.map((exception) => {
                const containerId = linked(exception, "container");
                const shipmentId = linked(exception, "shipment");
                const row = containerId ? byContainer.get(containerId) : undefined;
                return (
                  <tr key={exception.id} data-exception-id={exception.id} data-kind={exception.attributes.kind}>
                    <td>{formatLocal(exception.attributes.raised_at, null)}</td>
                    <td>{ruleName(exception.attributes.kind)}</td>
                    <td>{(shipmentId && billOf.get(shipmentId)) || "—"}</td>
                    <td>{containerId ? <Link href={`/app/containers/${containerId}`}>{row?.number ?? "Container"}</Link> : "Whole shipment"}</td>
                    <td class="detail">{exception.attributes.detail}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
