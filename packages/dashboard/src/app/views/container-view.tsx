import { useState } from "preact/hooks";
import { ApiError } from "../api/api-client.js";
import type { ContainerAttributes, ContainerDemurrageAttributes, ContainerMap, CustomFieldAttributes, ListDocument, OneDocument, RawEventAttributes, Resource, ShipmentAttributes, TransportEventAttributes } from "../api/api-types.js";
import type { Session } from "../state/session.js";
import { demurrageExposure, formatMoney } from "../lib/lfd.js";
import { Link } from "../lib/router.js";
import { formatLocal, humanize } from "../lib/time-format.js";
import { usePolled } from "../lib/use-polled.js";
import { RouteMap } from "../map/route-map.js";
import { DemurragePanel } from "./demurrage-panel.js";
import { Holds, StatusBadge } from "./parts.js";

/** One line of the journey: an actual transport event or a carrier estimate still ahead. */
interface JourneyStep {
  key: string;
  at: string;
  name: string;
  place: string;
  timeZone: string | null;
  vessel: string | null;
  estimated: boolean;
}

function related<T>(included: Resource<Record<string, unknown>>[] | undefined, resource: Resource<unknown>, name: string): T | null {
  const data = resource.relationships?.[name]?.data;
  if (!data || Array.isArray(data)) return null;
  return (included?.find((item) => item.type === data.type && item.id === data.id)?.attributes as T | undefined) ?? null;
}

/** Transport events (actual) then the carrier's estimates (raw events flagged estimated) after the last of them. */
function journey(events: ListDocument<TransportEventAttributes> | null, raw: ListDocument<RawEventAttributes> | null): JourneyStep[] {
  const steps: JourneyStep[] = (events?.data ?? [])
    .filter((event) => event.attributes.timestamp)
    .map((event) => {
      const location = related<{ name?: string; code?: string }>(events?.included, event, "location");
      const vessel = related<{ name?: string }>(events?.included, event, "vessel");
      return {
        key: event.id,
        at: event.attributes.timestamp!,
        name: humanize(event.attributes.event),
        place: location?.name ?? event.attributes.location_locode ?? "",
        timeZone: event.attributes.timezone,
        vessel: vessel?.name ? `${vessel.name}${event.attributes.voyage_number ? ` · ${event.attributes.voyage_number}` : ""}` : null,
        estimated: false,
      };
    });
  const last = steps.reduce((latest, step) => Math.max(latest, Date.parse(step.at)), 0);
  for (const event of raw?.data ?? []) {
    const a = event.attributes;
    if (!a.estimated || Date.parse(a.timestamp) <= last) continue;
    steps.push({ key: event.id, at: a.timestamp, name: humanize(a.event), place: a.location_name ?? a.location_locode ?? "", timeZone: a.timezone, vessel: a.vessel_name ? `${a.vessel_name}${a.voyage_number ? ` · ${a.voyage_number}` : ""}` : null, estimated: true });
  }
  return steps.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}

/** A container: journey, holds and fees, deadlines, custom fields, tracking and the route map. */
export function ContainerView(props: { session: Session; id: string }) {
  const { api } = props.session;
  const base = `/containers/${props.id}`;
  const container = usePolled<OneDocument<ContainerAttributes>>(api, `${base}?include=shipment,pod_terminal`);
  const events = usePolled<ListDocument<TransportEventAttributes>>(api, `${base}/transport_events?include=location,vessel&page%5Bsize%5D=100`);
  const raw = usePolled<ListDocument<RawEventAttributes>>(api, `${base}/raw_events?page%5Bsize%5D=100`, 30_000);
  const fields = usePolled<ListDocument<CustomFieldAttributes>>(api, `${base}/custom_fields?page%5Bsize%5D=100`, 30_000);
  const map = usePolled<ContainerMap>(api, `${base}/map_geojson`);
  const demurrage = usePolled<OneDocument<ContainerDemurrageAttributes>>(api, `${base}/demurrage`, 30_000);
  if (container.error) {
    return (
      <>
        <h1 tabIndex={-1}>Container not found</h1>
        <p class="error" role="alert">
          {container.error instanceof ApiError && container.error.status === 404 ? "No container of this account has this id." : container.error.message}
        </p>
        <p>
          <Link href="/app/">Back to every container</Link>
        </p>
      </>
    );
  }
  if (!container.data) return <h1 tabIndex={-1}>Loading container…</h1>;
  const c = container.data.data.attributes;
  const shipmentResource = container.data.included?.find((item) => item.type === "shipment");
  const shipment = (shipmentResource?.attributes ?? null) as ShipmentAttributes | null;
  const terminal = related<{ name?: string }>(container.data.included, container.data.data, "pod_terminal");
  const tz = c.pod_timezone ?? shipment?.pod_timezone ?? null;
  const steps = journey(events.data, raw.data);
  const exposure = demurrageExposure(c.fees_at_pod_terminal, c.pickup_lfd, Date.now());
  return (
    <>
      <p class="crumbs">
        <Link href="/app/">Containers</Link> /
      </p>
      <h1 tabIndex={-1}>
        {c.number} <StatusBadge status={c.current_status} />
      </h1>
      {shipment && (
        <p class="lead">
          {shipment.shipping_line_short_name || shipment.shipping_line_name} · B/L {shipment.bill_of_lading_number} · {shipment.port_of_lading_name ?? shipment.port_of_lading_locode} → {shipment.port_of_discharge_name ?? shipment.port_of_discharge_locode}
          {shipment.destination_name ? ` → ${shipment.destination_name}` : ""} · {c.equipment_length}′ {humanize(c.equipment_type)} {c.equipment_height === "high_cube" ? "high cube" : ""}
        </p>
      )}
      <section aria-labelledby="map-heading" class="panel map-panel">
        <h2 id="map-heading">Route</h2>
        {map.data ? map.data.features.length > 0 ? <RouteMap map={map.data} title={`Route of ${c.number}`} /> : <p>The API has no route data for this container yet.</p> : <p>{map.error ? `Could not read the map: ${map.error.message}` : "Loading the map…"}</p>}
      </section>
      <div class="columns">
        <section aria-labelledby="journey-heading" class="panel">
          <h2 id="journey-heading">Journey</h2>
          <p class="help">Each time is in the local time of its place.</p>
          <ol class="timeline">
            {steps.map((step) => (
              <li key={step.key} class={step.estimated ? "estimated" : "actual"}>
                <span class="when">{formatLocal(step.at, step.timeZone)}</span>
                <span class="what">
                  {step.name}
                  {step.estimated && <span class="badge estimate">Estimated</span>}
                </span>
                <span class="where">
                  {step.place}
                  {step.vessel && <span class="sub">{step.vessel}</span>}
                </span>
              </li>
            ))}
            {steps.length === 0 && <li>{events.data ? "No events yet." : "Loading events…"}</li>}
          </ol>
        </section>
        <div>
          <section aria-labelledby="terminal-heading" class="panel">
            <h2 id="terminal-heading">At the terminal</h2>
            <dl class="facts">
              <dt>Terminal</dt>
              <dd>{terminal?.name ?? "—"}</dd>
              <dt>Available for pickup</dt>
              <dd>{c.availability_known ? (c.available_for_pickup ? "Yes" : "No") : "Unknown"}</dd>
              <dt>Holds</dt>
              <dd>
                <Holds holds={c.holds_at_pod_terminal} />
              </dd>
              <dt>Fees</dt>
              <dd>
                {c.fees_at_pod_terminal.length === 0
                  ? "None reported"
                  : c.fees_at_pod_terminal.map((fee, index) => (
                      <span key={index} class="fee">
                        {humanize(fee.type ?? "fee")}: {formatMoney(fee.amount, fee.currency_code)}
                      </span>
                    ))}
                {exposure?.perDay != null && <span class="sub">≈ {formatMoney(exposure.perDay, exposure.currency)} a day since the LFD</span>}
              </dd>
              <dt>Yard location</dt>
              <dd>{c.location_at_pod_terminal ?? "—"}</dd>
              <dt>Pickup appointment</dt>
              <dd>{formatLocal(c.pickup_appointment_at, tz)}</dd>
            </dl>
          </section>
          <DemurragePanel document={demurrage.data} error={demurrage.error} />
          <section aria-labelledby="deadlines-heading" class="panel">
            <h2 id="deadlines-heading">Import deadlines</h2>
            <dl class="facts">
              <dt>Last free day</dt>
              <dd data-testid="pickup-lfd">{formatLocal(c.pickup_lfd, tz)}</dd>
              <dt>Line LFD</dt>
              <dd>{formatLocal(c.import_deadlines?.pickup_lfd_line, tz)}</dd>
              <dt>Terminal LFD</dt>
              <dd>{formatLocal(c.import_deadlines?.pickup_lfd_terminal, tz)}</dd>
              <dt>Rail LFD</dt>
              <dd>{formatLocal(c.import_deadlines?.pickup_lfd_rail, c.final_destination_timezone ?? tz)}</dd>
              <dt>ETA at POD</dt>
              <dd>{formatLocal(shipment?.pod_eta_at, tz)}</dd>
              <dt>Arrived at POD</dt>
              <dd>{formatLocal(shipment?.pod_ata_at ?? c.pod_arrived_at, tz)}</dd>
            </dl>
          </section>
          <section aria-labelledby="fields-heading" class="panel">
            <h2 id="fields-heading">Custom fields</h2>
            {fields.data && fields.data.data.length > 0 ? (
              <dl class="facts">
                {fields.data.data.map((field) => [<dt key={`${field.id}-t`}>{humanize(field.attributes.api_slug)}</dt>, <dd key={`${field.id}-d`}>{field.attributes.display_value ?? "—"}</dd>])}
              </dl>
            ) : (
              <p class="muted">{fields.data ? "None." : "Loading…"}</p>
            )}
          </section>
          {shipment && shipmentResource && <TrackingPanel session={props.session} shipmentId={shipmentResource.id} shipment={shipment} onChanged={() => void container.reload()} />}
        </div>
      </div>
    </>
  );
}

/** Whether the shipment is tracked, and the stop and resume buttons (writes need an editor key). */
function TrackingPanel(props: { session: Session; shipmentId: string; shipment: ShipmentAttributes; onChanged: () => void }) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const stopped = props.shipment.line_tracking_stopped_at !== null;
  const act = async (action: "stop_tracking" | "resume_tracking") => {
    setBusy(true);
    setMessage(null);
    try {
      await props.session.api.send("PATCH", `/shipments/${props.shipmentId}/${action}`);
      setMessage(action === "stop_tracking" ? "Tracking stopped." : "Tracking resumed.");
      props.onChanged();
      void props.session.containers.refresh();
    } catch (error) {
      setMessage(error instanceof ApiError && error.status === 403 ? "This API key can only read (viewer role): stopping or resuming tracking needs an editor key." : `Could not change tracking: ${(error as Error).message}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="tracking-heading" class="panel">
      <h2 id="tracking-heading">Tracking</h2>
      <p data-testid="tracking-state">
        {stopped ? `Stopped ${formatLocal(props.shipment.line_tracking_stopped_at, null)}${props.shipment.line_tracking_stopped_reason ? ` (${humanize(props.shipment.line_tracking_stopped_reason)})` : ""}.` : `Active. Last update from the line ${formatLocal(props.shipment.line_tracking_last_succeeded_at, null)}.`}
      </p>
      {stopped ? (
        <button type="button" disabled={busy} onClick={() => act("resume_tracking")}>
          Resume tracking
        </button>
      ) : (
        <button type="button" class="danger" disabled={busy} onClick={() => act("stop_tracking")}>
          Stop tracking
        </button>
      )}
      {message && (
        <p role="status" class="message">
          {message}
        </p>
      )}
    </section>
  );
}
