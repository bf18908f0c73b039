/**
 * `@bollard/core/geo`: the geography behind tracking. Ports, terminals, rail terminals and metro
 * areas of the bundled reference data, the sea-lane router vessels' future positions follow,
 * and the pure assembly of a container's map (`buildContainerMap`) from its journey.
 * @packageDocumentation
 */
export {
  allMetroAreas,
  allPorts,
  allRailTerminals,
  allShippingLines,
  allTerminals,
  metroAreaById,
  metroAreaByLocode,
  portById,
  portByLocode,
  railTerminalById,
  referenceId,
  shippingLineByScac,
  terminalById,
  terminalsByPort,
} from "../reference/index.js";
export {
  loadMarnetNetwork,
  normalizeLongitude,
  seaRouter,
  walkRoute,
  type LineStringCollection,
  type LonLat,
  type RoutePoint,
  type RouteWalker,
  type SeaRoute,
  type SeaRouter,
} from "../routing/index.js";
export { buildContainerMap, ContainerMapSchema, MAX_PAST_POINTS, type ContainerMap, type ContainerMapFeature, type ContainerMapInput, type JourneyLeg, type JourneyPort } from "../map/index.js";
export { readContainerMapInput } from "../services/map-service.js";
