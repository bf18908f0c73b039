import type { FeatureCollection, MultiPolygon, Polygon, Feature } from "geojson";
import { feature } from "topojson-client";
import type { Topology } from "topojson-specification";
import coarseUrl from "world-atlas/land-110m.json?url";
import detailedUrl from "world-atlas/land-50m.json?url";

/** Land shapes (Natural Earth through world-atlas), shipped with the app: no tile server. */
export type Land = Feature<Polygon | MultiPolygon> | FeatureCollection<Polygon | MultiPolygon>;

const cache = new Map<string, Promise<Land>>();

/** Loads the land of one scale once (`50m` for route maps, `110m` for the world). */
export function loadLand(scale: "50m" | "110m"): Promise<Land> {
  const url = scale === "50m" ? detailedUrl : coarseUrl;
  let land = cache.get(url);
  if (!land) {
    land = fetch(url)
      .then((response) => {
        if (!response.ok) throw new Error(`land shapes: ${response.status}`);
        return response.json() as Promise<Topology>;
      })
      .then((topology) => feature(topology, topology.objects.land!) as Land);
    land.catch(() => cache.delete(url));
    cache.set(url, land);
  }
  return land;
}
