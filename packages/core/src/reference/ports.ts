import { createRequire } from "node:module";
import type { Port, PortSeed } from "../domain/port-schema.js";
import { isIanaTimeZone, isUnLocode } from "../domain/validators.js";
import { EXTRA_PORTS, PORT_CORRECTIONS } from "./port-corrections.js";
import { referenceId } from "./reference-ids.js";
import { regionAbbreviation } from "./region-abbreviations.js";

/** One record of the `sea-ports` data set (only the fields Bollard reads). */
interface SeaPortEntry {
  name?: string;
  city?: string;
  province?: string;
  country?: string;
  /** `[longitude, latitude]`. */
  coordinates?: number[];
  timezone?: string;
  unlocs?: string[];
}

interface PortIndex {
  list: readonly Port[];
  byCode: ReadonlyMap<string, Port>;
  byId: ReadonlyMap<string, Port>;
}

let index: PortIndex | undefined;

// Loaded on first use, not at import: the data set is half a megabyte of JSON.
function loadSeaPorts(): Record<string, SeaPortEntry> {
  const require = createRequire(import.meta.url);
  return (require("sea-ports") as { JSON: Record<string, SeaPortEntry> }).JSON;
}

function text(value: string | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/** The port attributes of one `sea-ports` entry under `code`, or null when it is unusable. */
function toAttributes(code: string, entry: SeaPortEntry): PortSeed | null {
  const [longitude, latitude] = entry.coordinates ?? [];
  const name = text(entry.name);
  const country = text(entry.country);
  const timeZone = text(entry.timezone);
  if (!isUnLocode(code) || !name || !country || !timeZone || !isIanaTimeZone(timeZone)) return null;
  if (typeof latitude !== "number" || typeof longitude !== "number") return null;
  if (!(Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180)) return null;
  const countryCode = code.slice(0, 2);
  const state = text(entry.province);
  return {
    name,
    code,
    state_abbr: regionAbbreviation(countryCode, state),
    state,
    city: text(entry.city),
    country_code: countryCode,
    country,
    time_zone: timeZone,
    latitude,
    longitude,
  };
}

function buildIndex(): PortIndex {
  const raw = loadSeaPorts();
  const attributes = new Map<string, PortSeed>();
  const add = (code: string, entry: SeaPortEntry): void => {
    const record = toAttributes(code, entry);
    if (record) attributes.set(code, record);
  };
  // An entry's own key wins over the same code listed as an alias in another entry's `unlocs`.
  for (const [key, entry] of Object.entries(raw)) add(key, entry);
  for (const entry of Object.values(raw)) {
    for (const code of entry.unlocs ?? []) if (!attributes.has(code)) add(code, entry);
  }
  for (const [code, fix] of Object.entries(PORT_CORRECTIONS)) {
    const record = attributes.get(code);
    if (record) attributes.set(code, { ...record, ...fix });
  }
  for (const extra of EXTRA_PORTS) if (!attributes.has(extra.code)) attributes.set(extra.code, extra);

  const list = [...attributes.values()]
    .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0))
    .map((record): Port => Object.freeze({ id: referenceId("port", record.code), ...record, provided_data: null }));
  return {
    list,
    byCode: new Map(list.map((port) => [port.code, port])),
    byId: new Map(list.map((port) => [port.id, port])),
  };
}

function portIndex(): PortIndex {
  index ??= buildIndex();
  return index;
}

/**
 * Every known port, one per UN/LOCODE, ordered by code. Built once from the `sea-ports` data
 * set (plus corrections and a few additions) on first call; records are frozen and shared.
 */
export function allPorts(): Port[] {
  return [...portIndex().list];
}

/** The port with this UN/LOCODE (case-insensitive, surrounding spaces ignored), or undefined. */
export function portByLocode(code: string): Port | undefined {
  return portIndex().byCode.get(code.trim().toUpperCase());
}

/** The port with this id, or undefined. */
export function portById(id: string): Port | undefined {
  return portIndex().byId.get(id.toLowerCase());
}
