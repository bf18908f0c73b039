import type { ContainerMap } from "@bollard/core";
import type { LineStringCollection, LonLat } from "@bollard/core/geo";
import { PNG } from "pngjs";

/** Options of {@link renderMapPng}. */
export interface MapPngOptions {
  /**
   * Image width in pixels; the height is half of it (the whole world, equirectangular).
   * @default 1600
   */
  width?: number;
  /** The sea lane network, drawn faintly under the map (e.g. `loadMarnetNetwork()`). */
  network?: LineStringCollection;
  /**
   * The longitude at the centre of the image.
   * @default 180 when a line of the map crosses the antimeridian (the Pacific in the middle), else 0
   */
  centerLongitude?: number;
}

type Rgba = readonly [r: number, g: number, b: number, a: number];

// Colours: sea, lanes, past path, estimated legs, partial leg, ports, vessel.
const SEA: Rgba = [12, 28, 46, 255];
const GRID: Rgba = [40, 60, 84, 255];
const LANE: Rgba = [90, 120, 150, 110];
const PAST: Rgba = [255, 140, 40, 255];
const FULL_LEG: Rgba = [80, 200, 255, 230];
const PARTIAL_LEG: Rgba = [255, 230, 80, 240];
const PORT: Rgba = [255, 255, 255, 255];
const VESSEL: Rgba = [240, 40, 60, 255];

/** An RGBA canvas with alpha-blended round brushes. */
class Canvas {
  readonly png: PNG;

  constructor(readonly width: number, readonly height: number, background: Rgba) {
    this.png = new PNG({ width, height });
    for (let i = 0; i < width * height; i += 1) this.png.data.set(background, i * 4);
  }

  /** Blends `color` onto one pixel (ignored outside the canvas). */
  blend(x: number, y: number, [r, g, b, a]: Rgba): void {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const i = (Math.floor(y) * this.width + Math.floor(x)) * 4;
    const alpha = a / 255;
    const data = this.png.data;
    data[i] = Math.round(r * alpha + data[i]! * (1 - alpha));
    data[i + 1] = Math.round(g * alpha + data[i + 1]! * (1 - alpha));
    data[i + 2] = Math.round(b * alpha + data[i + 2]! * (1 - alpha));
    data[i + 3] = 255;
  }

  /** A filled disc of `radius` pixels. */
  dot(x: number, y: number, radius: number, color: Rgba): void {
    const r = Math.max(0, radius);
    for (let dy = -Math.ceil(r); dy <= Math.ceil(r); dy += 1) {
      for (let dx = -Math.ceil(r); dx <= Math.ceil(r); dx += 1) if (dx * dx + dy * dy <= r * r + 0.25) this.blend(Math.round(x) + dx, Math.round(y) + dy, color);
    }
  }

  /** A straight stroke; `dash` is [on, off] in pixels, carried over from `phase` (returned). */
  line(x0: number, y0: number, x1: number, y1: number, width: number, color: Rgba, dash: readonly [number, number] | null = null, phase = 0): number {
    const length = Math.hypot(x1 - x0, y1 - y0);
    const steps = Math.max(1, Math.ceil(length));
    for (let s = 0; s <= steps; s += 1) {
      const along = phase + (s / steps) * length;
      if (dash && along % (dash[0] + dash[1]) >= dash[0]) continue;
      const [x, y] = [x0 + ((x1 - x0) * s) / steps, y0 + ((y1 - y0) * s) / steps];
      if (width <= 1) this.blend(Math.round(x), Math.round(y), color);
      else this.dot(x, y, width / 2, color);
    }
    return phase + length;
  }
}

/** Projects `[lon, lat]` to pixels: equirectangular, `center` longitude in the middle. */
function projector(width: number, height: number, center: number) {
  return ([lon, lat]: LonLat): [number, number] => {
    const shifted = ((((lon - center + 180) % 360) + 360) % 360) / 360;
    return [shifted * (width - 1), ((90 - lat) / 180) * (height - 1)];
  };
}

/** Draws a polyline, lifting the pen where it wraps round the image edge. */
function polyline(canvas: Canvas, project: (p: LonLat) => [number, number], coordinates: readonly LonLat[], width: number, color: Rgba, dash: readonly [number, number] | null = null): void {
  let phase = 0;
  for (let i = 1; i < coordinates.length; i += 1) {
    const [x0, y0] = project(coordinates[i - 1]!);
    const [x1, y1] = project(coordinates[i]!);
    if (Math.abs(x1 - x0) > canvas.width / 2) continue;
    phase = canvas.line(x0, y0, x1, y1, width, color, dash, phase);
  }
}

const crossesAntimeridian = (map: ContainerMap) =>
  map.features.some((f) => f.geometry.type === "LineString" && f.geometry.coordinates.some((p, i, all) => i > 0 && Math.abs(p[0] - all[i - 1]![0]) > 180));

/**
 * Renders a container map collection to a PNG (equirectangular, the whole world): a graticule,
 * the sea lane network faintly, past vessel paths in orange, estimated full legs dashed in blue,
 * the partial leg dashed in yellow, ports as white dots and the current vessel as a red dot.
 * @example
 * writeFileSync("map.png", renderMapPng(await session.maps.container(id), { network: loadMarnetNetwork() }));
 */
export function renderMapPng(map: ContainerMap, options: MapPngOptions = {}): Buffer {
  const width = Math.max(64, Math.round(options.width ?? 1600));
  const height = Math.round(width / 2);
  const canvas = new Canvas(width, height, SEA);
  const project = projector(width, height, options.centerLongitude ?? (crossesAntimeridian(map) ? 180 : 0));
  for (let lon = -180; lon < 180; lon += 30) polyline(canvas, project, Array.from({ length: 19 }, (_, i): LonLat => [lon, -90 + i * 10]), 1, GRID);
  for (let lat = -60; lat <= 60; lat += 30) polyline(canvas, project, Array.from({ length: 37 }, (_, i): LonLat => [-180 + i * 10, lat]), 1, GRID);
  for (const feature of options.network?.features ?? []) {
    if (feature.geometry?.type === "LineString") polyline(canvas, project, feature.geometry.coordinates as LonLat[], 1, LANE);
  }
  const byType = (type: string) => map.features.filter((f) => f.properties.feature_type === type);
  for (const f of byType("estimated_full_legs")) if (f.geometry.type === "LineString") polyline(canvas, project, f.geometry.coordinates, 3, FULL_LEG, [10, 6]);
  for (const f of byType("estimated_partial_leg")) if (f.geometry.type === "LineString") polyline(canvas, project, f.geometry.coordinates, 3, PARTIAL_LEG, [10, 6]);
  for (const f of byType("past_vessel_locations")) if (f.geometry.type === "LineString") polyline(canvas, project, f.geometry.coordinates, 3, PAST);
  for (const f of byType("port")) if (f.geometry.type === "Point") {
    const [x, y] = project(f.geometry.coordinates);
    canvas.dot(x, y, 6, [0, 0, 0, 255]);
    canvas.dot(x, y, 4.5, PORT);
  }
  for (const f of byType("current_vessel")) if (f.geometry.type === "Point") {
    const [x, y] = project(f.geometry.coordinates);
    canvas.dot(x, y, 8, PORT);
    canvas.dot(x, y, 6, VESSEL);
  }
  return PNG.sync.write(canvas.png);
}
