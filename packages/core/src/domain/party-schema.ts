import { z } from "zod";
import { TimestampSchema, UuidSchema } from "./common-schema.js";

/** The JSON:API attributes of a party: a customer the account tracks shipments for. */
export const PartyAttributesSchema = z.object({
  /** The company's name; unique within the account. */
  company_name: z.string().min(1).max(255),
});

/** The JSON:API attributes of a party. */
export interface PartyAttributes extends z.infer<typeof PartyAttributesSchema> {}

/** A stored party (the `customer` of tracking requests). */
export const PartySchema = PartyAttributesSchema.extend({
  /** The party's id. */
  id: UuidSchema,
  /** The account that owns the party. */
  account_id: UuidSchema,
  /** When the party was created. */
  created_at: TimestampSchema,
  /** When the party last changed. */
  updated_at: TimestampSchema,
});

/** A stored party. */
export interface Party extends z.infer<typeof PartySchema> {}
