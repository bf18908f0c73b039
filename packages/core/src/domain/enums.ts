import { z } from "zod";

// Values are copied verbatim from the Terminal49 v2 reference (digest §3.5, §3.10, §3.15):
// clients switch on these strings, so spelling, spaces and order matter.

/** A container's state name (`current_status`); transitions between them are not linear. */
export const ContainerStatusSchema = z.enum([
  "new",
  "on_ship",
  "available",
  "not_available",
  "grounded",
  "on_rail",
  "picked_up",
  "off_dock",
  "delivered",
  "dropped",
  "loaded",
  "empty_returned",
  "awaiting_inland_transfer",
]);
/**
 * A container's state name.
 * @useDeclaredType
 */
export type ContainerStatus = z.infer<typeof ContainerStatusSchema>;

/** A container's equipment type; note the spaces in `open top` and `flat rack`. */
export const EquipmentTypeSchema = z.enum(["dry", "reefer", "open top", "flat rack", "bulk", "tank"]);
/**
 * A container's equipment type.
 * @useDeclaredType
 */
export type EquipmentType = z.infer<typeof EquipmentTypeSchema>;

/** A container's length in feet; numbers, not strings, as the API returns them. */
export const EquipmentLengthSchema = z.literal([10, 20, 40, 45]);
/**
 * A container's length in feet.
 * @useDeclaredType
 */
export type EquipmentLength = z.infer<typeof EquipmentLengthSchema>;

/** A container's height class. */
export const EquipmentHeightSchema = z.enum(["standard", "high_cube"]);
/**
 * A container's height class.
 * @useDeclaredType
 */
export type EquipmentHeight = z.infer<typeof EquipmentHeightSchema>;

/** The kind of number a tracking request registers (`container` is beta upstream). */
export const RequestTypeSchema = z.enum(["bill_of_lading", "booking_number", "container"]);
/**
 * The kind of number a tracking request registers.
 * @useDeclaredType
 */
export type RequestType = z.infer<typeof RequestTypeSchema>;

/** A tracking request's lifecycle status. */
export const TrackingRequestStatusSchema = z.enum(["pending", "awaiting_manifest", "created", "failed", "tracking_stopped"]);
/**
 * A tracking request's lifecycle status.
 * @useDeclaredType
 */
export type TrackingRequestStatus = z.infer<typeof TrackingRequestStatusSchema>;

/**
 * Why a tracking request failed or is retrying; `unrecognized_response`,
 * `shipping_line_unreachable` and `internal_processing_error` are temporary.
 */
export const FailedReasonSchema = z.enum([
  "booking_cancelled",
  "duplicate",
  "expired",
  "internal_processing_error",
  "invalid_number",
  "not_found",
  "retries_exhausted",
  "shipping_line_unreachable",
  "unrecognized_response",
  "data_unavailable",
  "scac_auto_detect_failed",
]);
/**
 * Why a tracking request failed or is retrying.
 * @useDeclaredType
 */
export type FailedReason = z.infer<typeof FailedReasonSchema>;

/** Why tracking of a shipment stopped. */
export const LineTrackingStoppedReasonSchema = z.enum([
  "all_containers_terminated",
  "past_arrival_window",
  "past_full_out_window",
  "no_updates_at_line",
  "cancelled_by_user",
  "booking_cancelled",
]);
/**
 * Why tracking of a shipment stopped.
 * @useDeclaredType
 */
export type LineTrackingStoppedReason = z.infer<typeof LineTrackingStoppedReasonSchema>;

/** A terminal hold name; case-sensitive (`USDA`, not `usda`). */
export const HoldNameSchema = z.enum(["freight", "customs", "USDA", "VACIS", "TMF", "other"]);
/**
 * A terminal hold name.
 * @useDeclaredType
 */
export type HoldName = z.infer<typeof HoldNameSchema>;

/** A hold's status; a released hold disappears from the list instead of changing status. */
export const HoldStatusSchema = z.enum(["hold", "pending"]);
/**
 * A hold's status.
 * @useDeclaredType
 */
export type HoldStatus = z.infer<typeof HoldStatusSchema>;

/** A terminal fee type. */
export const FeeTypeSchema = z.enum(["demurrage", "exam", "extended_dwell_time", "other", "total"]);
/**
 * A terminal fee type.
 * @useDeclaredType
 */
export type FeeType = z.infer<typeof FeeTypeSchema>;

/** A transport event name, in the reference's order (it includes the odd `document.*` names). */
export const TransportEventNameSchema = z.enum([
  "container.transport.vessel_arrived",
  "container.transport.estimated.vessel_arrived",
  "container.transport.vessel_discharged",
  "container.transport.vessel_loaded",
  "container.transport.vessel_departed",
  "container.transport.estimated.vessel_departed",
  "container.transport.rail_departed",
  "container.transport.rail_arrived",
  "container.transport.rail_loaded",
  "container.transport.rail_unloaded",
  "container.transport.transshipment_arrived",
  "container.transport.transshipment_discharged",
  "container.transport.transshipment_loaded",
  "container.transport.transshipment_departed",
  "container.transport.feeder_arrived",
  "container.transport.feeder_discharged",
  "container.transport.feeder_loaded",
  "container.transport.feeder_departed",
  "container.transport.empty_out",
  "container.transport.full_in",
  "container.transport.full_out",
  "container.transport.empty_in",
  "container.transport.vessel_berthed",
  "container.transport.arrived_at_inland_destination",
  "container.transport.estimated.arrived_at_inland_destination",
  "container.pickup_lfd.changed",
  "container.pickup_lfd_line.changed",
  "container.pickup_lfd_terminal.changed",
  "container.pickup_lfd_rail.changed",
  "container.pickup_appointment.changed",
  "container.transport.available",
  "container.transport.not_available",
  "container.transport.delivered",
  "document.extracted",
  "document.extraction_failed",
]);
/**
 * A transport event name.
 * @useDeclaredType
 */
export type TransportEventName = z.infer<typeof TransportEventNameSchema>;

/** A normalized raw (carrier) event name, without the `container.transport.` prefix. */
export const RawEventNameSchema = z.enum([
  "empty_out",
  "full_in",
  "positioned_in",
  "positioned_out",
  "vessel_loaded",
  "vessel_departed",
  "transshipment_arrived",
  "transshipment_discharged",
  "transshipment_loaded",
  "transshipment_departed",
  "feeder_arrived",
  "feeder_discharged",
  "feeder_loaded",
  "feeder_departed",
  "rail_loaded",
  "rail_departed",
  "rail_arrived",
  "rail_unloaded",
  "vessel_arrived",
  "vessel_discharged",
  "arrived_at_destination",
  "delivered",
  "full_out",
  "empty_in",
  "vgm_received",
  "carrier_release",
  "customs_release",
  "available",
]);
/**
 * A normalized raw event name.
 * @useDeclaredType
 */
export type RawEventName = z.infer<typeof RawEventNameSchema>;

/** The values of {@link TransportEventDataSourceSchema}: the upstream OpenAPI's, no others. */
export const TRANSPORT_EVENT_DATA_SOURCES = ["shipping_line", "terminal", "ais"] as const;

/**
 * Where a transport event came from: only the upstream OpenAPI's values. A rail move is reported
 * as `shipping_line` (the line relays the railroad's data); `rail`, which older Bollard versions
 * stored and some feeds send, reads as `shipping_line`.
 */
export const TransportEventDataSourceSchema = z.preprocess((value) => (value === "rail" ? "shipping_line" : value), z.enum(TRANSPORT_EVENT_DATA_SOURCES));
/**
 * Where a transport event came from.
 * @useDeclaredType
 */
export type TransportEventDataSource = z.infer<typeof TransportEventDataSourceSchema>;

/** A custom field definition's data type. */
export const CustomFieldDataTypeSchema = z.enum([
  "short_text",
  "number",
  "date",
  "datetime",
  "boolean",
  "enum",
  "enum_multi",
  "reference",
]);
/**
 * A custom field definition's data type.
 * @useDeclaredType
 */
export type CustomFieldDataType = z.infer<typeof CustomFieldDataTypeSchema>;

/** What a custom field definition applies to; containers are `Cargo`, as the live API returns. */
export const CustomFieldEntityTypeSchema = z.enum(["Shipment", "Cargo"]);
/**
 * What a custom field definition applies to.
 * @useDeclaredType
 */
export type CustomFieldEntityType = z.infer<typeof CustomFieldEntityTypeSchema>;

/** The JSON:API type of the resource a custom field value is attached to. */
export const CustomFieldTargetTypeSchema = z.enum(["shipment", "container", "tracking_request"]);
/**
 * The JSON:API type of the resource a custom field value is attached to.
 * @useDeclaredType
 */
export type CustomFieldTargetType = z.infer<typeof CustomFieldTargetTypeSchema>;

/** A user's role within an account. */
export const UserRoleSchema = z.enum(["viewer", "editor"]);
/**
 * A user's role within an account.
 * @useDeclaredType
 */
export type UserRole = z.infer<typeof UserRoleSchema>;

/** A webhook notification's delivery state; `failed` only after retries are exhausted. */
export const WebhookDeliveryStatusSchema = z.enum(["pending", "succeeded", "failed"]);
/**
 * A webhook notification's delivery state.
 * @useDeclaredType
 */
export type WebhookDeliveryStatus = z.infer<typeof WebhookDeliveryStatusSchema>;

/** An event a webhook can subscribe to: every transport event name plus the non-transport kinds. */
export const WebhookEventNameSchema = z.enum([
  ...TransportEventNameSchema.options,
  "shipment.estimated.arrival",
  "tracking_request.succeeded",
  "tracking_request.failed",
  "tracking_request.awaiting_manifest",
  "tracking_request.tracking_stopped",
  "container.created",
  "container.updated",
  "container.pod_terminal_changed",
  "container.free_time.ending",
  "container.demurrage.started",
  "container.detention.started",
  "shipment.exception.raised",
  "shipment.exception.cleared",
]);
/**
 * An event a webhook can subscribe to.
 * @useDeclaredType
 */
export type WebhookEventName = z.infer<typeof WebhookEventNameSchema>;

/** The JSON:API type of a port-like location (`location`, `destination`). */
export const LocationTypeSchema = z.enum(["port", "metro_area"]);
/**
 * The JSON:API type of a port-like location.
 * @useDeclaredType
 */
export type LocationType = z.infer<typeof LocationTypeSchema>;

/** The JSON:API type of a terminal-like facility (`terminal`, `destination_terminal`). */
export const TerminalTypeSchema = z.enum(["terminal", "rail_terminal"]);
/**
 * The JSON:API type of a terminal-like facility.
 * @useDeclaredType
 */
export type TerminalType = z.infer<typeof TerminalTypeSchema>;
