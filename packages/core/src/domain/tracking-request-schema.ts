import { z } from "zod";
import { NullableTimestampSchema, TimestampSchema, UuidSchema } from "./common-schema.js";
import { FailedReasonSchema, RequestTypeSchema, TrackingRequestStatusSchema } from "./enums.js";
import { ScacSchema } from "./validators.js";

/** The JSON:API attributes of a tracking request. */
export const TrackingRequestAttributesSchema = z.object({
  request_number: z.string().min(1),
  request_type: RequestTypeSchema,
  // Null while the shipping line is being auto-detected.
  scac: ScacSchema.nullable(),
  status: TrackingRequestStatusSchema,
  // Set on failure, and also while retrying a temporary problem with status unchanged.
  failed_reason: FailedReasonSchema.nullable(),
  created_at: TimestampSchema,
  updated_at: TimestampSchema,
  ref_numbers: z.array(z.string()),
  // The live API's name; `tags` is the spec's name for the same list, so both are kept.
  shipment_tags: z.array(z.string()),
  tags: z.array(z.string()),
  is_retrying: z.boolean(),
  retry_count: z.int().nonnegative(),
});

/** The JSON:API attributes of a tracking request. */
export type TrackingRequestAttributes = z.infer<typeof TrackingRequestAttributesSchema>;

/** A stored tracking request with its relationship ids and scheduler bookkeeping. */
export const TrackingRequestSchema = TrackingRequestAttributesSchema.extend({
  id: UuidSchema,
  account_id: UuidSchema,
  tracked_object_id: UuidSchema.nullable(),
  tracked_object_type: z.enum(["shipment"]).nullable(),
  customer_id: UuidSchema.nullable(),
  /** The user whose key created the request. */
  user_id: UuidSchema.nullable(),
  /** When the scheduler should next poll the carrier; null when nothing is due. */
  next_attempt_at: NullableTimestampSchema,
  /** Copied onto the shipment once created, since a customer cannot be attached later. */
  customer_name: z.string().nullable(),
});

/** A stored tracking request. */
export type TrackingRequest = z.infer<typeof TrackingRequestSchema>;
