import type { ScenarioDocument, ScenarioEvent, ScenarioLeg } from "./scenario-document.js";

// Shanghai to Los Angeles in 14 days on a real vessel; the other built-ins vary this journey.
const LEG: ScenarioLeg = {
  from: "CNSHA",
  to: "USLAX",
  vessel: { name: "EVER GIVEN", imo: "9811000", mmsi: "353136000" },
  voyage: "0123E",
  departure: "P3D",
  arrival: "P17D",
};
const CONTAINERS: ScenarioDocument["containers"] = [
  { number: "TGHU1234567", equipment_type: "dry", equipment_length: 40, equipment_height: "high_cube" },
  { number: "MSKU7000013", equipment_type: "dry", equipment_length: 20, equipment_height: "standard" },
];
const GATE_IN: ScenarioEvent[] = [
  { event: "container.transport.empty_out", at: "PT2H" },
  { event: "container.transport.full_in", at: "P1DT4H" },
];
const PICKUP: ScenarioEvent[] = [
  { event: "container.transport.available", at: "P17DT10H" },
  { event: "container.transport.full_out", at: "P19DT9H" },
  { event: "container.transport.empty_in", at: "P21DT15H" },
];
const base = (number: string): Pick<ScenarioDocument, "scac" | "request_type" | "number" | "pod_terminal" | "containers"> => ({
  scac: "TEST",
  request_type: "bill_of_lading",
  number,
  pod_terminal: "YTI",
  containers: CONTAINERS,
});

/** The built-in scenarios that a document can express, by `TEST-TR-*` number. */
export const BUILTIN_DOCUMENTS: Readonly<Record<string, ScenarioDocument>> = {
  "TEST-TR-SUCCEEDED": {
    ...base("TEST-TR-SUCCEEDED"),
    legs: [LEG],
    last_free_days: { terminal: [{ at: "P17DT6H", value: "P22D" }] },
    events: [...GATE_IN, ...PICKUP],
  },
  "TEST-TR-AWAITING-MANIFEST": {
    ...base("TEST-TR-AWAITING-MANIFEST"),
    known_at: "P2D",
    legs: [LEG],
    events: [...GATE_IN, ...PICKUP],
  },
  "TEST-TR-ROLLOVER": {
    ...base("TEST-TR-ROLLOVER"),
    legs: [{ ...LEG, vessel: { name: "MAERSK SHIVLING", imo: "9728253", mmsi: "636017104" }, voyage: "215E", departure: "P10D", arrival: "P24D" }],
    rollovers: [{ leg: 0, announced: "P3DT2H", shown: { vessel: LEG.vessel, voyage: LEG.voyage, departure: LEG.departure, arrival: LEG.arrival } }],
    events: [
      ...GATE_IN,
      { event: "container.transport.available", at: "P24DT10H" },
      { event: "container.transport.full_out", at: "P26DT9H" },
      { event: "container.transport.empty_in", at: "P28DT15H" },
    ],
  },
  "TEST-TR-CUSTOMS-HOLD": {
    ...base("TEST-TR-CUSTOMS-HOLD"),
    legs: [LEG],
    holds: [{ name: "customs", placed: "P17DT6H", released: "P20DT6H" }],
    events: [
      ...GATE_IN,
      { event: "container.transport.not_available", at: "P17DT10H" },
      { event: "container.transport.available", at: "P20DT6H" },
      { event: "container.transport.full_out", at: "P21DT3H" },
      { event: "container.transport.empty_in", at: "P23DT15H" },
    ],
  },
  "TEST-TR-RAIL": {
    ...base("TEST-TR-RAIL"),
    legs: [LEG],
    rail: { destination: "USCHI", carrier_scac: "UP", departure: "P19D", arrival: "P23DT8H" },
    last_free_days: { rail: [{ at: "P23DT10H", value: "P25D" }] },
    events: [
      ...GATE_IN,
      { event: "container.transport.available", at: "P23DT12H" },
      { event: "container.transport.full_out", at: "P24DT9H" },
      { event: "container.transport.empty_in", at: "P26DT15H" },
    ],
  },
  "TEST-TR-FEEDER": {
    ...base("TEST-TR-FEEDER"),
    legs: [
      { from: "VNSGN", to: "SGSIN", vessel: { name: "SEASPAN SAIGON", imo: "9301809", mmsi: "563281100" }, voyage: "F12S", feeder: true, departure: "P2D", arrival: "P4D" },
      { ...LEG, from: "SGSIN", departure: "P6D", arrival: "P22D" },
    ],
    events: [
      ...GATE_IN,
      { event: "container.transport.available", at: "P22DT10H" },
      { event: "container.transport.full_out", at: "P24DT9H" },
      { event: "container.transport.empty_in", at: "P26DT15H" },
    ],
  },
  "TEST-TR-LFD-CHANGES": {
    ...base("TEST-TR-LFD-CHANGES"),
    legs: [LEG],
    // The ETA is revised twice: first shown two days early, then a day early, then right.
    rollovers: [
      { leg: 0, announced: "P8D", shown: { arrival: "P15D" } },
      { leg: 0, announced: "P12D", shown: { arrival: "P16D" } },
    ],
    last_free_days: {
      line: [{ at: "P17DT6H", value: "P22D" }, { at: "P18DT6H", value: "P24D" }],
      terminal: [{ at: "P17DT6H", value: "P21D" }, { at: "P18DT18H", value: "P22D" }],
    },
    pickup_appointments: [{ at: "P17DT6H", value: "P20DT6H" }, { at: "P18DT6H", value: "P20DT8H" }],
    events: [
      ...GATE_IN,
      { event: "container.transport.available", at: "P17DT10H" },
      { event: "container.transport.full_out", at: "P20DT9H" },
      { event: "container.transport.empty_in", at: "P22DT15H" },
    ],
  },
  "TEST-TR-DELIVERED": {
    ...base("TEST-TR-DELIVERED"),
    legs: [LEG],
    events: [...GATE_IN, ...PICKUP, { event: "container.transport.delivered", at: "P19DT14H" }],
  },
};
