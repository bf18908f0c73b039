import type { MetroArea, MetroAreaAttributes } from "../domain/metro-area-schema.js";
import { referenceId } from "./reference-ids.js";

// US inland rail destinations (intermodal ramp cities). Coordinates are the city centres.
const METRO_AREA_DATA: readonly MetroAreaAttributes[] = [
  { name: "Atlanta", code: "USATL", state_abbr: "GA", country_code: "US", time_zone: "America/New_York", latitude: 33.749, longitude: -84.388 },
  { name: "Chicago", code: "USCHI", state_abbr: "IL", country_code: "US", time_zone: "America/Chicago", latitude: 41.8781, longitude: -87.6298 },
  { name: "Cincinnati", code: "USCVG", state_abbr: "OH", country_code: "US", time_zone: "America/New_York", latitude: 39.1031, longitude: -84.512 },
  { name: "Columbus", code: "USCMH", state_abbr: "OH", country_code: "US", time_zone: "America/New_York", latitude: 39.9612, longitude: -82.9988 },
  { name: "Dallas", code: "USDAL", state_abbr: "TX", country_code: "US", time_zone: "America/Chicago", latitude: 32.7767, longitude: -96.797 },
  { name: "Denver", code: "USDEN", state_abbr: "CO", country_code: "US", time_zone: "America/Denver", latitude: 39.7392, longitude: -104.9903 },
  { name: "Detroit", code: "USDET", state_abbr: "MI", country_code: "US", time_zone: "America/Detroit", latitude: 42.3314, longitude: -83.0458 },
  { name: "Indianapolis", code: "USIND", state_abbr: "IN", country_code: "US", time_zone: "America/Indiana/Indianapolis", latitude: 39.7684, longitude: -86.1581 },
  { name: "Kansas City", code: "USMKC", state_abbr: "MO", country_code: "US", time_zone: "America/Chicago", latitude: 39.0997, longitude: -94.5786 },
  { name: "Memphis", code: "USMEM", state_abbr: "TN", country_code: "US", time_zone: "America/Chicago", latitude: 35.1495, longitude: -90.049 },
  { name: "Minneapolis", code: "USMES", state_abbr: "MN", country_code: "US", time_zone: "America/Chicago", latitude: 44.9778, longitude: -93.265 },
  { name: "St. Louis", code: "USSTL", state_abbr: "MO", country_code: "US", time_zone: "America/Chicago", latitude: 38.627, longitude: -90.1994 },
];

let metroAreas: readonly MetroArea[] | undefined;

function list(): readonly MetroArea[] {
  metroAreas ??= METRO_AREA_DATA.map((record) => Object.freeze({ id: referenceId("metro_area", record.code), ...record }));
  return metroAreas;
}

/** Every known metro area (US inland rail destinations), ordered by UN/LOCODE. Records are frozen. */
export function allMetroAreas(): MetroArea[] {
  return [...list()];
}

/** The metro area with this UN/LOCODE (case-insensitive), or undefined. */
export function metroAreaByLocode(code: string): MetroArea | undefined {
  const wanted = code.trim().toUpperCase();
  return list().find((area) => area.code === wanted);
}

/** The metro area with this id, or undefined. */
export function metroAreaById(id: string): MetroArea | undefined {
  const wanted = id.toLowerCase();
  return list().find((area) => area.id === wanted);
}
