import { z } from "zod";
import { TimestampSchema, UuidSchema } from "./common-schema.js";

/** The JSON:API attributes of an account (the tenant), as included with tracking requests. */
export const AccountAttributesSchema = z.object({
  company_name: z.string().min(1),
});

/** The JSON:API attributes of an account. */
export type AccountAttributes = z.infer<typeof AccountAttributesSchema>;

/** A stored account: the tenant every account-scoped record belongs to. */
export const AccountSchema = AccountAttributesSchema.extend({
  id: UuidSchema,
  created_at: TimestampSchema,
});

/** A stored account. */
export type Account = z.infer<typeof AccountSchema>;
