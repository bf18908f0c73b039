import { geoGraticule10, geoPath } from "d3-geo";
import type { LineString } from "geojson";
import { useEffect, useMemo, useState } from "preact/hooks";
import type { ContainerMap, MapFeature } from "../api/api-types.js";
import { formatLocal } from "../lib/time-format.js";
import { loadLand, type Land } from "./land.js";
import { projectionOf, routeProjection, screenAngle } from "./projection.js";

const WIDTH = 960;
const HEIGHT = 520;

const LINE_CLASSES: Record<string, string> = {
  past_vessel_locations: "line-past",
  estimated_partial_leg: "line-estimated line-partial",
  estimated_full_legs: "line-estimated",
};

function allPoints(features: readonly MapFeature[]): [number, number][] {
  return features.flatMap((feature) => (feature.geometry.type === "Point" ? [feature.geometry.coordinates] : feature.geometry.coordinates));
}

/** Loads land shapes once for a map; null until they arrive (the route draws without them). */
export function useLand(scale: "50m" | "110m"): Land | null {
  const [land, setLand] = useState<Land | null>(null);
  useEffect(() => {
    let live = true;
    loadLand(scale).then((shapes) => live && setLand(shapes), () => {});
    return () => {
      live = false;
    };
  }, [scale]);
  return land;
}

/**
 * A container's route map: the `map_geojson` collection drawn in SVG over Natural Earth land,
 * Mercator-projected and centred on the route (so a Pacific crossing stays whole: d3-geo draws
 * lines on the sphere, and the API's `[180, φ]`, `[−180, φ]` vertex pair is one point there).
 * Ports carry their labels (POL, TS1…, POD), the past path is solid, estimated legs dashed, and
 * the current vessel is an arrow along its heading.
 */
export function RouteMap(props: { map: ContainerMap; title: string }) {
  const land = useLand("50m");
  const features = props.map.features;
  const parameters = useMemo(() => routeProjection(allPoints(features), WIDTH, HEIGHT, 48), [features]);
  const projection = useMemo(() => projectionOf(parameters).clipExtent([[0, 0], [WIDTH, HEIGHT]]), [parameters]);
  const path = useMemo(() => geoPath(projection), [projection]);
  const landPath = useMemo(() => (land ? path(land) : null), [land, path]);
  const graticule = useMemo(() => path(geoGraticule10()), [path]);
  const ports = features.filter((feature) => feature.properties.feature_type === "port");
  const lines = features.filter((feature) => feature.geometry.type === "LineString");
  const vessel = features.find((feature) => feature.properties.feature_type === "current_vessel");
  const portName = (feature: MapFeature) => `${String(feature.properties.label ?? "")} ${String(feature.properties.name ?? "")}`.trim();
  const description = [
    ports.map(portName).join(" → "),
    vessel && vessel.geometry.type === "Point"
      ? `${String(vessel.properties.vessel_name ?? "The vessel")} at ${vessel.geometry.coordinates[1].toFixed(2)}°, ${vessel.geometry.coordinates[0].toFixed(2)}° heading ${String(vessel.properties.vessel_location_heading ?? "?")}°`
      : "No vessel at sea",
  ].join(". ");
  return (
    <figure class="map-figure">
      <svg
        class="route-map"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby="route-map-title route-map-desc"
        data-projection={parameters.kind}
        data-rotate={String(parameters.rotate)}
        data-scale={String(parameters.scale)}
        data-translate={parameters.translate.join(",")}
        data-land={land ? "loaded" : "loading"}
      >
        <title id="route-map-title">{props.title}</title>
        <desc id="route-map-desc">{description}</desc>
        <rect class="sea" width={WIDTH} height={HEIGHT} />
        <path class="graticule" d={graticule ?? ""} />
        {landPath && <path class="land" d={landPath} />}
        {lines.map((feature, index) => (
          <path
            key={`line-${index}`}
            class={LINE_CLASSES[feature.properties.feature_type] ?? "line-estimated"}
            d={path(feature.geometry as LineString) ?? ""}
            data-feature={feature.properties.feature_type}
            data-point-count={String(feature.geometry.coordinates.length)}
          />
        ))}
        {ports.map((feature) => {
          const [lon, lat] = feature.geometry.coordinates as [number, number];
          const at = projection([lon, lat]);
          if (!at) return null;
          const label = String(feature.properties.label ?? "");
          return (
            <g key={String(feature.properties.location_id)} class={`port port-${label.toLowerCase().replace(/\d+$/, "")}`} transform={`translate(${at[0]} ${at[1]})`} data-feature="port" data-label={label} data-lon={String(lon)} data-lat={String(lat)}>
              <circle r="6" />
              <text x={at[0] > WIDTH - 180 ? -10 : 10} y="-8" text-anchor={at[0] > WIDTH - 180 ? "end" : "start"}>
                <tspan class="port-label">{label}</tspan> {String(feature.properties.name ?? "")}
              </text>
            </g>
          );
        })}
        {vessel &&
          vessel.geometry.type === "Point" &&
          (() => {
            const [lon, lat] = vessel.geometry.coordinates;
            const at = projection([lon, lat]);
            if (!at) return null;
            const heading = Number(vessel.properties.vessel_location_heading ?? 0);
            const angle = screenAngle(projection, lon, lat, heading);
            return (
              <g class="vessel" transform={`translate(${at[0]} ${at[1]})`} data-feature="current_vessel" data-lon={String(lon)} data-lat={String(lat)} data-heading={String(heading)}>
                <path d="M0,-13 L8,9 L0,4 L-8,9 Z" transform={`rotate(${angle.toFixed(1)})`} />
                <text x={at[0] > WIDTH - 180 ? -12 : 12} y="20" text-anchor={at[0] > WIDTH - 180 ? "end" : "start"}>
                  {String(vessel.properties.vessel_name ?? "")}
                </text>
              </g>
            );
          })()}
      </svg>
      <figcaption>
        <span class="key key-past">Sailed</span> <span class="key key-estimated">Estimated</span> <span class="key key-vessel">Vessel now</span>
        {vessel && vessel.geometry.type === "Point" && (
          <span class="vessel-caption">
            {" "}
            · {String(vessel.properties.vessel_name ?? "")} reported {formatLocal(String(vessel.properties.vessel_location_timestamp ?? ""), null)}, {String(vessel.properties.vessel_location_speed ?? "?")} kn
          </span>
        )}
      </figcaption>
    </figure>
  );
}
