import { z } from "zod";
import { TimestampSchema, UuidSchema } from "./common-schema.js";
import { UserRoleSchema } from "./enums.js";

/**
 * The JSON:API attributes of a user. Upstream shows users only as linkage, so these are
 * Bollard's own; name and email are optional because a user may exist only to own an API key.
 */
export const UserAttributesSchema = z.object({
  /** The user's display name, if given. */
  name: z.string().nullable(),
  /** The user's email address, if given. */
  email: z.string().nullable(),
  /** What the user's API keys may do: `viewer` reads, `editor` also writes. */
  role: UserRoleSchema,
  /** When the user was created. */
  created_at: TimestampSchema,
});

/** The JSON:API attributes of a user. */
export interface UserAttributes extends z.infer<typeof UserAttributesSchema> {}

/** A stored user of an account. */
export const UserSchema = UserAttributesSchema.extend({
  /** The user's id. */
  id: UuidSchema,
  /** The account the user belongs to. */
  account_id: UuidSchema,
});

/** A stored user. */
export interface User extends z.infer<typeof UserSchema> {}
