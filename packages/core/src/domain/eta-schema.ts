import { z } from "zod";
import { NullableTimestampSchema } from "./common-schema.js";

/** Marks an attribute the hosted service does not send (`x-bollard-extension` in the served OpenAPI). */
const extension = { "x-bollard-extension": true } as const;

/** An ETA delay in hours, to one decimal: positive is later than the baseline; `null` when either side is unknown. */
const DelayHoursSchema = z.number().nullable().default(null);

/** A baseline timestamp kept for the delay figures. */
const BaselineSchema = NullableTimestampSchema.default(null);

/** What a predicted arrival rests on: every figure the predictor used, so a reader can check it. */
export const EtaPredictionReasonsSchema = z.object({
  /** The predictor that made it (`baseline` for the built-in one). */
  predictor: z.string(),
  /** `position`: sailed out from the vessel's last position; `carrier_eta`: the carrier's ETA corrected by its history. */
  method: z.enum(["position", "carrier_eta"]),
  /** When the prediction was made (the tracker's clock). */
  computed_at: z.string(),
  /** The time of the vessel position used; `null` with no position. */
  position_at: z.string().nullable(),
  /** How old that position was when the prediction was made, in hours. */
  position_age_hours: z.number().nullable(),
  /** Distance from that position to the port of discharge along the sea lane, in nautical miles. */
  distance_remaining_nm: z.number().nullable(),
  /** The vessel's speed over ground across its recent positions, in knots. */
  recent_speed_knots: z.number().nullable(),
  /** Transshipments still ahead before the vessel that reaches the port of discharge (its own port calls on the way are not known). */
  port_calls_left: z.number().int(),
  /** The port the boxes last departed from (UN/LOCODE): where the sea lane to the port of discharge starts. */
  leg_from_locode: z.string().nullable().default(null),
  /** Whether the boxes were aboard the vessel that reaches the port of discharge (their latest reported departure was on it). */
  aboard: z.boolean().default(false),
  /** The carrier's ETA the prediction started from (method `carrier_eta`) or was compared with. */
  carrier_eta_at: z.string().nullable(),
  /** The mean error of this carrier's ETAs on this lane (else this carrier) at this horizon in the account's arrived shipments, in hours (negative: early); `null` when too few. */
  carrier_bias_hours: z.number().nullable(),
  /** How many forecast samples that bias rests on. */
  carrier_bias_samples: z.number().int(),
  /** Whether the bias is the lane's (`lane`), the carrier's over every lane (`carrier`), or none (`none`). */
  carrier_bias_scope: z.enum(["lane", "carrier", "none"]),
});

/** What a predicted arrival rests on. */
export interface EtaPredictionReasons extends z.infer<typeof EtaPredictionReasonsSchema> {}

/** The ETA attributes Bollard adds to a shipment: baselines, delays and the predicted arrival at the POD. */
export const ShipmentEtaAttributesSchema = z.object({
  /** The POD ETA in force when Bollard learned the vessel had left the port of lading. */
  pod_departure_eta_at: BaselineSchema.meta({ ...extension, description: "The ETA at the port of discharge in force when Bollard learned the vessel had left the port of lading (Bollard extension)." }),
  /** Hours between the current arrival at the POD (`pod_ata_at`, else `pod_eta_at`) and the first ETA Bollard learned (`pod_original_eta_at`). */
  pod_eta_delay_hours: DelayHoursSchema.meta({ ...extension, description: "Hours from the first POD ETA Bollard learned to the current arrival (pod_ata_at, else pod_eta_at); positive is late (Bollard extension)." }),
  /** Hours between the current arrival at the POD and `pod_departure_eta_at`. */
  pod_eta_departure_delay_hours: DelayHoursSchema.meta({ ...extension, description: "Hours from the POD ETA at departure to the current arrival; positive is late (Bollard extension)." }),
  /** The destination ETA in force when Bollard learned the vessel had left the port of lading. */
  destination_departure_eta_at: BaselineSchema.meta({ ...extension, description: "The ETA at the final destination in force when Bollard learned the vessel had left the port of lading (Bollard extension)." }),
  /** Hours between the current arrival at the destination and `destination_original_eta_at`. */
  destination_eta_delay_hours: DelayHoursSchema.meta({ ...extension, description: "Hours from the first destination ETA Bollard learned to the current arrival (destination_ata_at, else destination_eta_at); positive is late (Bollard extension)." }),
  /** Hours between the current arrival at the destination and `destination_departure_eta_at`. */
  destination_eta_departure_delay_hours: DelayHoursSchema.meta({ ...extension, description: "Hours from the destination ETA at departure to the current arrival; positive is late (Bollard extension)." }),
  /** Bollard's predicted arrival at the POD (its median); `null` once arrived or with nothing to predict from. */
  predicted_eta_at: BaselineSchema.meta({ ...extension, description: "Bollard's predicted arrival at the port of discharge (the median); null once arrived or with nothing to predict from (Bollard extension)." }),
  /** The early bound of the prediction: 10% of arrivals come earlier. */
  predicted_eta_p10_at: BaselineSchema.meta({ ...extension, description: "The early bound of the predicted arrival: one arrival in ten comes earlier (Bollard extension)." }),
  /** The late bound of the prediction: 10% of arrivals come later. */
  predicted_eta_p90_at: BaselineSchema.meta({ ...extension, description: "The late bound of the predicted arrival: one arrival in ten comes later (Bollard extension)." }),
  /** What the prediction rests on. */
  predicted_eta_reasons: EtaPredictionReasonsSchema.nullable().default(null).meta({ ...extension, description: "What the predicted arrival rests on: position age, distance remaining along the sea lane, recent speed, port calls left, the carrier's historical bias (Bollard extension)." }),
});

/** The ETA attributes Bollard adds to a container: the POD leg's delays (its shipment's) and the inland leg's own. */
export const ContainerEtaAttributesSchema = z.object({
  /** The shipment's `pod_eta_delay_hours`: the POD leg, the same for every box of the shipment. */
  pod_eta_delay_hours: DelayHoursSchema.meta({ ...extension, description: "The POD leg's delay against the first ETA Bollard learned, in hours (its shipment's; Bollard extension)." }),
  /** The shipment's `pod_eta_departure_delay_hours`. */
  pod_eta_departure_delay_hours: DelayHoursSchema.meta({ ...extension, description: "The POD leg's delay against the ETA at departure, in hours (its shipment's; Bollard extension)." }),
  /** The first inland ETA Bollard learned for this container. */
  ind_original_eta_at: BaselineSchema.meta({ ...extension, description: "The first ETA at the inland destination Bollard learned for this container (Bollard extension)." }),
  /** The inland ETA in force when Bollard learned the container had left the port of lading. */
  ind_departure_eta_at: BaselineSchema.meta({ ...extension, description: "The inland ETA in force when Bollard learned the container's vessel had left the port of lading (Bollard extension)." }),
  /** Hours between the current inland arrival (`ind_ata_at`, else `ind_eta_at`) and `ind_original_eta_at`. */
  ind_eta_delay_hours: DelayHoursSchema.meta({ ...extension, description: "Hours from the first inland ETA Bollard learned to the current inland arrival (ind_ata_at, else ind_eta_at); positive is late (Bollard extension)." }),
  /** Hours between the current inland arrival and `ind_departure_eta_at`. */
  ind_eta_departure_delay_hours: DelayHoursSchema.meta({ ...extension, description: "Hours from the inland ETA at departure to the current inland arrival; positive is late (Bollard extension)." }),
});

/** Where an ETA came from, for accuracy: the carrier's (or a feed's) `pod_eta_at`, the terminal's, or Bollard's `predicted_eta_at`. */
export const EtaSourceSchema = z.enum(["carrier", "terminal", "predicted"]);

/** Where an ETA came from. */
export type EtaSource = z.infer<typeof EtaSourceSchema>;

/** How long before the actual arrival a forecast was in force: 14 days or more, 7–14, 3–7, 1–3, under 1. */
export const EtaHorizonSchema = z.enum(["14d_plus", "7_14d", "3_7d", "1_3d", "under_1d"]);

/** A horizon bin of the accuracy table. */
export type EtaHorizon = z.infer<typeof EtaHorizonSchema>;

/** One row of the ETA accuracy table: one source at one horizon, over the account's arrived shipments. */
export const EtaAccuracyRowSchema = z.object({
  /** The ETA source. */
  source: EtaSourceSchema,
  /** The horizon bin. */
  horizon: EtaHorizonSchema,
  /** The bin starts this many days before the actual arrival (inclusive). */
  horizon_from_days: z.number(),
  /** The bin ends this many days before it (exclusive); `null` for the open-ended one. */
  horizon_to_days: z.number().nullable(),
  /** Forecast samples in the bin (one every 6 hours per shipment while a forecast was in force). */
  samples: z.number().int(),
  /** Shipments the samples come from. */
  shipments: z.number().int(),
  /** Mean absolute error in hours; `null` without samples. */
  mae_hours: z.number().nullable(),
  /** Mean signed error in hours (negative: forecasts were early); `null` without samples. */
  bias_hours: z.number().nullable(),
  /** Standard deviation of the signed error in hours; `null` with fewer than two samples. */
  spread_hours: z.number().nullable(),
});

/** One row of the ETA accuracy table. */
export interface EtaAccuracyRow extends z.infer<typeof EtaAccuracyRowSchema> {}

/** A shipment's ETA attributes before anything is known: every one `null`. */
export const NO_SHIPMENT_ETA: z.infer<typeof ShipmentEtaAttributesSchema> = {
  pod_departure_eta_at: null, pod_eta_delay_hours: null, pod_eta_departure_delay_hours: null,
  destination_departure_eta_at: null, destination_eta_delay_hours: null, destination_eta_departure_delay_hours: null,
  predicted_eta_at: null, predicted_eta_p10_at: null, predicted_eta_p90_at: null, predicted_eta_reasons: null,
};

/** A container's ETA attributes before anything is known: every one `null`. */
export const NO_CONTAINER_ETA: z.infer<typeof ContainerEtaAttributesSchema> = {
  pod_eta_delay_hours: null, pod_eta_departure_delay_hours: null, ind_original_eta_at: null, ind_departure_eta_at: null, ind_eta_delay_hours: null, ind_eta_departure_delay_hours: null,
};
