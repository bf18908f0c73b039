import { EtaAccuracyRowSchema } from "@bollard/core/schemas";
import { z } from "zod";
import "zod-openapi";
import { CollectionLinksSchema, CollectionMetaSchema } from "./resource-schemas.js";
import type { RouteSpec } from "./route-spec.js";

const EtaAccuracyDocument = z
  .object({
    data: z.array(z.object({ id: z.string(), type: z.literal("eta_accuracy"), attributes: EtaAccuracyRowSchema.meta({ id: "EtaAccuracyAttributes" }) })),
    links: CollectionLinksSchema,
    meta: CollectionMetaSchema.extend({
      arrived_shipments: z.number().int().meta({ description: "Arrived shipments that matched the filters" }),
      actual_arrival: z.literal("pod_ata_at").meta({ description: "The attribute every error is measured against: the vessel's actual arrival at the port of discharge" }),
      sample_every_hours: z.number().meta({ description: "Forecasts are sampled this often before the actual arrival" }),
      max_horizon_days: z.number().meta({ description: "Forecasts further ahead are not sampled" }),
    }),
  })
  .meta({ id: "EtaAccuracyDocument" });

const instant = (what: string) => z.string().optional().meta({ description: `Only shipments that arrived ${what} this instant (ISO 8601 date or date-time)` });

/** ETA accuracy: a Bollard extension (docs/eta.md). */
export const ETA_ROUTE_SPECS: RouteSpec[] = [
  {
    method: "get",
    path: "/eta_accuracy",
    summary: "How accurate each ETA source was on the account's own arrived shipments: mean absolute error and bias in hours of the carrier's, the terminal's and Bollard's predicted ETAs, by horizon (14+, 7–14, 3–7, 1–3, under 1 day before the actual arrival pod_ata_at)",
    query: z.object({
      "filter[carrier]": z.string().optional().meta({ description: "Only this carrier's shipments (SCAC)" }),
      "filter[lane]": z.string().optional().meta({ description: "Only this lane: POL-POD UN/LOCODEs, e.g. CNSHA-USLAX" }),
      "filter[arrived_from]": instant("at or after"),
      "filter[arrived_to]": instant("before"),
    }),
    status: 200,
    response: EtaAccuracyDocument,
    errors: [400],
    extension: true,
  },
];
