import { geoGraticule10, geoPath } from "d3-geo";
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import type { ContainerMap } from "../api/api-types.js";
import type { Session } from "../state/session.js";
import { Link } from "../lib/router.js";
import { formatLocal } from "../lib/time-format.js";
import { useLand } from "../map/route-map.js";
import { centerLongitude, projectionOf, screenAngle, worldProjection } from "../map/projection.js";
import type { ContainerRow } from "../state/container-rows.js";
import { useContainers } from "../state/use-store.js";
import { DownloadCsv } from "./download-csv.js";
import { LoadState } from "./parts.js";

const WIDTH = 960;
const HEIGHT = 500;
const CONCURRENCY = 4;

/** A vessel carrying containers of the account, where its last report puts it. */
interface VesselAtSea {
  id: string;
  name: string;
  imo: string | null;
  lon: number;
  lat: number;
  heading: number;
  reportedAt: string | null;
  containers: ContainerRow[];
}

/**
 * Finds the vessel of each shipment at sea: the `current_vessel` of the map of one of its
 * containers on a ship (containers of a bill of lading sail together). Maps are read four at a
 * time, each with its ETag, so a later pass costs 304s.
 */
function useVesselsAtSea(session: Session, rows: readonly ContainerRow[]) {
  const [vessels, setVessels] = useState<{ byShipment: Map<string, { id: string; name: string; imo: string | null; lon: number; lat: number; heading: number; reportedAt: string | null } | null>; pending: number }>({ byShipment: new Map(), pending: 0 });
  const etags = useRef(new Map<string, { etag: string | null; map: ContainerMap }>());
  const onShip = useMemo(() => rows.filter((row) => row.status === "on_ship" && row.shipmentId), [rows]);
  useEffect(() => {
    let live = true;
    const probes = new Map<string, string>(); // shipment id → container id whose map is read
    for (const row of onShip) if (!probes.has(row.shipmentId!)) probes.set(row.shipmentId!, row.id);
    const queue = [...probes];
    const byShipment = new Map(vessels.byShipment);
    setVessels({ byShipment, pending: queue.length });
    const worker = async () => {
      while (live && queue.length > 0) {
        const [shipmentId, containerId] = queue.shift()!;
        const known = etags.current.get(containerId);
        try {
          const result = await session.api.get<ContainerMap>(`/containers/${containerId}/map_geojson`, known?.etag);
          const map = result.notModified ? known!.map : result.body;
          if (!result.notModified) etags.current.set(containerId, { etag: result.etag, map });
          const vessel = map.features.find((feature) => feature.properties.feature_type === "current_vessel");
          byShipment.set(
            shipmentId,
            vessel && vessel.geometry.type === "Point"
              ? {
                  id: String(vessel.properties.vessel_id),
                  name: String(vessel.properties.vessel_name ?? "Unknown vessel"),
                  imo: (vessel.properties.vessel_imo as string | null) ?? null,
                  lon: vessel.geometry.coordinates[0],
                  lat: vessel.geometry.coordinates[1],
                  heading: Number(vessel.properties.vessel_location_heading ?? 0),
                  reportedAt: (vessel.properties.vessel_location_timestamp as string | null) ?? null,
                }
              : null,
          );
        } catch {
          byShipment.set(shipmentId, null);
        }
        if (live) setVessels({ byShipment: new Map(byShipment), pending: queue.length });
      }
    };
    void Promise.all(Array.from({ length: CONCURRENCY }, worker));
    return () => {
      live = false;
    };
  }, [onShip]);
  return useMemo(() => {
    const list = new Map<string, VesselAtSea>();
    const unplaced: ContainerRow[] = [];
    for (const row of onShip) {
      const vessel = vessels.byShipment.get(row.shipmentId!);
      if (!vessel) {
        if (vessel === null) unplaced.push(row);
        continue;
      }
      const entry = list.get(vessel.id) ?? { ...vessel, containers: [] };
      entry.containers.push(row);
      list.set(vessel.id, entry);
    }
    return { vessels: [...list.values()].sort((a, b) => b.containers.length - a.containers.length || a.name.localeCompare(b.name)), unplaced, pending: vessels.pending };
  }, [onShip, vessels]);
}

/** A world map of the vessels carrying the account's containers, with a count on each. */
export function AtSeaView(props: { session: Session }) {
  const snapshot = useContainers(props.session.containers);
  const { vessels, unplaced, pending } = useVesselsAtSea(props.session, snapshot.rows);
  const [selected, setSelected] = useState<string | null>(null);
  const land = useLand("110m");
  const parameters = useMemo(() => worldProjection(vessels.length ? centerLongitude(vessels.map((vessel) => vessel.lon)) : 0, WIDTH, HEIGHT), [vessels]);
  const projection = useMemo(() => projectionOf(parameters), [parameters]);
  const path = useMemo(() => geoPath(projection), [projection]);
  const chosen = vessels.find((vessel) => vessel.id === selected) ?? null;
  const choose = (id: string) => {
    setSelected(id);
    requestAnimationFrame(() => document.getElementById("vessel-containers")?.focus());
  };
  return (
    <>
      <h1 tabIndex={-1}>At sea now</h1>
      <LoadState snapshot={snapshot} />
      <p class="help" role="status">
        {vessels.length} vessel{vessels.length === 1 ? "" : "s"} carry {vessels.reduce((sum, vessel) => sum + vessel.containers.length, 0)} containers{pending > 0 ? ` (locating ${pending} more shipments…)` : ""}. Select a vessel to list its containers.
      </p>
      <figure class="map-figure">
        <svg class="world-map" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="group" aria-label="World map of vessels at sea" data-projection={parameters.kind} data-rotate={String(parameters.rotate)} data-scale={String(parameters.scale)} data-translate={parameters.translate.join(",")}>
          <path class="sea" d={path({ type: "Sphere" }) ?? ""} />
          <path class="graticule" d={path(geoGraticule10()) ?? ""} />
          {land && <path class="land" d={path(land) ?? ""} />}
          {vessels.map((vessel) => {
            const at = projection([vessel.lon, vessel.lat]);
            if (!at) return null;
            const label = `${vessel.name}: ${vessel.containers.length} container${vessel.containers.length === 1 ? "" : "s"}`;
            return (
              <g
                key={vessel.id}
                class={`vessel-marker${vessel.id === selected ? " selected" : ""}`}
                transform={`translate(${at[0]} ${at[1]})`}
                role="button"
                tabIndex={0}
                aria-label={label}
                aria-pressed={vessel.id === selected}
                data-vessel-id={vessel.id}
                data-lon={String(vessel.lon)}
                data-lat={String(vessel.lat)}
                onClick={() => choose(vessel.id)}
                onKeyDown={(event) => {
                  if (event.key === "Enter" || event.key === " ") {
                    event.preventDefault();
                    choose(vessel.id);
                  }
                }}
              >
                <title>{label}</title>
                <rect class="hit" x="-12" y="-12" width="36" height="24" rx="4" />
                <path d="M0,-9 L6,7 L0,3 L-6,7 Z" transform={`rotate(${screenAngle(projection, vessel.lon, vessel.lat, vessel.heading).toFixed(1)})`} />
                <text class="count" x="9" y="4">
                  {vessel.containers.length}
                </text>
              </g>
            );
          })}
        </svg>
      </figure>
      <div class="columns">
        <section class="panel" aria-labelledby="vessels-heading">
          <h2 id="vessels-heading">Vessels</h2>
          <table>
            <thead>
              <tr>
                <th scope="col">Vessel</th>
                <th scope="col">Position</th>
                <th scope="col">Reported</th>
                <th scope="col">Containers</th>
              </tr>
            </thead>
            <tbody>
              {vessels.map((vessel) => (
                <tr key={vessel.id} data-vessel-id={vessel.id}>
                  <th scope="row">
                    <button type="button" class="link" aria-pressed={vessel.id === selected} onClick={() => choose(vessel.id)}>
                      {vessel.name}
                    </button>
                    {vessel.imo && <span class="sub">IMO {vessel.imo}</span>}
                  </th>
                  <td>
                    {vessel.lat.toFixed(2)}°, {vessel.lon.toFixed(2)}°
                  </td>
                  <td>{formatLocal(vessel.reportedAt, null)}</td>
                  <td class="number">{vessel.containers.length}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {unplaced.length > 0 && <p class="muted">{unplaced.length} containers on a ship have no vessel position reported since departure.</p>}
        </section>
        <section class="panel" aria-labelledby="vessel-containers" data-testid="vessel-containers">
          <h2 id="vessel-containers" tabIndex={-1}>
            {chosen ? `On ${chosen.name}` : "Containers"}
          </h2>
          {chosen ? (
            <ul class="plain">
              {chosen.containers.map((row) => (
                <li key={row.id}>
                  <Link href={`/app/containers/${row.id}`}>{row.number}</Link> · {row.pol} → {row.pod} · ETA {formatLocal(row.eta, row.podTimeZone)}
                </li>
              ))}
            </ul>
          ) : (
            <p class="muted">Select a vessel on the map or in the list.</p>
          )}
          {/* The export cannot select a vessel's containers: it has every container, and says so. */}
          <DownloadCsv api={props.session.api} resource="containers" label="Download all containers (CSV)" />
        </section>
      </div>
    </>
  );
}
