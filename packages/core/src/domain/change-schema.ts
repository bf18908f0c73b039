import { z } from "zod";
import { TimestampSchema, UuidSchema } from "./common-schema.js";

/**
 * Where a change came from: the shipping line's data (`carrier`), the terminal's (holds, fees,
 * availability, last free days, appointments: `terminal`), a feed pushed through `tracker.ingest`
 * (`ingest`), or a user's edit (`user`).
 */
export const ChangeSourceSchema = z.enum(["carrier", "terminal", "ingest", "user"]);

/**
 * Where a change came from.
 * @useDeclaredType
 */
export type ChangeSource = z.infer<typeof ChangeSourceSchema>;

/** The kinds of record whose history Bollard keeps. */
export const ChangeResourceTypeSchema = z.enum(["shipment", "container"]);

/**
 * The kinds of record whose history Bollard keeps.
 * @useDeclaredType
 */
export type ChangeResourceType = z.infer<typeof ChangeResourceTypeSchema>;

/** The JSON:API attributes of a change: one attribute of one record, before and after. */
export const ChangeAttributesSchema = z.object({
  /** The changed attribute, as the record names it (`pod_eta_at`, `pod_terminal_id`, `import_deadlines.pickup_lfd_terminal`). */
  attribute: z.string().min(1),
  /** The value before the change (any JSON value; `null` when there was none). */
  before: z.unknown(),
  /** The value after the change. */
  after: z.unknown(),
  /** Where the change came from. */
  source: ChangeSourceSchema,
  /** When Bollard learned it (the tracker's clock at the write). */
  learned_at: TimestampSchema,
});

/** The JSON:API attributes of a change. */
export interface ChangeAttributes extends z.infer<typeof ChangeAttributesSchema> {}

/** A stored change: append-only, written in the transaction of the write it describes. */
export const ChangeSchema = ChangeAttributesSchema.extend({
  /** The change's id (time-ordered: later writes of one process have greater ids). */
  id: UuidSchema,
  /** The account the changed record belongs to. */
  account_id: UuidSchema,
  /** The kind of record that changed (the `resource` relationship's type). */
  resource_type: ChangeResourceTypeSchema,
  /** The id of the record that changed (the `resource` relationship's id). */
  resource_id: UuidSchema,
});

/** A stored change of one attribute of a shipment or container. */
export interface Change extends z.infer<typeof ChangeSchema> {}
