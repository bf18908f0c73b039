import { z } from "zod";
import { NullableTimestampSchema, TimestampSchema, UuidSchema } from "./common-schema.js";
import { CustomFieldValueSchema } from "./custom-field-schema.js";
import { FailedReasonSchema, RequestTypeSchema, TrackingRequestStatusSchema } from "./enums.js";
import { ScacSchema } from "./validators.js";

/** The JSON:API attributes of a tracking request. */
export const TrackingRequestAttributesSchema = z.object({
  /** The number to track: a bill of lading, booking or container number, as registered. */
  request_number: z.string().min(1),
  /** What kind of number `request_number` is. */
  request_type: RequestTypeSchema,
  /** The shipping line's SCAC; `null` while the line is being auto-detected. */
  scac: ScacSchema.nullable(),
  /** Where the request is in its lifecycle. */
  status: TrackingRequestStatusSchema,
  /**
   * Why the request failed; also set while retrying a temporary problem with `status`
   * unchanged.
   */
  failed_reason: FailedReasonSchema.nullable(),
  /** When the request was registered. */
  created_at: TimestampSchema,
  /** When the request last changed. */
  updated_at: TimestampSchema,
  /** The customer's reference numbers, copied onto the shipment. */
  ref_numbers: z.array(z.string()),
  /** Tags copied onto the shipment (the live API's name for this list). */
  shipment_tags: z.array(z.string()),
  /** The same list as `shipment_tags`, under the API specification's name. */
  tags: z.array(z.string()),
  /** True while a temporary carrier problem is being retried. */
  is_retrying: z.boolean(),
  /**
   * How often a temporary problem has been retried; `null` when not retrying (as upstream writes
   * it), and the count reached when the retries ran out.
   */
  retry_count: z.int().nonnegative().nullable(),
});

/** The JSON:API attributes of a tracking request. */
export interface TrackingRequestAttributes extends z.infer<typeof TrackingRequestAttributesSchema> {}

/** One custom field value staged on a tracking request, typed against its definition when the request was made. */
export const InitialCustomFieldSchema = z.object({
  /** The definition's `api_slug`. */
  api_slug: z.string().min(1),
  /** The value in its API form. */
  value: CustomFieldValueSchema,
});

/** A staged custom field value of the shipment. */
export interface InitialCustomField extends z.infer<typeof InitialCustomFieldSchema> {}

/**
 * The custom field values a tracking request stages for the shipment and its containers, applied
 * when the shipment is created (`initial_custom_fields` of `POST /v2/tracking_requests`).
 */
export const InitialCustomFieldsSchema = z.object({
  /** Values of the shipment. */
  shipment: z.array(InitialCustomFieldSchema),
  /** Values of containers: of the container with `number`, or of every container when it is null. */
  containers: z.array(
    InitialCustomFieldSchema.extend({
      /** The container's number; null for every container. */
      number: z.string().nullable(),
    }),
  ),
});

/** The custom field values a tracking request stages (see {@link InitialCustomFieldsSchema}). */
export interface InitialCustomFields extends z.infer<typeof InitialCustomFieldsSchema> {}

/** A stored tracking request with its relationship ids and scheduler bookkeeping. */
export const TrackingRequestSchema = TrackingRequestAttributesSchema.extend({
  /** The tracking request's id. */
  id: UuidSchema,
  /** The account that registered it. */
  account_id: UuidSchema,
  /** The shipment the request found; `null` until the carrier reported one. */
  tracked_object_id: UuidSchema.nullable(),
  /** The type of `tracked_object_id` (always `shipment` once set). */
  tracked_object_type: z.enum(["shipment"]).nullable(),
  /** The `party` given as the request's `customer` relationship, if any. */
  customer_id: UuidSchema.nullable(),
  /** The user whose key created the request. */
  user_id: UuidSchema.nullable(),
  /** When the scheduler should next poll the carrier; null when nothing is due. */
  next_attempt_at: NullableTimestampSchema,
  /** Copied onto the shipment once created, since a customer cannot be attached later. */
  customer_name: z.string().nullable(),
  /** Custom field values applied to the shipment and its containers when the shipment is created; absent or null for none. */
  initial_custom_fields: InitialCustomFieldsSchema.nullable().optional(),
});

/** A stored tracking request. */
export interface TrackingRequest extends z.infer<typeof TrackingRequestSchema> {}
