import { geoMercator, geoNaturalEarth1, type GeoProjection } from "d3-geo";

/** A longitude in [−180, 180). */
export function wrapLongitude(lon: number): number {
  return ((((lon + 180) % 360) + 360) % 360) - 180;
}

/**
 * The longitude to put in the middle of a map of these longitudes: the middle of the arc they
 * occupy, found opposite the largest gap between them. A route from Shanghai to Los Angeles is
 * centred on the Pacific, not cut in two at ±180°.
 */
export function centerLongitude(longitudes: readonly number[]): number {
  if (longitudes.length === 0) return 0;
  const sorted = [...new Set(longitudes.map(wrapLongitude))].sort((a, b) => a - b);
  if (sorted.length === 1) return sorted[0]!;
  let gapStart = sorted[sorted.length - 1]!;
  let gap = sorted[0]! + 360 - gapStart;
  for (let i = 1; i < sorted.length; i++) {
    const size = sorted[i]! - sorted[i - 1]!;
    if (size > gap) {
      gap = size;
      gapStart = sorted[i - 1]!;
    }
  }
  // The occupied arc runs from the end of the gap round to its start.
  const arcStart = gapStart + gap;
  const arcLength = 360 - gap;
  return wrapLongitude(arcStart + arcLength / 2);
}

/** The parameters that rebuild a projection (the map writes them on its svg for tests and tools). */
export interface ProjectionParameters {
  kind: "mercator" | "natural-earth";
  rotate: number;
  scale: number;
  translate: [number, number];
}

/** Rebuilds a projection from its parameters. */
export function projectionOf(parameters: ProjectionParameters): GeoProjection {
  const projection = parameters.kind === "mercator" ? geoMercator() : geoNaturalEarth1();
  return projection.rotate([parameters.rotate, 0]).scale(parameters.scale).translate(parameters.translate).precision(0.2);
}

/**
 * A Mercator projection (conformal: a vessel's heading is its angle on screen) centred on the
 * route and fitted to it with a margin, at least 24° wide so a short hop keeps its coasts.
 */
export function routeProjection(points: readonly [number, number][], width: number, height: number, margin = 36): ProjectionParameters {
  const center = centerLongitude(points.map(([lon]) => lon));
  const clamp = (lat: number) => Math.max(-78, Math.min(78, lat));
  const fitted: [number, number][] = points.map(([lon, lat]) => [lon, clamp(lat)]);
  const meanLat = fitted.length ? fitted.reduce((sum, [, lat]) => sum + lat, 0) / fitted.length : 0;
  fitted.push([wrapLongitude(center - 12), clamp(meanLat - 6)], [wrapLongitude(center + 12), clamp(meanLat + 6)]);
  const projection = geoMercator()
    .rotate([-center, 0])
    .fitExtent(
      [
        [margin, margin],
        [width - margin, height - margin],
      ],
      { type: "MultiPoint", coordinates: fitted },
    );
  const [tx, ty] = projection.translate();
  return { kind: "mercator", rotate: -center, scale: projection.scale(), translate: [tx, ty] };
}

/** A Natural Earth projection of the whole world, centred on `center`. */
export function worldProjection(center: number, width: number, height: number): ProjectionParameters {
  const projection = geoNaturalEarth1().rotate([-center, 0]).fitSize([width, height], { type: "Sphere" });
  const [tx, ty] = projection.translate();
  return { kind: "natural-earth", rotate: -center, scale: projection.scale(), translate: [tx, ty] };
}

/**
 * The on-screen angle (degrees clockwise from up) of a heading (degrees clockwise from true
 * north) at a point: the direction from the point to a point a little way along the heading.
 */
export function screenAngle(projection: GeoProjection, lon: number, lat: number, heading: number): number {
  const step = 0.05;
  const radians = (heading * Math.PI) / 180;
  const ahead: [number, number] = [lon + (step * Math.sin(radians)) / Math.max(0.05, Math.cos((lat * Math.PI) / 180)), lat + step * Math.cos(radians)];
  const from = projection([lon, lat]);
  const to = projection(ahead);
  if (!from || !to) return heading;
  return (Math.atan2(to[0] - from[0], -(to[1] - from[1])) * 180) / Math.PI;
}
