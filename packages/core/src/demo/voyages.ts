/** A container ship the demo data sails on; `imo` passes `isImo`, `mmsi` passes `isMmsi`. */
export interface DemoVessel {
  /** The ship's name. */
  readonly name: string;
  /** Its IMO number. */
  readonly imo: string;
  /** Its MMSI. */
  readonly mmsi: string;
}

// Real ships and their IMO numbers (every check digit verified by the tests). The MMSIs of
// MAERSK SHIVLING, GUNDE MAERSK and SEASPAN SAIGON come from the hosted service's fixtures;
// the others use the flag state's MID and are not checked against an AIS registry.
/** The ships of the demo data set. */
export const DEMO_VESSELS: readonly DemoVessel[] = [
  { name: "MAERSK SHIVLING", imo: "9728253", mmsi: "636017104" },
  { name: "GUNDE MAERSK", imo: "9359014", mmsi: "477893700" },
  { name: "SEASPAN SAIGON", imo: "9301809", mmsi: "563281100" },
  { name: "ZIM BANGKOK", imo: "9936525", mmsi: "636022917" },
  { name: "EVER GIVEN", imo: "9811000", mmsi: "353136000" },
  { name: "EVER ACE", imo: "9893890", mmsi: "353386000" },
  { name: "MAERSK MC-KINNEY MOLLER", imo: "9619907", mmsi: "219018271" },
  { name: "MAERSK EINDHOVEN", imo: "9456783", mmsi: "219016938" },
  { name: "CMA CGM JACQUES SAADE", imo: "9839179", mmsi: "228386800" },
  { name: "CMA CGM MARCO POLO", imo: "9454436", mmsi: "228319900" },
  { name: "MSC GULSUN", imo: "9839430", mmsi: "357895000" },
  { name: "MSC OSCAR", imo: "9703291", mmsi: "355311000" },
  { name: "COSCO SHIPPING UNIVERSE", imo: "9795610", mmsi: "477266900" },
  { name: "OOCL HONG KONG", imo: "9776171", mmsi: "477333500" },
  { name: "HMM ALGECIRAS", imo: "9863297", mmsi: "352986146" },
  { name: "ONE APUS", imo: "9806079", mmsi: "373675000" },
  { name: "CSCL GLOBE", imo: "9695121", mmsi: "477176200" },
  { name: "MOL TRIUMPH", imo: "9769271", mmsi: "538006823" },
  { name: "MADRID MAERSK", imo: "9778791", mmsi: "219836000" },
  { name: "OOCL GERMANY", imo: "9776183", mmsi: "477333600" },
  { name: "CMA CGM BENJAMIN FRANKLIN", imo: "9706906", mmsi: "228339600" },
  { name: "CMA CGM ANTOINE DE SAINT EXUPERY", imo: "9776418", mmsi: "228354600" },
  { name: "MSC ZOE", imo: "9703318", mmsi: "372007000" },
  { name: "EMMA MAERSK", imo: "9321483", mmsi: "220417000" },
];

/** The demo vessel with this IMO number; throws for an unknown one (a bug in the lane table). */
export function demoVessel(imo: string): DemoVessel {
  const vessel = DEMO_VESSELS.find((candidate) => candidate.imo === imo);
  if (!vessel) throw new Error(`unknown demo vessel IMO ${imo}`);
  return vessel;
}

/** One ocean leg of a lane: UN/LOCODEs, transit time range in days and the preferred ships. */
export interface OceanLeg {
  /** UN/LOCODE of the port the leg leaves. */
  readonly from: string;
  /** UN/LOCODE of the port the leg arrives at. */
  readonly to: string;
  /** The shortest and longest transit, in days. */
  readonly transitDays: readonly [min: number, max: number];
  /** IMO numbers tried first; any other free demo vessel is the fallback. */
  readonly vessels: readonly string[];
}

/** A rail operator serving an inland leg, with the ramps (rail terminal names) it unloads at. */
export interface RailOperator {
  /** The railroad's SCAC. */
  readonly scac: string;
  /** Names of the rail terminals it unloads at. */
  readonly terminals: readonly string[];
}

/** The rail leg from the port of discharge to an inland metro area. */
export interface InlandLeg {
  /** The metro area's UN/LOCODE (see `metroAreaByLocode`). */
  readonly metroArea: string;
  /** The railroads serving the leg. */
  readonly operators: readonly RailOperator[];
  /** The shortest and longest rail transit, in days. */
  readonly railDays: readonly [min: number, max: number];
}

/** A trade lane: the carriers selling it, its ocean legs in order and an optional rail leg. */
export interface TradeLane {
  /** A short name for the lane, unique among lanes. */
  readonly key: string;
  /** SCACs of the carriers offering the lane (see `carrierStyle`). */
  readonly carriers: readonly string[];
  /** The ocean legs, in order. */
  readonly legs: readonly OceanLeg[];
  /** The rail leg after the last port, or null. */
  readonly inland: InlandLeg | null;
}

const UP_CHICAGO: RailOperator = { scac: "UP", terminals: ["UP Global IV", "UP Global II"] };
const BNSF_CHICAGO: RailOperator = { scac: "BNSF", terminals: ["BNSF Logistics Park Chicago", "BNSF Corwith"] };
// The hosted service reports Norfolk Southern as NSRR and its Detroit ramp as NS - Livernois.
const NS_DETROIT: RailOperator = { scac: "NSRR", terminals: ["NS - Livernois"] };

/** The demo trade lanes, on real ports with typical transit times. */
export const TRADE_LANES: readonly TradeLane[] = [
  {
    key: "CNSHA-USLAX",
    carriers: ["COSU", "MAEU", "ONEY"],
    legs: [{ from: "CNSHA", to: "USLAX", transitDays: [13, 16], vessels: ["9795610", "9806079", "9359014", "9706906", "9695121"] }],
    inland: null,
  },
  {
    key: "KRPUS-CNSHG-USCHS",
    carriers: ["HLCU", "MAEU"],
    legs: [
      { from: "KRPUS", to: "CNSHG", transitDays: [2, 3], vessels: ["9359014", "9301809"] },
      { from: "CNSHG", to: "USCHS", transitDays: [30, 35], vessels: ["9728253", "9456783"] },
    ],
    inland: null,
  },
  {
    key: "NLRTM-SGSIN",
    carriers: ["CMDU", "MSCU"],
    legs: [{ from: "NLRTM", to: "SGSIN", transitDays: [22, 27], vessels: ["9839179", "9839430", "9454436", "9776418", "9703318"] }],
    inland: null,
  },
  {
    key: "CNNGB-USSAV",
    carriers: ["ONEY", "HLCU", "CMDU"],
    legs: [{ from: "CNNGB", to: "USSAV", transitDays: [31, 36], vessels: ["9863297", "9769271", "9776183"] }],
    inland: null,
  },
  {
    key: "VNSGN-SGSIN-USNYC",
    carriers: ["EGLV", "ONEY", "CMDU"],
    legs: [
      { from: "VNSGN", to: "SGSIN", transitDays: [2, 3], vessels: ["9301809"] },
      { from: "SGSIN", to: "USNYC", transitDays: [30, 34], vessels: ["9811000", "9893890"] },
    ],
    inland: null,
  },
  {
    key: "THLCH-CNXMN-USSAV",
    carriers: ["ZIMU"],
    legs: [
      { from: "THLCH", to: "CNXMN", transitDays: [4, 6], vessels: ["9301809"] },
      { from: "CNXMN", to: "USSAV", transitDays: [31, 35], vessels: ["9936525"] },
    ],
    inland: null,
  },
  {
    key: "CNYTN-USLAX-USCHI",
    carriers: ["COSU", "ONEY", "MAEU"],
    legs: [{ from: "CNYTN", to: "USLAX", transitDays: [14, 17], vessels: ["9776171", "9321483", "9706906"] }],
    inland: { metroArea: "USCHI", operators: [UP_CHICAGO, BNSF_CHICAGO], railDays: [4, 6] },
  },
  {
    key: "DEHAM-USORF-USDET",
    carriers: ["HLCU", "MSCU"],
    legs: [{ from: "DEHAM", to: "USORF", transitDays: [11, 14], vessels: ["9703291", "9778791", "9619907"] }],
    inland: { metroArea: "USDET", operators: [NS_DETROIT], railDays: [2, 4] },
  },
  {
    key: "IDJKT-USORF-USDET",
    carriers: ["COSU"],
    legs: [{ from: "IDJKT", to: "USORF", transitDays: [33, 38], vessels: ["9695121", "9776171"] }],
    inland: { metroArea: "USDET", operators: [NS_DETROIT], railDays: [3, 4] },
  },
];
