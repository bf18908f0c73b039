import { z } from "zod";
import { NullableTimestampSchema, TimestampSchema, UuidSchema } from "./common-schema.js";

/** The attributes of a `search_result` (`GET /v2/search`), as the live service writes them. */
export const SearchResultAttributesSchema = z.object({
  /** `shipment`, or `cargo` for a container. */
  entity_type: z.enum(["shipment", "cargo"]),
  /** The bill of lading number, or the container number. */
  number: z.string(),
  /** Always null, as the live service writes it (the result's `id` is the shipment or container). */
  shipment_id: UuidSchema.nullable(),
  /** The shipping line's SCAC. */
  scac: z.string().nullable(),
  /** The port of lading's name. */
  port_of_lading_name: z.string().nullable(),
  /** The port of discharge's name. */
  port_of_discharge_name: z.string().nullable(),
  /** How many containers the shipment has; null for a container. */
  containers_count: z.int().nullable(),
  /** Whether the shipment's tracking is stopped. */
  tracking_stopped: z.boolean(),
  /** Why it is stopped. */
  tracking_stopped_reason: z.string().nullable(),
  /** Always null, as the live service writes it for shipments and containers alike. */
  status: z.string().nullable(),
  /** Always null: a search finds tracked records, not failed requests. */
  failed_reason: z.string().nullable(),
  /** Reference numbers. */
  ref_numbers: z.array(z.string()),
  /** When the record was created. */
  created_at: TimestampSchema,
  /** When it last changed. */
  updated_at: NullableTimestampSchema,
});

/** One hit of a search: a shipment, or a container (`entity_type: "cargo"`). */
export interface SearchResult extends z.infer<typeof SearchResultAttributesSchema> {
  /** The shipment's or container's id. */
  id: string;
}
