import { z } from "zod";
import { TimestampSchema, UuidSchema } from "./common-schema.js";
import { UserRoleSchema } from "./enums.js";

/**
 * The JSON:API attributes of a user. Upstream shows users only as linkage, so these are
 * Bollard's own; name and email are optional because a user may exist only to own an API key.
 */
export const UserAttributesSchema = z.object({
  name: z.string().nullable(),
  email: z.string().nullable(),
  role: UserRoleSchema,
  created_at: TimestampSchema,
});

/** The JSON:API attributes of a user. */
export type UserAttributes = z.infer<typeof UserAttributesSchema>;

/** A stored user of an account. */
export const UserSchema = UserAttributesSchema.extend({
  id: UuidSchema,
  account_id: UuidSchema,
});

/** A stored user. */
export type User = z.infer<typeof UserSchema>;
