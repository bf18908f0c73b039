import { TariffAttributesSchema } from "../../domain/tariff-schema.js";
import { z } from "zod";
import {
  ContainerHoldSchema,
  EquipmentHeightSchema,
  EquipmentLengthSchema,
  EquipmentTypeSchema,
  FeeTypeSchema,
  HoldNameSchema,
  HoldStatusSchema,
  RequestTypeSchema,
  TransportEventDataSourceSchema,
  TransportEventNameSchema,
} from "../../domain/index.js";
import { ContainerNumberSchema, ImoSchema, MmsiSchema, ScacSchema, UnLocodeSchema } from "../../domain/validators.js";
import { ScenarioOffsetSchema } from "./scenario-offset.js";

const Text = (max: number) => z.string().trim().min(1).max(max);

/** One container of a scenario; every transport event applies to all of them unless it names some. */
export const ScenarioContainerSchema = z.strictObject({
  /** The ISO 6346 container number (check digit verified). */
  number: ContainerNumberSchema,
  /** The equipment type; `dry` when absent. */
  equipment_type: EquipmentTypeSchema.optional(),
  /** Length in feet; 40 when absent. */
  equipment_length: EquipmentLengthSchema.optional(),
  /** Height class; `high_cube` when absent. */
  equipment_height: EquipmentHeightSchema.optional(),
  /** The seal number, when the scenario gives one. */
  seal_number: Text(50).optional(),
  /** Gross weight in pounds, when the scenario gives one. */
  weight_in_lbs: z.number().nonnegative().optional(),
});

/** The vessel sailing a leg. */
export const ScenarioVesselSchema = z.strictObject({
  /** The vessel's name. */
  name: Text(200),
  /** Its IMO number (check digit verified). */
  imo: ImoSchema,
  /** Its MMSI, when the scenario gives one. */
  mmsi: MmsiSchema.optional(),
});

/**
 * One ocean leg, port to port. The first leg's departure is the port of lading's; the last leg's
 * arrival the port of discharge's; ports in between are transshipment ports.
 */
export const ScenarioLegSchema = z.strictObject({
  /** UN/LOCODE of the port the leg leaves (a port of the reference data). */
  from: UnLocodeSchema,
  /** UN/LOCODE of the port the leg reaches (a port of the reference data). */
  to: UnLocodeSchema,
  /** The vessel. */
  vessel: ScenarioVesselSchema,
  /** The voyage number. */
  voyage: Text(50),
  /** A feeder to the transshipment hub (first leg only): its events are the `feeder_*` ones. */
  feeder: z.boolean().optional(),
  /** When the boxes are loaded; 6 hours before `departure` when absent. */
  loaded: ScenarioOffsetSchema.optional(),
  /** When the vessel departs. */
  departure: ScenarioOffsetSchema,
  /** When the vessel arrives. */
  arrival: ScenarioOffsetSchema,
  /** When the boxes are discharged; 6 hours after `arrival` when absent. */
  discharged: ScenarioOffsetSchema.optional(),
});

/** A rail move from the port of discharge to an inland destination. */
export const ScenarioRailSchema = z.strictObject({
  /** UN/LOCODE of the inland destination (a metro area or port of the reference data). */
  destination: UnLocodeSchema,
  /** SCAC of the railroad. */
  carrier_scac: ScacSchema,
  /** The inland ramp by FIRMS code or name, when the scenario names one. */
  terminal: Text(100).optional(),
  /** When the boxes are loaded on the train; 2 hours before `departure` when absent. */
  loaded: ScenarioOffsetSchema.optional(),
  /** When the train leaves the port of discharge. */
  departure: ScenarioOffsetSchema,
  /** When it arrives at the destination (`rail_arrived` and `arrived_at_inland_destination`). */
  arrival: ScenarioOffsetSchema,
  /** When the boxes come off the train; 2 hours after `arrival` when absent. */
  unloaded: ScenarioOffsetSchema.optional(),
});

/** The sailing a leg showed before the line announced its rollover. */
export const ScenarioShownSailingSchema = z.strictObject({
  /** The vessel first shown; the leg's own when absent. */
  vessel: ScenarioVesselSchema.optional(),
  /** The voyage first shown; the leg's own when absent. */
  voyage: Text(50).optional(),
  /** The departure first shown; the leg's own when absent. */
  departure: ScenarioOffsetSchema.optional(),
  /** The arrival first shown; the leg's own when absent. */
  arrival: ScenarioOffsetSchema.optional(),
});

/**
 * A rollover or an estimate revision: until `announced`, the line shows another sailing for a leg
 * (another vessel, voyage or dates; only an `arrival` is an ETA revision). A leg may have several,
 * announced one after the other; after the last, the line shows the leg as it sails.
 */
export const ScenarioRolloverSchema = z.strictObject({
  /** The index of the leg in `legs`. */
  leg: z.int().nonnegative(),
  /** When the line announces the change: after the leg's previous change, and by the leg's real departure (its arrival for an ETA revision alone). */
  announced: ScenarioOffsetSchema,
  /** What it showed before. */
  shown: ScenarioShownSailingSchema,
});

/** Container numbers an entry applies to; all of the scenario's containers when absent. */
const ContainerList = z.array(ContainerNumberSchema).min(1).max(200).optional();
/** Where a hold or fee is reported. */
const Facility = z.enum(["pod_terminal", "inland"]).optional();

/** A hold placed at an offset and (optionally) released at a later one. */
export const ScenarioHoldSchema = z.strictObject({
  /** The hold's name. */
  name: HoldNameSchema,
  /** Its status while placed; `hold` when absent. */
  status: HoldStatusSchema.optional(),
  /** The terminal's text about it; empty when absent. */
  description: ContainerHoldSchema.shape.description.max(500).optional(),
  /** Where it is reported: `pod_terminal` (default) or the `inland` rail facility. */
  facility: Facility,
  /** When it is placed. */
  placed: ScenarioOffsetSchema,
  /** When it is released; never when absent. */
  released: ScenarioOffsetSchema.optional(),
  /** The containers held; all when absent. */
  containers: ContainerList,
});

/** A fee owed from an offset until (optionally) a later one. */
export const ScenarioFeeSchema = z.strictObject({
  /** The fee type. */
  type: FeeTypeSchema,
  /** The amount. */
  amount: z.number().nonnegative().max(1_000_000),
  /** ISO 4217 currency; `USD` when absent. */
  currency_code: z.string().regex(/^[A-Z]{3}$/, "must be an ISO 4217 currency code such as USD").optional(),
  /** Where it is reported: `pod_terminal` (default) or the `inland` rail facility. */
  facility: Facility,
  /** When it is first reported. */
  from: ScenarioOffsetSchema,
  /** When it is no longer reported (paid); never when absent. */
  until: ScenarioOffsetSchema.optional(),
  /** The containers owing it; all when absent. */
  containers: ContainerList,
});

/** A date given or changed at an offset: a last free day, or a pickup appointment. */
export const ScenarioDateChangeSchema = z.strictObject({
  /** When the new date is reported. */
  at: ScenarioOffsetSchema,
  /** The new date, as an offset from the start; null clears it. */
  value: ScenarioOffsetSchema.nullable(),
  /** The containers it applies to; all when absent. */
  containers: ContainerList,
});

/** Last free day changes by who sets them. */
export const ScenarioLastFreeDaysSchema = z.strictObject({
  /** Set by the shipping line. */
  line: z.array(ScenarioDateChangeSchema).max(50).optional(),
  /** Set by the POD terminal. */
  terminal: z.array(ScenarioDateChangeSchema).max(50).optional(),
  /** Set by the rail carrier (needs `rail`). */
  rail: z.array(ScenarioDateChangeSchema).max(50).optional(),
});

/** Events the carrier reports itself; date-change and estimate events are Bollard's to derive. */
export const ScenarioEventNameSchema = TransportEventNameSchema.exclude([
  "container.transport.estimated.vessel_arrived",
  "container.transport.estimated.vessel_departed",
  "container.transport.estimated.arrived_at_inland_destination",
  "container.pickup_lfd.changed",
  "container.pickup_lfd_line.changed",
  "container.pickup_lfd_terminal.changed",
  "container.pickup_lfd_rail.changed",
  "container.pickup_appointment.changed",
  "document.extracted",
  "document.extraction_failed",
]);

/** A transport event at an offset, besides those the legs and rail produce (gate moves, availability, delivery, …). */
export const ScenarioEventSchema = z.strictObject({
  /** The event name (`container.transport.*`, not the `estimated` ones). */
  event: ScenarioEventNameSchema,
  /** When it happens. */
  at: ScenarioOffsetSchema,
  /** UN/LOCODE of where; by default the port of lading, discharge or the final destination the event belongs to. */
  location: UnLocodeSchema.optional(),
  /** A terminal by FIRMS code, SMDG code or nickname. */
  terminal: Text(100).optional(),
  /** IMO number of the vessel involved. */
  vessel_imo: ImoSchema.optional(),
  /** The voyage involved. */
  voyage: Text(50).optional(),
  /** Who reports it; `shipping_line` when absent. */
  data_source: TransportEventDataSourceSchema.optional(),
  /** The containers it happens to; all when absent. */
  containers: ContainerList,
});

/** The scenario document's fields, before the checks across them. */
export const ScenarioFieldsSchema = z.strictObject({
  /** A name for people. */
  name: Text(100).optional(),
  /** What the scenario shows, for people. */
  summary: Text(500).optional(),
  /** The shipping line's SCAC (any line of the reference data, `TEST` too). */
  scac: ScacSchema,
  /** What kind of number is tracked. */
  request_type: RequestTypeSchema,
  /** The number a tracking request names to get this scenario (matched trimmed and upper-cased). */
  number: Text(100),
  /** The bill of lading number the line reports; `number` when absent. */
  bill_of_lading_number: Text(100).optional(),
  /** The absolute instant offsets count from; the moment the scenario is registered when absent. */
  start: z.iso.datetime({ offset: true }).optional(),
  /** Until this offset the carrier does not know the number (`awaiting_manifest`, or `not_found` for containers); known at once when absent. */
  known_at: ScenarioOffsetSchema.optional(),
  /** The POD terminal by FIRMS code, SMDG code or nickname. */
  pod_terminal: Text(100).optional(),
  /** The containers (1 to 200). */
  containers: z.array(ScenarioContainerSchema).min(1).max(200),
  /** The ocean legs in order (1 to 10). */
  legs: z.array(ScenarioLegSchema).min(1).max(10),
  /** The rail move inland from the port of discharge, if any. */
  rail: ScenarioRailSchema.optional(),
  /** Legs first shown on another sailing or with other dates (rollovers, ETA revisions). */
  rollovers: z.array(ScenarioRolloverSchema).max(20).optional(),
  /** Holds placed and released. */
  holds: z.array(ScenarioHoldSchema).max(50).optional(),
  /** Fees owed. */
  fees: z.array(ScenarioFeeSchema).max(50).optional(),
  /** Last free days given and changed. */
  last_free_days: ScenarioLastFreeDaysSchema.optional(),
  /** Pickup appointments booked and changed. */
  pickup_appointments: z.array(ScenarioDateChangeSchema).max(50).optional(),
  /** More transport events at offsets. */
  events: z.array(ScenarioEventSchema).max(500).optional(),
  /** Tariff rules (docs/demurrage.md) added to the account when the scenario is tracked, so its demurrage can be tested on the sandbox clock. */
  tariffs: z.array(TariffAttributesSchema).max(20).optional(),
});

/** A validated scenario document (see `ScenarioDocumentSchema`, which checks it further). */
export interface ScenarioDocument extends z.output<typeof ScenarioFieldsSchema> {}
/** One container of a scenario. */
export interface ScenarioContainer extends z.output<typeof ScenarioContainerSchema> {}
/** The vessel of a scenario leg. */
export interface ScenarioVessel extends z.output<typeof ScenarioVesselSchema> {}
/** One ocean leg of a scenario. */
export interface ScenarioLeg extends z.output<typeof ScenarioLegSchema> {}
/** The rail move of a scenario. */
export interface ScenarioRail extends z.output<typeof ScenarioRailSchema> {}
/** A rollover of a scenario. */
export interface ScenarioRollover extends z.output<typeof ScenarioRolloverSchema> {}
/** The sailing shown before a rollover. */
export interface ScenarioShownSailing extends z.output<typeof ScenarioShownSailingSchema> {}
/** A hold of a scenario. */
export interface ScenarioHold extends z.output<typeof ScenarioHoldSchema> {}
/** A fee of a scenario. */
export interface ScenarioFee extends z.output<typeof ScenarioFeeSchema> {}
/** A last free day or appointment given or changed. */
export interface ScenarioDateChange extends z.output<typeof ScenarioDateChangeSchema> {}
/** The last free day changes of a scenario. */
export interface ScenarioLastFreeDays extends z.output<typeof ScenarioLastFreeDaysSchema> {}
/** An extra transport event of a scenario. */
export interface ScenarioEvent extends z.output<typeof ScenarioEventSchema> {}
