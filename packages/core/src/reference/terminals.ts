import type { Terminal } from "../domain/terminal-schema.js";
import { referenceId } from "./reference-ids.js";
import { regionName } from "./region-abbreviations.js";

/** One curated terminal: the port's UN/LOCODE plus whatever is known for certain. */
interface TerminalRow {
  name: string;
  nickname: string;
  port: string;
  city: string;
  state_abbr: string;
  firms_code?: string;
  smdg_code?: string;
  bic_facility_code?: string;
  street?: string;
  zip?: string;
}

// Container terminals at the main US gateways. Codes and street addresses are filled only where
// they are certain (WWT and VIG as the hosted service returns them, FIT's FIRMS code); the rest
// stay null. Nicknames are unique because they key the terminal's id.
const TERMINAL_DATA: readonly TerminalRow[] = [
  // Los Angeles / Long Beach
  { name: "APM Terminals Pier 400", nickname: "APMT Pier 400", port: "USLAX", city: "Los Angeles", state_abbr: "CA" },
  { name: "Fenix Marine Services", nickname: "FMS", port: "USLAX", city: "Los Angeles", state_abbr: "CA" },
  { name: "TraPac Los Angeles", nickname: "TraPac LA", port: "USLAX", city: "Los Angeles", state_abbr: "CA" },
  { name: "Yusen Terminals", nickname: "YTI", port: "USLAX", city: "Los Angeles", state_abbr: "CA" },
  { name: "Everport Terminal Services Los Angeles", nickname: "Everport LA", port: "USLAX", city: "Los Angeles", state_abbr: "CA" },
  { name: "West Basin Container Terminal", nickname: "WBCT", port: "USLAX", city: "Los Angeles", state_abbr: "CA" },
  { name: "Long Beach Container Terminal", nickname: "LBCT", port: "USLGB", city: "Long Beach", state_abbr: "CA" },
  { name: "Total Terminals International", nickname: "TTI", port: "USLGB", city: "Long Beach", state_abbr: "CA" },
  { name: "Pacific Container Terminal", nickname: "PCT", port: "USLGB", city: "Long Beach", state_abbr: "CA" },
  { name: "International Transportation Service", nickname: "ITS", port: "USLGB", city: "Long Beach", state_abbr: "CA" },
  { name: "SSA Terminals Pier A", nickname: "SSA Pier A", port: "USLGB", city: "Long Beach", state_abbr: "CA" },
  // New York / New Jersey
  { name: "Maher Terminals", nickname: "Maher", port: "USNYC", city: "Elizabeth", state_abbr: "NJ" },
  { name: "Port Newark Container Terminal", nickname: "PNCT", port: "USNYC", city: "Newark", state_abbr: "NJ" },
  { name: "APM Terminals Elizabeth", nickname: "APMT Elizabeth", port: "USNYC", city: "Elizabeth", state_abbr: "NJ" },
  { name: "GCT Bayonne", nickname: "GCT Bayonne", port: "USNYC", city: "Bayonne", state_abbr: "NJ" },
  { name: "GCT New York", nickname: "GCT New York", port: "USNYC", city: "Staten Island", state_abbr: "NY" },
  // Savannah and Charleston
  { name: "Garden City Terminal", nickname: "Garden City", port: "USSAV", city: "Garden City", state_abbr: "GA" },
  {
    name: "Wando Welch Terminal", nickname: "WWT", port: "USCHS", city: "Mt. Pleasant", state_abbr: "SC",
    firms_code: "N598", smdg_code: "WWMT", street: "400 Long Point Rd.", zip: "29464",
  },
  { name: "North Charleston Terminal", nickname: "NCT", port: "USCHS", city: "North Charleston", state_abbr: "SC" },
  { name: "Hugh K. Leatherman Terminal", nickname: "HLT", port: "USCHS", city: "North Charleston", state_abbr: "SC" },
  // Virginia
  {
    name: "Virginia International Gateway", nickname: "Virginia (VIG)", port: "USORF", city: "Portsmouth", state_abbr: "VA",
    firms_code: "N195", smdg_code: "VIG", bic_facility_code: "USORFUNYS",
    street: "1000 Virginia International Gateway Blvd", zip: "23703-2361",
  },
  { name: "Norfolk International Terminals", nickname: "NIT", port: "USORF", city: "Norfolk", state_abbr: "VA" },
  // Houston
  { name: "Barbours Cut Container Terminal", nickname: "Barbours Cut", port: "USHOU", city: "La Porte", state_abbr: "TX" },
  { name: "Bayport Container Terminal", nickname: "Bayport", port: "USHOU", city: "Pasadena", state_abbr: "TX" },
  // Oakland, Seattle, Tacoma
  { name: "Oakland International Container Terminal", nickname: "OICT", port: "USOAK", city: "Oakland", state_abbr: "CA" },
  { name: "TraPac Oakland", nickname: "TraPac Oakland", port: "USOAK", city: "Oakland", state_abbr: "CA" },
  { name: "Terminal 18", nickname: "T-18", port: "USSEA", city: "Seattle", state_abbr: "WA" },
  { name: "Husky Terminal", nickname: "Husky", port: "USTIW", city: "Tacoma", state_abbr: "WA" },
  { name: "Washington United Terminals", nickname: "WUT", port: "USTIW", city: "Tacoma", state_abbr: "WA" },
  // Port Everglades
  { name: "Florida International Terminal", nickname: "FIT", port: "USPEF", city: "Fort Lauderdale", state_abbr: "FL", firms_code: "N751" },
];

/**
 * What a curated terminal reports, in the live service's `provided_data` shape: a flag per
 * container field, each with its `_notes` (the empty return, `empty_terminated_at`, too). Bollard's
 * terminal data covers all but the chassis.
 */
const TERMINAL_PROVIDED_DATA: Readonly<Record<string, boolean | string>> = Object.freeze(
  Object.fromEntries(
    (
      [
        ["pickup_lfd", true],
        ["pod_full_out_at", true],
        ["available_for_pickup", true],
        ["fees_at_pod_terminal", true],
        ["holds_at_pod_terminal", true],
        ["pickup_appointment_at", true],
        ["location_at_pod_terminal", true],
        ["pod_full_out_chassis_number", false],
        ["empty_terminated_at", true],
      ] as const
    ).flatMap(([field, provided]) => [[field, provided], [`${field}_notes`, ""]]),
  ),
);

let terminals: readonly Terminal[] | undefined;

function toTerminal(row: TerminalRow): Terminal {
  return Object.freeze({
    id: referenceId("terminal", row.nickname || row.name),
    port_id: referenceId("port", row.port),
    name: row.name,
    nickname: row.nickname,
    firms_code: row.firms_code ?? null,
    smdg_code: row.smdg_code ?? null,
    bic_facility_code: row.bic_facility_code ?? null,
    street: row.street ?? null,
    city: row.city,
    state: regionName("US", row.state_abbr),
    state_abbr: row.state_abbr,
    zip: row.zip ?? null,
    country: "United States",
    facility_type: "ocean_terminal",
    provided_data: TERMINAL_PROVIDED_DATA,
  });
}

function list(): readonly Terminal[] {
  terminals ??= TERMINAL_DATA.map(toTerminal);
  return terminals;
}

/** Every curated ocean terminal (main US gateways), grouped by port. Records are frozen and shared. */
export function allTerminals(): Terminal[] {
  return [...list()];
}

/** The terminals of the port with this id (see `referenceId("port", locode)`), possibly none. */
export function terminalsByPort(portId: string): Terminal[] {
  const wanted = portId.toLowerCase();
  return list().filter((terminal) => terminal.port_id === wanted);
}

/** The terminal with this id, or undefined. */
export function terminalById(id: string): Terminal | undefined {
  const wanted = id.toLowerCase();
  return list().find((terminal) => terminal.id === wanted);
}
