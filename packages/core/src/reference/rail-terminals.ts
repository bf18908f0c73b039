import type { RailTerminal } from "../domain/rail-terminal-schema.js";
import { referenceId } from "./reference-ids.js";

/** One curated rail ramp: name, nickname, FIRMS code where certain, metro area UN/LOCODE. */
type Row = readonly [name: string, nickname: string, firmsCode: string | null, metroArea: string];

// Inland intermodal ramps of the Class I railroads in the curated metro areas. All are inland,
// so none has a port. Only NS - Livernois's FIRMS code is known for certain (hosted-service data).
const RAIL_TERMINAL_DATA: readonly Row[] = [
  ["NS - Livernois", "NS - Livernois", "H796", "USDET"],
  ["BNSF Logistics Park Chicago", "BNSF LPC", null, "USCHI"],
  ["BNSF Corwith", "BNSF Corwith", null, "USCHI"],
  ["UP Global IV", "UP Global 4", null, "USCHI"],
  ["UP Global II", "UP Global 2", null, "USCHI"],
  ["NS Landers", "NS Landers", null, "USCHI"],
  ["CSX Bedford Park", "CSX Bedford Park", null, "USCHI"],
  ["NS Rickenbacker", "NS Rickenbacker", null, "USCMH"],
  ["NS Austell", "NS Austell", null, "USATL"],
  ["CSX Fairburn", "CSX Fairburn", null, "USATL"],
  ["BNSF Memphis", "BNSF Memphis", null, "USMEM"],
  ["UP Marion", "UP Marion", null, "USMEM"],
  ["UP Dallas Intermodal Terminal", "UP DIT", null, "USDAL"],
  ["BNSF Alliance", "BNSF Alliance", null, "USDAL"],
  ["BNSF Logistics Park Kansas City", "BNSF LPKC", null, "USMKC"],
];

let railTerminals: readonly RailTerminal[] | undefined;

function list(): readonly RailTerminal[] {
  railTerminals ??= RAIL_TERMINAL_DATA.map(([name, nickname, firmsCode, metroArea]) =>
    Object.freeze({
      id: referenceId("rail_terminal", name),
      port_id: null,
      metro_area_id: referenceId("metro_area", metroArea),
      name,
      nickname,
      firms_code: firmsCode,
    }),
  );
  return railTerminals;
}

/** Every curated rail terminal (inland ramps), grouped by metro area. Records are frozen and shared. */
export function allRailTerminals(): RailTerminal[] {
  return [...list()];
}

/** The rail terminals in the metro area with this id, possibly none. */
export function railTerminalsByMetroArea(metroAreaId: string): RailTerminal[] {
  const wanted = metroAreaId.toLowerCase();
  return list().filter((terminal) => terminal.metro_area_id === wanted);
}

/** The rail terminal with this id, or undefined. */
export function railTerminalById(id: string): RailTerminal | undefined {
  const wanted = id.toLowerCase();
  return list().find((terminal) => terminal.id === wanted);
}
