import { allRailTerminals, allTerminals, metroAreaByLocode, portByLocode } from "../reference/index.js";

/** A place named by UN/LOCODE, resolved against the reference data. */
export interface ResolvedLocation {
  type: "port" | "metro_area";
  id: string;
  name: string;
  timezone: string;
}

/** Resolves a UN/LOCODE to a port (preferred) or an inland metro area; null when unknown. */
export function resolveLocation(locode: string | null | undefined): ResolvedLocation | null {
  if (!locode) return null;
  const port = portByLocode(locode);
  if (port) return { type: "port", id: port.id, name: port.name, timezone: port.time_zone };
  const metro = metroAreaByLocode(locode);
  if (metro) return { type: "metro_area", id: metro.id, name: metro.name, timezone: metro.time_zone };
  return null;
}

/** Resolves a metro area first (inland destinations), then a port. */
export function resolveDestination(locode: string | null | undefined): ResolvedLocation | null {
  if (!locode) return null;
  const metro = metroAreaByLocode(locode);
  if (metro) return { type: "metro_area", id: metro.id, name: metro.name, timezone: metro.time_zone };
  return resolveLocation(locode);
}

let terminalIndex: Map<string, { type: "terminal" | "rail_terminal"; id: string }> | undefined;

/**
 * Resolves a terminal named by FIRMS code, SMDG code, nickname or name (case-insensitive)
 * to an ocean or rail terminal; null when unknown.
 */
export function resolveTerminal(code: string | null | undefined): { type: "terminal" | "rail_terminal"; id: string } | null {
  if (!code) return null;
  if (!terminalIndex) {
    terminalIndex = new Map();
    for (const terminal of allRailTerminals()) {
      for (const key of [terminal.firms_code, terminal.nickname, terminal.name]) if (key) terminalIndex.set(key.toLowerCase(), { type: "rail_terminal", id: terminal.id });
    }
    // Ocean terminals win over rail ramps that share a code.
    for (const terminal of allTerminals()) {
      for (const key of [terminal.firms_code, terminal.smdg_code, terminal.nickname, terminal.name]) if (key) terminalIndex.set(key.toLowerCase(), { type: "terminal", id: terminal.id });
    }
  }
  return terminalIndex.get(code.trim().toLowerCase()) ?? null;
}
