import type { PortSeed } from "../domain/port-schema.js";

/**
 * Fixes for `sea-ports` records that are wrong in the published data set (found by comparing
 * each time zone's UTC offset with the longitude, and by checking the well-known ports).
 * Applied after the build, by UN/LOCODE.
 */
export const PORT_CORRECTIONS: Readonly<Record<string, Partial<PortSeed>>> = {
  USOAK: { time_zone: "America/Los_Angeles" }, // was America/Chicago
  USDET: { time_zone: "America/Detroit" }, // was America/Toronto; the hosted service says Detroit
  CNYTN: { latitude: 22.5756, longitude: 114.2772 }, // Yantian (Shenzhen); was a point in Fujian
  BRMAO: { time_zone: "America/Manaus" }, // was Europe/Stockholm
  GBBAD: { time_zone: "Europe/London" }, // was Asia/Tehran
  JPONA: { time_zone: "Asia/Tokyo" }, // was Europe/London
  JPYWT: { time_zone: "Asia/Tokyo" }, // was Asia/Calcutta
  MOMFM: { time_zone: "Asia/Macau" }, // was Europe/Amsterdam
  PTHOR: { time_zone: "Atlantic/Azores" }, // was Asia/Calcutta
  THBKK: { time_zone: "Asia/Bangkok" }, // was Asia/Tehran
  VEGUB: { latitude: 11.6657, longitude: -70.2148, time_zone: "America/Caracas" }, // swapped, Antarctica
};

/**
 * Well-known codes that `sea-ports` lacks or drops (no coordinates or time zone). CNSHG is the
 * code the hosted service uses for Shanghai in its fixtures (the official one is CNSHA).
 * Added only when the build has no record under the code.
 */
export const EXTRA_PORTS: readonly PortSeed[] = [
  {
    name: "Shanghai", code: "CNSHG", state_abbr: null, state: "Shanghai", city: "Shanghai",
    country_code: "CN", country: "China", time_zone: "Asia/Shanghai", latitude: 31.2304, longitude: 121.4737,
  },
  {
    name: "Antwerp", code: "BEANT", state_abbr: null, state: "Antwerpen", city: "Antwerp",
    country_code: "BE", country: "Belgium", time_zone: "Europe/Brussels", latitude: 51.2194, longitude: 4.4025,
  },
  {
    name: "Veracruz", code: "MXVER", state_abbr: null, state: "Veracruz", city: "Veracruz",
    country_code: "MX", country: "Mexico", time_zone: "America/Mexico_City", latitude: 19.1738, longitude: -96.1342,
  },
  {
    name: "Fuzhou", code: "CNFOC", state_abbr: null, state: "Fujian", city: "Fuzhou",
    country_code: "CN", country: "China", time_zone: "Asia/Shanghai", latitude: 26.0745, longitude: 119.2965,
  },
];
