import type { MetroArea, Port, RailTerminal, ShippingLine, Terminal, Vessel, VesselPositionRecord } from "../domain/index.js";
import { uuidv7 } from "../ids/index.js";
import { cycle, fixtureTime, imoNumber, mmsiNumber, nextSerial, nowTimestamp } from "./fixture-values.js";

type PortSeed = Omit<Port, "id" | "provided_data">;

const PORTS: readonly [PortSeed, ...PortSeed[]] = [
  { name: "Shanghai", code: "CNSHA", state_abbr: null, state: null, city: "Shanghai", country_code: "CN", country: "China", time_zone: "Asia/Shanghai", latitude: 31.2304, longitude: 121.4737 },
  { name: "Los Angeles", code: "USLAX", state_abbr: "CA", state: "California", city: "Los Angeles", country_code: "US", country: "United States", time_zone: "America/Los_Angeles", latitude: 33.7361, longitude: -118.2639 },
  { name: "Busan", code: "KRPUS", state_abbr: null, state: null, city: "Busan", country_code: "KR", country: "South Korea", time_zone: "Asia/Seoul", latitude: 35.1016, longitude: 129.0403 },
  { name: "Charleston", code: "USCHS", state_abbr: "SC", state: "South Carolina", city: "Charleston", country_code: "US", country: "United States", time_zone: "America/New_York", latitude: 32.7765, longitude: -79.9311 },
  { name: "Rotterdam", code: "NLRTM", state_abbr: null, state: null, city: "Rotterdam", country_code: "NL", country: "Netherlands", time_zone: "Europe/Amsterdam", latitude: 51.9225, longitude: 4.4792 },
];

/** A port; cycles through real ports (Shanghai, Los Angeles, Busan, Charleston, Rotterdam). */
export function makePort(overrides: Partial<Port> = {}): Port {
  return { id: uuidv7(), ...cycle(PORTS, nextSerial()), provided_data: null, ...overrides };
}

/** A marine terminal of the port `portId`, shaped after Wando Welch in Charleston. */
export function makeTerminal(portId: string, overrides: Partial<Terminal> = {}): Terminal {
  const n = nextSerial();
  return {
    id: uuidv7(),
    port_id: portId,
    name: `Wando Welch Terminal ${n}`,
    nickname: "WWT",
    firms_code: `L${String(n % 1000).padStart(3, "0")}`,
    smdg_code: "WWT",
    bic_facility_code: "USCHSWWT",
    street: "1 Long Point Rd",
    city: "Mount Pleasant",
    state: "South Carolina",
    state_abbr: "SC",
    zip: "29464",
    country: "United States",
    facility_type: "ocean_terminal",
    provided_data: { pickup_lfd: true, pickup_lfd_notes: "" },
    ...overrides,
  };
}

/** An inland rail ramp, shaped after BNSF Logistics Park Chicago; no port, no metro area. */
export function makeRailTerminal(overrides: Partial<RailTerminal> = {}): RailTerminal {
  const n = nextSerial();
  return {
    id: uuidv7(),
    name: `BNSF Logistics Park Chicago ${n}`,
    nickname: "LPC",
    firms_code: `H${String(n % 1000).padStart(3, "0")}`,
    port_id: null,
    metro_area_id: null,
    ...overrides,
  };
}

/** A metro area (inland destination), shaped after Chicago. */
export function makeMetroArea(overrides: Partial<MetroArea> = {}): MetroArea {
  return {
    id: uuidv7(),
    name: "Chicago",
    code: "USCHI",
    state_abbr: "IL",
    country_code: "US",
    time_zone: "America/Chicago",
    latitude: 41.8781,
    longitude: -87.6298,
    ...overrides,
  };
}

type LineSeed = Pick<ShippingLine, "scac" | "name" | "short_name" | "alternative_scacs">;

const LINES: readonly [LineSeed, ...LineSeed[]] = [
  { scac: "MAEU", name: "Maersk", short_name: "Maersk", alternative_scacs: ["MAEI", "SEAU"] },
  { scac: "HLCU", name: "Hapag-Lloyd", short_name: "Hapag-Lloyd", alternative_scacs: [] },
  { scac: "MSCU", name: "Mediterranean Shipping Company", short_name: "MSC", alternative_scacs: ["MEDU"] },
  { scac: "CMDU", name: "CMA CGM", short_name: "CMA CGM", alternative_scacs: [] },
  { scac: "ONEY", name: "Ocean Network Express", short_name: "ONE", alternative_scacs: [] },
];

/** A shipping line; cycles through real carriers (Maersk, Hapag-Lloyd, MSC, CMA CGM, ONE). */
export function makeShippingLine(overrides: Partial<ShippingLine> = {}): ShippingLine {
  return {
    id: uuidv7(),
    ...cycle(LINES, nextSerial()),
    bill_of_lading_tracking_support: true,
    booking_number_tracking_support: true,
    container_number_tracking_support: false,
    tracking_url: null,
    contact_url: null,
    provided_data: { bill_of_lading: true, booking_number: true, container_number: false },
    ...overrides,
  };
}

/** A vessel with a fresh valid IMO and MMSI and a last position off Charleston. */
export function makeVessel(overrides: Partial<Vessel> = {}): Vessel {
  const n = nextSerial();
  const now = nowTimestamp();
  return {
    id: uuidv7(),
    name: `MAERSK SHIVLING ${n}`,
    imo: imoNumber(900_000 + n),
    mmsi: mmsiNumber(636, n),
    latitude: 32.7765,
    longitude: -79.9311,
    nautical_speed_knots: 12.4,
    navigational_heading_degrees: 291,
    position_timestamp: now,
    created_at: now,
    updated_at: now,
    ...overrides,
  };
}

/** An AIS position report of the vessel `vesselId`, at a timestamp unique to this call. */
export function makeVesselPosition(vesselId: string, overrides: Partial<VesselPositionRecord> = {}): VesselPositionRecord {
  const n = nextSerial();
  return {
    vessel_id: vesselId,
    latitude: 32.7765 - (n % 100) / 1000,
    longitude: -79.9311 + (n % 100) / 1000,
    heading: 291,
    speed_knots: 12.4,
    timestamp: fixtureTime(n),
    source: "ais",
    ...overrides,
  };
}
