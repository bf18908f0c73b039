import type { DcsaV3Event, DcsaV3ReeferDetails } from "./dcsa-v3-types.js";

// IoT and reefer events (DCSA 3.0) have no Bollard milestone: each is kept as a raw event on its
// container, its codes and readings in `source_codes` (core allows 20 entries, names up to 60
// characters, values up to 100), from which GET /dcsa/v3/events writes the event again.

/** The most entries `source_codes` holds. */
export const MAX_SOURCE_CODES = 20;

type Kind = "number" | "boolean" | "string";
const READINGS: Readonly<Record<string, Kind>> = { temperatureUnit: "string", internalSetpointTemperature: "number", ambientMeasuredTemperature: "number" };
const PROBE: Readonly<Record<string, Kind>> = { USDAProbeNumber: "number", COAProbeUDMKey: "string", probeLabel: "string", measuredTemperatureValue: "number" };
const PARAMETERS: Readonly<Record<string, Kind>> = {
  o2Percentage: "number", co2Percentage: "number", humidityPercentage: "number", airExchangeValue: "number", airExchangeUnit: "string",
  isVentilationOpen: "boolean", isDrainholesOpen: "boolean", isBulbMode: "boolean", isColdTreatmentRequired: "boolean", isControlledAtmosphereRequired: "boolean",
};
const PARAMETER_GROUPS = ["measuredParameters", "setpointParameters"] as const;
const REEFER_ORDER = ["temperatureUnit", "internalSetpointTemperature", "temperatureProbeMeasurements", "ambientMeasuredTemperature", "setpointParameters", "measuredParameters"] as const;
const PLACE = ["latitude", "longitude", "facilityTypeCode"] as const;
const LABELS: Readonly<Record<string, string>> = { DETC: "Detected", DRC: "Door closed", DRO: "Door opened", LOC: "Location update", MEAS: "Measured", ADJU: "Adjusted" };

/** The codes and readings of an IoT or reefer event, as kept with its raw event. */
export interface SensorCodes {
  /** IOT or REEFER. */
  eventType: "IOT" | "REEFER";
  /** ACT, EST or PLN. */
  eventClassifierCode: "ACT" | "EST" | "PLN";
  /** The `iotEventTypeCode` (DETC) or `reeferEventTypeCode` (MEAS, ADJU). */
  code: string;
  /** What the IoT device detected: DRC, DRO or LOC. */
  iotEventCode: string | null;
  /** The reefer's readings and setpoints. */
  reeferDetails: DcsaV3ReeferDetails | null;
  /** Where, as the event's location gave it. */
  place: {
    /** `geoCoordinate.latitude`. */
    latitude: string | null;
    /** `geoCoordinate.longitude`. */
    longitude: string | null;
    /** The kind of facility, e.g. `POTE`. */
    facilityTypeCode: string | null;
  };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const isType = (value: unknown): value is "IOT" | "REEFER" => value === "IOT" || value === "REEFER";
const CODE_FIELD = { IOT: "iotEventTypeCode", REEFER: "reeferEventTypeCode" } as const;

/** A reading as text, or undefined when it is absent or not of its kind. */
function text(value: unknown, kind: Kind): string | undefined {
  if (kind === "number") return typeof value === "number" && Number.isFinite(value) ? String(value) : undefined;
  if (kind === "boolean") return typeof value === "boolean" ? String(value) : undefined;
  return typeof value === "string" && value !== "" ? value : undefined;
}

/** The reefer readings of an event as `[name, value, kind]`, most telling first: temperatures, probes, measured, then set parameters. */
function readings(details: unknown): [string, unknown, Kind][] {
  const entries: [string, unknown, Kind][] = [];
  if (!isObject(details)) return entries;
  for (const [field, kind] of Object.entries(READINGS)) entries.push([field, details[field], kind]);
  const probes = Array.isArray(details.temperatureProbeMeasurements) ? details.temperatureProbeMeasurements : [];
  probes.forEach((probe, i) => {
    for (const [field, kind] of Object.entries(PROBE)) entries.push([`temperatureProbeMeasurements.${i}.${field}`, isObject(probe) ? probe[field] : undefined, kind]);
  });
  for (const group of PARAMETER_GROUPS) {
    const parameters = details[group];
    for (const [field, kind] of Object.entries(PARAMETERS)) entries.push([`${group}.${field}`, isObject(parameters) ? parameters[field] : undefined, kind]);
  }
  return entries;
}

/**
 * The `source_codes` of an IoT or reefer event (its classification already checked): its type,
 * classifier and type code, the IoT event code, the reefer's readings (`temperatureUnit`,
 * `internalSetpointTemperature`, `ambientMeasuredTemperature`,
 * `temperatureProbeMeasurements.<i>.<field>`, `measuredParameters.<field>`,
 * `setpointParameters.<field>`), then the place's `latitude`, `longitude` and `facilityTypeCode`;
 * at most {@link MAX_SOURCE_CODES}, in that order. `left` counts the readings not kept: past the
 * limit, longer than 100 characters, or not of the standard's type (a temperature that is no number).
 */
export function sensorSourceCodes(event: DcsaV3Event): { codes: Record<string, string>; left: number } {
  const classification = event.eventClassification!;
  const type = classification.eventTypeCode as "IOT" | "REEFER";
  const codes: Record<string, string> = { eventType: type, eventClassifierCode: classification.eventClassifierCode!, [CODE_FIELD[type]]: classification[CODE_FIELD[type]]! };
  const location = event.eventLocation;
  const entries: [string, unknown, Kind][] = [
    ["iotEventCode", type === "IOT" ? event.iotDetails?.iotEventCode : undefined, "string"],
    ...(type === "REEFER" ? readings(event.reeferDetails) : []),
    ["latitude", location?.geoCoordinate?.latitude, "string"],
    ["longitude", location?.geoCoordinate?.longitude, "string"],
    ["facilityTypeCode", location?.facilityTypeCode, "string"],
  ];
  let left = 0;
  for (const [name, value, kind] of entries) {
    if (value === undefined || value === null) continue;
    const written = text(value, kind);
    if (written === undefined || written.length > 100 || Object.keys(codes).length >= MAX_SOURCE_CODES) left += 1;
    else codes[name] = written;
  }
  return { codes, left };
}

/** A kept reading back in its standard type. */
function typed(value: string, kind: Kind): number | boolean | string | undefined {
  if (kind === "string") return value;
  if (kind === "boolean") return value === "true" ? true : value === "false" ? false : undefined;
  const number = Number(value);
  return value.trim() !== "" && Number.isFinite(number) ? number : undefined;
}

/** The reefer details kept by {@link sensorSourceCodes}, read back; null when none were kept. */
function reeferDetailsOf(codes: Readonly<Record<string, string>>): DcsaV3ReeferDetails | null {
  const details: Record<string, unknown> = {};
  const probes: Record<string, unknown>[] = [];
  const set = (into: Record<string, unknown>, field: string, value: string, kind: Kind) => {
    const reading = typed(value, kind);
    if (reading !== undefined) into[field] = reading;
  };
  for (const [name, value] of Object.entries(codes)) {
    const [head = "", second, third] = name.split(".");
    if (second === undefined && READINGS[head]) set(details, head, value, READINGS[head]);
    else if (head === "temperatureProbeMeasurements" && /^\d+$/.test(second ?? "") && third && PROBE[third]) set((probes[Number(second)] ??= {}), third, value, PROBE[third]);
    else if ((PARAMETER_GROUPS as readonly string[]).includes(head) && second && PARAMETERS[second] && third === undefined) set((details[head] ??= {}) as Record<string, unknown>, second, value, PARAMETERS[second]);
  }
  const kept = probes.filter((probe) => probe !== undefined);
  if (kept.length > 0) details.temperatureProbeMeasurements = kept;
  // In the standard's order of ReeferDetails.
  const ordered = Object.fromEntries(REEFER_ORDER.flatMap((field) => (details[field] === undefined ? [] : [[field, details[field]]])));
  return Object.keys(ordered).length > 0 ? (ordered as DcsaV3ReeferDetails) : null;
}

/**
 * The codes and readings of an IoT or reefer event kept with its raw event (`source_codes`, see
 * docs/dcsa.md), read back in their standard types; null when a raw event's are none (it is no IoT
 * or reefer event).
 */
export function readSensorCodes(codes: Readonly<Record<string, string>> | null): SensorCodes | null {
  const eventType = codes?.eventType;
  if (!codes || !isType(eventType)) return null;
  const code = codes[CODE_FIELD[eventType]];
  const classifier = codes.eventClassifierCode;
  if (!code || (classifier !== "ACT" && classifier !== "EST" && classifier !== "PLN")) return null;
  const place = Object.fromEntries(PLACE.map((name) => [name, codes[name] ?? null])) as SensorCodes["place"];
  return { eventType, eventClassifierCode: classifier, code, iotEventCode: codes.iotEventCode ?? null, reeferDetails: eventType === "REEFER" ? reeferDetailsOf(codes) : null, place };
}

/**
 * The wording of the raw event kept for an IoT or reefer event: the standard's label, the codes and
 * the event's time, e.g. `Door opened (IOT DETC DRO) at 2026-01-20T16:45:00Z`. The time is part of
 * it because the wording is what tells a container's raw events apart: each reading is its own.
 */
export function sensorWording(codes: Pick<SensorCodes, "eventType" | "code" | "iotEventCode">, eventDateTime: string): string {
  const label = LABELS[codes.iotEventCode ?? codes.code] ?? codes.iotEventCode ?? codes.code;
  const at = new Date(eventDateTime).toISOString().replace(/\.\d{3}Z$/, "Z");
  return `${label} (${[codes.eventType, codes.code, codes.iotEventCode].filter(Boolean).join(" ")}) at ${at}`.slice(0, 500);
}
