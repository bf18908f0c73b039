// Sea routing: realistic maritime routes over the marnet lane network.
export { createSeaRouter, seaRouter, loadMarnetNetwork, type SeaRouter, type SeaRoute, type SeaRouterOptions } from "./sea-router.js";
export { buildSeaGraph, type SeaGraph, type SeaGraphOptions, type LineStringCollection } from "./sea-graph.js";
export { cutAtAntimeridian, splitAtAntimeridian, unwrapLongitudes } from "./antimeridian.js";
export { greatCircleNm, initialBearing, normalizeLongitude, type LonLat } from "./geodesy.js";
export { walkRoute, type RouteWalker, type RoutePoint } from "./route-sampling.js";
