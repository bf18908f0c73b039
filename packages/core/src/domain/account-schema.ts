import { z } from "zod";
import { TimestampSchema, UuidSchema } from "./common-schema.js";

/** The JSON:API attributes of an account (the tenant), as included with tracking requests. */
export const AccountAttributesSchema = z.object({
  /** The company's name; unique across accounts. */
  company_name: z.string().min(1),
});

/** The JSON:API attributes of an account. */
export interface AccountAttributes extends z.infer<typeof AccountAttributesSchema> {}

/** A stored account: the tenant every account-scoped record belongs to. */
export const AccountSchema = AccountAttributesSchema.extend({
  /** The account's id. */
  id: UuidSchema,
  /** When the account was created. */
  created_at: TimestampSchema,
});

/** A stored account. */
export interface Account extends z.infer<typeof AccountSchema> {}
