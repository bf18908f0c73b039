import { z } from "zod";
import { NullableTimestampSchema, TimestampSchema } from "./common-schema.js";
import type { Container } from "./container-schema.js";
import type { DomainEvent } from "./domain-event-schema.js";
import type { ShipmentException } from "./exception-schema.js";
import type { Shipment } from "./shipment-schema.js";
import { LastFreeDayBasisSchema, MoneySchema } from "./demurrage-schema.js";
import { ChargeTypeSchema } from "./tariff-schema.js";

/** Attributes of an `estimated_event` (the reference object of `shipment.estimated.arrival`). */
export const EstimatedEventAttributesSchema = z.object({
  /** When the estimate was recorded. */
  created_at: TimestampSchema,
  /** The new estimated arrival. */
  estimated_timestamp: NullableTimestampSchema,
  /** Always `shipment.estimated.arrival`. */
  event: z.literal("shipment.estimated.arrival"),
  /** UN/LOCODE of the port the estimate is for. */
  location_locode: z.string().nullable(),
  /** Time zone of that port. */
  timezone: z.string().nullable(),
  /** The voyage arriving. */
  voyage_number: z.string().nullable(),
  /** Who reported the estimate. */
  data_source: z.enum(["shipping_line", "terminal"]),
});

/** Attributes of a `container_updated_event`: `changeset` maps each changed attribute to `[before, after]`. */
export const ContainerUpdatedEventAttributesSchema = z.object({
  /** Each changed attribute, mapped to `[before, after]`. */
  changeset: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])),
  /** When the change was seen. */
  timestamp: TimestampSchema,
  /** Time zone of the port of discharge, when known. */
  timezone: z.string().nullable(),
  /** Always `terminal`. */
  data_source: z.literal("terminal"),
});

/** Attributes of a `container_created_event`. */
export const ContainerCreatedEventAttributesSchema = z.object({
  /** When the container was first seen. */
  timestamp: TimestampSchema,
  /** Time zone of the port of discharge, when known. */
  timezone: z.string().nullable(),
});

/** Attributes of a `container_pod_terminal_changed_event`. */
export const ContainerPodTerminalChangedEventAttributesSchema = z.object({
  /** When the change was seen. */
  timestamp: TimestampSchema,
  /** Who reported the new terminal. */
  data_source: z.enum(["shipping_line", "terminal", "pierpass"]),
});

/** Attributes of a `container_demurrage_event` (a Bollard extension): the charge, its last free day and money when the alert was raised. */
export const ContainerDemurrageEventAttributesSchema = z.object({
  /** The webhook event it announces. */
  event: z.enum(["container.free_time.ending", "container.demurrage.started", "container.detention.started"]),
  /** The charge concerned. */
  charge_type: ChargeTypeSchema,
  /** The binding last free day (a local date). */
  last_free_day: z.string(),
  /** Where it comes from. */
  basis: LastFreeDayBasisSchema,
  /** Days from the alert's local date to the last free day (0: today is the last free day; negative: past it). */
  days_until_last_free_day: z.number().int(),
  /** For `container.free_time.ending`, the webhook setting it was sent for (`free_time_ending_days`); else `null`. */
  days_ahead: z.number().int().nullable(),
  /** The charge accrued so far, or `null` when no rule gives rates. */
  accrued: MoneySchema.nullable(),
  /** The charge projected to `projected_through`, or `null` when no rule gives rates. */
  projected: MoneySchema.nullable(),
  /** The local date the projection runs to. */
  projected_through: z.string().nullable(),
  /** The rule behind the figures, or `null` when only a reported last free day is known. */
  tariff_id: z.string().nullable(),
  /** When the alert was raised. */
  timestamp: TimestampSchema,
  /** The facility's time zone. */
  timezone: z.string().nullable(),
});

/** An `estimated_event` record with its relationship ids. */
export interface EstimatedEventRecord extends z.infer<typeof EstimatedEventAttributesSchema> {
  /** The event's id (its domain event's `reference_object_id`). */
  id: string;
  /** The shipment whose arrival estimate changed. */
  shipment_id: string | null;
  /** The port of discharge the estimate is for. */
  port_id: string | null;
  /** The vessel arriving. */
  vessel_id: string | null;
}
/** A `container_updated_event` record with its relationship ids. */
export interface ContainerUpdatedEventRecord extends z.infer<typeof ContainerUpdatedEventAttributesSchema> {
  /** The event's id (its domain event's `reference_object_id`). */
  id: string;
  /** The container that changed. */
  container_id: string | null;
  /** The container's shipment. */
  shipment_id: string | null;
  /** The container's POD terminal. */
  terminal_id: string | null;
}
/** A `container_created_event` record with its relationship ids. */
export interface ContainerCreatedEventRecord extends z.infer<typeof ContainerCreatedEventAttributesSchema> {
  /** The event's id (its domain event's `reference_object_id`). */
  id: string;
  /** The new container. */
  container_id: string | null;
  /** The container's shipment. */
  shipment_id: string | null;
}
/** A `container_pod_terminal_changed_event` record with its relationship ids. */
export interface ContainerPodTerminalChangedEventRecord extends z.infer<typeof ContainerPodTerminalChangedEventAttributesSchema> {
  /** The event's id (its domain event's `reference_object_id`). */
  id: string;
  /** The container whose terminal changed. */
  container_id: string | null;
  /** The container's shipment. */
  shipment_id: string | null;
  /** The new POD terminal. */
  terminal_id: string | null;
}

/** A `container_demurrage_event` record with its relationship ids. */
export interface ContainerDemurrageEventRecord extends z.infer<typeof ContainerDemurrageEventAttributesSchema> {
  /** The event's id (its domain event's `reference_object_id`). */
  id: string;
  /** The container concerned. */
  container_id: string | null;
  /** The container's shipment. */
  shipment_id: string | null;
}

/** Any record that exists only inside webhook payloads, built from a domain event. */
export type EventObjectRecord = EstimatedEventRecord | ContainerUpdatedEventRecord | ContainerCreatedEventRecord | ContainerPodTerminalChangedEventRecord | ContainerDemurrageEventRecord | ShipmentException;

const text = (value: unknown): string | null => (typeof value === "string" ? value : null);

/**
 * The event object a domain event points at when it is one of the `*_event` kinds (pure), built
 * from the event's `data` and the shipment and container it concerns; null for the kinds that point
 * at stored records (tracking requests, transport events).
 */
export function eventObjectRecord(event: DomainEvent, related: { shipment: Shipment | null; container: Container | null }): EventObjectRecord | null {
  const { data } = event;
  const timestamp = text(data.timestamp) ?? event.occurred_at;
  const owner = { id: event.reference_object_id, shipment_id: event.shipment_id, container_id: event.container_id };
  switch (event.reference_object_type) {
    case "estimated_event":
      return {
        id: event.reference_object_id,
        created_at: event.created_at,
        estimated_timestamp: text(data.estimated_timestamp),
        event: "shipment.estimated.arrival",
        location_locode: text(data.location_locode),
        timezone: text(data.timezone),
        voyage_number: text(data.voyage_number),
        /** Who reported the new terminal. */
        data_source: data.data_source === "terminal" ? "terminal" : "shipping_line",
        shipment_id: event.shipment_id,
        port_id: related.shipment?.port_of_discharge_id ?? null,
        vessel_id: related.shipment?.pod_vessel_id ?? null,
      };
    case "container_updated_event":
      return {
        ...owner,
        /** Each changed attribute, mapped to `[before, after]`. */
        changeset: (data.changeset ?? {}) as Record<string, [unknown, unknown]>,
        timestamp,
        timezone: text(data.timezone),
        /** Who reported the new terminal. */
        data_source: "terminal",
        terminal_id: related.container?.pod_terminal_id ?? null,
      };
    case "container_created_event":
      return { ...owner, timestamp, timezone: text(data.timezone) };
    case "container_pod_terminal_changed_event": {
      const source = data.data_source === "terminal" || data.data_source === "pierpass" ? data.data_source : "shipping_line";
      return { ...owner, timestamp, data_source: source, terminal_id: text(data.terminal_id) ?? related.container?.pod_terminal_id ?? null };
    }
    case "container_demurrage_event":
      // The alert pass writes `data` in exactly this shape (demurrage/demurrage-alerts.ts).
      return { ...owner, ...(ContainerDemurrageEventAttributesSchema.parse({ ...data, timestamp }) as z.infer<typeof ContainerDemurrageEventAttributesSchema>) };
    case "exception":
      // The exception pass writes the record as it stood (raised or cleared) as `data` (exceptions/exception-pass.ts).
      return { ...(data as Omit<ShipmentException, "id" | "account_id">), id: event.reference_object_id, account_id: event.account_id };
    default:
      return null;
  }
}
