import type { RawEventName } from "../domain/enums.js";
import type { WordingFamily } from "./carrier-styles.js";
import type { MilestoneKind } from "./journey-plan.js";

type Worded = Exclude<MilestoneKind, "vessel_berthed" | "available" | "not_available">;

// Carrier wording as it appears in raw events: "default" follows the hosted service's fixtures
// ("Truck Arrival in", "Vessel Loaded", "Truck Departure from"), "cosco" its COSCO capture
// ("De-ramp at Final Hub", "Gate-out from Final Hub").
const WORDING: Readonly<Record<WordingFamily, Readonly<Record<Worded, string>>>> = {
  default: {
    empty_out: "Empty Container Release to Shipper",
    full_in: "Truck Arrival in",
    vessel_loaded: "Vessel Loaded",
    vessel_departed: "Vessel departed",
    transshipment_arrived: "Vessel arrived",
    transshipment_discharged: "Vessel Discharged",
    transshipment_loaded: "Vessel Loaded",
    transshipment_departed: "Vessel departed",
    vessel_arrived: "Vessel arrived",
    vessel_discharged: "Vessel Discharged",
    rail_loaded: "Rail Loaded",
    rail_departed: "Rail Departure",
    rail_arrived: "Rail Arrival",
    arrived_at_inland_destination: "Arrival at Final Destination",
    rail_unloaded: "Rail Unloaded",
    full_out: "Truck Departure from",
    delivered: "Delivered",
    empty_in: "Empty Container Returned",
  },
  maersk: {
    empty_out: "Gate out Empty",
    full_in: "Gate in",
    vessel_loaded: "Load",
    vessel_departed: "Vessel departure",
    transshipment_arrived: "Vessel arrival",
    transshipment_discharged: "Discharge",
    transshipment_loaded: "Load",
    transshipment_departed: "Vessel departure",
    vessel_arrived: "Vessel arrival",
    vessel_discharged: "Discharge",
    rail_loaded: "Rail load",
    rail_departed: "Rail departure",
    rail_arrived: "Rail arrival at destination",
    arrived_at_inland_destination: "Arrival at final destination",
    rail_unloaded: "Rail unload",
    full_out: "Gate out",
    delivered: "Delivered",
    empty_in: "Gate in Empty",
  },
  cosco: {
    empty_out: "Empty Equipment Despatched",
    full_in: "Gate-in at First POL",
    vessel_loaded: "Loaded at First POL",
    vessel_departed: "Vessel Departure from First POL",
    transshipment_arrived: "Vessel Arrival at T/S Port",
    transshipment_discharged: "Discharged at T/S Port",
    transshipment_loaded: "Loaded at T/S Port",
    transshipment_departed: "Vessel Departure from T/S Port",
    vessel_arrived: "Vessel Arrival at Last POD",
    vessel_discharged: "Discharged at Last POD",
    rail_loaded: "Loaded on Rail at Last POD",
    rail_departed: "Rail Departure from Last POD",
    rail_arrived: "Rail Arrival at Final Hub",
    arrived_at_inland_destination: "Arrival at Final Hub",
    rail_unloaded: "De-ramp at Final Hub",
    full_out: "Gate-out from Final Hub",
    delivered: "Delivered to Consignee",
    empty_in: "Empty Equipment Returned",
  },
};

const ESTIMATED_WORDING: Readonly<Partial<Record<MilestoneKind, string>>> = {
  vessel_departed: "Estimated Time of Departure",
  transshipment_arrived: "Estimated Time of Arrival at T/S Port",
  transshipment_departed: "Estimated Time of Departure from T/S Port",
  vessel_arrived: "Estimated Time of Arrival",
  arrived_at_inland_destination: "Estimated arrival at final hub",
};

/** The raw event name of a milestone, or null for terminal and AIS milestones the line does not report. */
export function rawEventName(kind: MilestoneKind): RawEventName | null {
  if (kind === "vessel_berthed" || kind === "available" || kind === "not_available") return null;
  return kind === "arrived_at_inland_destination" ? "arrived_at_destination" : kind;
}

/**
 * The carrier's wording of an actual milestone, or null when the line does not report it.
 * COSCO says "Gate-out from Last POD" when the box leaves the port rather than an inland hub.
 */
export function actualWording(family: WordingFamily, kind: MilestoneKind, inland: boolean): string | null {
  if (rawEventName(kind) === null) return null;
  if (family === "cosco" && kind === "full_out" && !inland) return "Gate-out from Last POD";
  return WORDING[family][kind as Worded];
}

/** The wording of an estimate for a future milestone, or null when carriers do not estimate it. */
export function estimatedWording(kind: MilestoneKind): string | null {
  return ESTIMATED_WORDING[kind] ?? null;
}
