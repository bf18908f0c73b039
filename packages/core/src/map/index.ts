// The container map collection (GeoJSON) and the journey it is drawn from.
export * from "./map-geojson-schema.js";
export { buildContainerMap, pastLegWindows, MAX_PAST_POINTS, type ContainerMapInput, type PastLegWindow } from "./map-geojson.js";
export { journeyRoute, type JourneyRoute, type JourneyLeg, type JourneyPort } from "./journey-route.js";
export { simplifyLine, simplifyTrack, mapLine, mapTrack, type Track } from "./simplify-line.js";
