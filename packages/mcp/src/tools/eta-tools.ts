import { z } from "zod";
import { scanPages } from "../scan-pages.js";
import { defineTool } from "../tool-kit.js";

const Instant = z.string().nullable();

/** `get_eta`: a shipment's ETAs, delays against its baselines and Bollard's predicted arrival. */
export const getEta = defineTool({
  name: "get_eta",
  title: "Get ETA, Delay and Prediction",
  access: "read",
  description:
    "A shipment's arrival picture: the carrier's current ETA at the port of discharge, the first ETA Bollard learned and the ETA at departure, " +
    "the delay against each in hours (positive is late), Bollard's predicted arrival with its p10/p90 bounds and what it rests on, and the same for the final destination.",
  input: { shipment_id: z.string().uuid().describe("The shipment's id (UUID)") },
  output: {
    shipment_id: z.string(),
    bill_of_lading_number: z.string(),
    arrived: z.boolean(),
    pod: z.object({ locode: z.string().nullable(), eta_at: Instant, original_eta_at: Instant, departure_eta_at: Instant, ata_at: Instant, delay_hours: z.number().nullable(), departure_delay_hours: z.number().nullable() }),
    prediction: z.object({ predicted_eta_at: Instant, p10_at: Instant, p90_at: Instant, method: z.string().nullable(), distance_remaining_nm: z.number().nullable(), recent_speed_knots: z.number().nullable(), port_calls_left: z.number().nullable(), carrier_bias_hours: z.number().nullable() }),
    destination: z.object({ locode: z.string().nullable(), eta_at: Instant, original_eta_at: Instant, ata_at: Instant, delay_hours: z.number().nullable() }),
    note: z.string(),
  },
  async run({ shipment_id: id }, { session }) {
    const s = await session.shipments.get(id);
    const reasons = s.predicted_eta_reasons;
    const notes = [
      s.pod_eta_at === null && s.pod_ata_at === null ? "No ETA at the port of discharge is known." : "",
      s.pod_ata_at !== null ? "Arrived at the port of discharge: no prediction is made after arrival." : s.predicted_eta_at === null ? "Bollard has nothing to predict from for this shipment (no vessel position or carrier ETA)." : "",
      s.pod_eta_delay_hours === null ? "No delay can be computed without a first ETA." : "",
    ].filter(Boolean);
    return {
      shipment_id: s.id,
      bill_of_lading_number: s.bill_of_lading_number,
      arrived: s.pod_ata_at !== null,
      pod: { locode: s.port_of_discharge_locode, eta_at: s.pod_eta_at, original_eta_at: s.pod_original_eta_at, departure_eta_at: s.pod_departure_eta_at, ata_at: s.pod_ata_at, delay_hours: s.pod_eta_delay_hours, departure_delay_hours: s.pod_eta_departure_delay_hours },
      prediction: {
        predicted_eta_at: s.predicted_eta_at,
        p10_at: s.predicted_eta_p10_at,
        p90_at: s.predicted_eta_p90_at,
        method: reasons?.method ?? null,
        distance_remaining_nm: reasons?.distance_remaining_nm ?? null,
        recent_speed_knots: reasons?.recent_speed_knots ?? null,
        port_calls_left: reasons?.port_calls_left ?? null,
        carrier_bias_hours: reasons?.carrier_bias_hours ?? null,
      },
      destination: { locode: s.destination_locode, eta_at: s.destination_eta_at, original_eta_at: s.destination_original_eta_at, ata_at: s.destination_ata_at, delay_hours: s.destination_eta_delay_hours },
      note: notes.join(" ") || "Delays are hours from the baseline to the current arrival (actual, else estimated).",
    };
  },
});

/** `list_delayed_shipments`: shipments running late against the first ETA Bollard learned. */
export const listDelayedShipments = defineTool({
  name: "list_delayed_shipments",
  title: "List Delayed Shipments",
  access: "read",
  description: "Shipments whose arrival at the port of discharge is at least N hours later than the first ETA Bollard learned (pod_eta_delay_hours), most delayed first, with the vessel and the ETAs.",
  input: {
    min_delay_hours: z.number().min(0).max(8_760).optional().default(24).describe("The smallest delay to list, in hours (default 24)"),
    include_arrived: z.boolean().optional().default(true).describe("Also list shipments that already arrived late"),
  },
  output: {
    shipments: z.array(z.object({ id: z.string(), bill_of_lading_number: z.string(), shipping_line_scac: z.string(), pod_vessel_name: z.string().nullable(), port_of_discharge_locode: z.string().nullable(), pod_original_eta_at: Instant, pod_eta_at: Instant, pod_ata_at: Instant, delay_hours: z.number(), predicted_eta_at: Instant })),
    total: z.number().int(),
    note: z.string(),
  },
  async run({ min_delay_hours: min, include_arrived: arrived }, { session }) {
    const scan = await scanPages((page) => session.shipments.list({ page }));
    const late = scan.items
      .filter((s) => s.pod_eta_delay_hours !== null && s.pod_eta_delay_hours >= min && (arrived || s.pod_ata_at === null))
      .sort((a, b) => b.pod_eta_delay_hours! - a.pod_eta_delay_hours! || a.bill_of_lading_number.localeCompare(b.bill_of_lading_number));
    return {
      shipments: late.slice(0, 50).map((s) => ({ id: s.id, bill_of_lading_number: s.bill_of_lading_number, shipping_line_scac: s.shipping_line_scac, pod_vessel_name: s.pod_vessel_name, port_of_discharge_locode: s.port_of_discharge_locode, pod_original_eta_at: s.pod_original_eta_at, pod_eta_at: s.pod_eta_at, pod_ata_at: s.pod_ata_at, delay_hours: s.pod_eta_delay_hours!, predicted_eta_at: s.predicted_eta_at })),
      total: late.length,
      note: `${late.length} shipment(s) at least ${min} h late${late.length > 50 ? "; the 50 most delayed are listed" : ""}.${scan.complete ? "" : " Only the newest 1,000 shipments were read."}`,
    };
  },
});

/** `get_eta_accuracy`: how good each ETA source has been on the account's arrived shipments. */
export const getEtaAccuracy = defineTool({
  name: "get_eta_accuracy",
  title: "Get ETA Accuracy",
  access: "read",
  description: "The accuracy of each ETA source (carrier, terminal, Bollard's prediction) by horizon before arrival, over the account's own arrived shipments: mean absolute error, bias and spread in hours, with sample counts. Filter by carrier, lane (POL-POD) and arrival window.",
  input: {
    carrier: z.string().optional().describe("Only this carrier's shipments (SCAC)"),
    lane: z.string().optional().describe("Only this lane: POL-POD UN/LOCODEs, e.g. CNSHA-USLAX"),
    from: z.string().optional().describe("Only arrivals at or after this instant (ISO 8601)"),
    to: z.string().optional().describe("Only arrivals before this instant (ISO 8601)"),
  },
  output: {
    shipments: z.number().int(),
    rows: z.array(z.object({ source: z.string(), horizon: z.string(), samples: z.number().int(), shipments: z.number().int(), mae_hours: z.number().nullable(), bias_hours: z.number().nullable(), spread_hours: z.number().nullable() })),
    note: z.string(),
  },
  async run(args, { session }) {
    const report = await session.eta.accuracy({ ...(args.carrier && { carrier: args.carrier }), ...(args.lane && { lane: args.lane }), ...(args.from && { from: args.from }), ...(args.to && { to: args.to }) });
    return {
      shipments: report.shipments,
      rows: report.rows.map((row) => ({ source: row.source, horizon: row.horizon, samples: row.samples, shipments: row.shipments, mae_hours: row.mae_hours, bias_hours: row.bias_hours, spread_hours: row.spread_hours })),
      note: report.shipments === 0 ? "No arrived shipment matches: there is no accuracy to report yet." : "Errors in hours against pod_ata_at; negative bias means forecasts were early; null where a bin has no samples.",
    };
  },
});
