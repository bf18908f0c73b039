import { z } from "zod";
import { NullableTimestampSchema, TimestampSchema, UuidSchema } from "./common-schema.js";

/**
 * A stored API key. Only the SHA-256 hash of the secret is kept, so a leaked table cannot be
 * replayed; `prefix` is the key's first characters, kept so a user can tell keys apart.
 * Internal only: never serialized to the API.
 */
export const ApiKeySchema = z.object({
  /** The key's id. */
  id: UuidSchema,
  /** The account the key authenticates for. */
  account_id: UuidSchema,
  /** The user who owns the key; requests made with it act with this user's role. */
  user_id: UuidSchema,
  /** Lower-case hex SHA-256 digest of the secret key; keys are looked up by it. */
  key_hash: z.string().regex(/^[0-9a-f]{64}$/, "must be a lower-case hex SHA-256 digest"),
  /** The key's first characters (e.g. `bol_AbC123`). */
  prefix: z.string().min(1),
  /** When the key was issued. */
  created_at: TimestampSchema,
  /**
   * When the key last authenticated a request, to the minute and up to an hour behind: a server
   * records a key's use at most once an hour. `null` when it has not been used.
   */
  last_used_at: NullableTimestampSchema,
  /**
   * When the key stops (or stopped) working; `null` while it is valid. A rotation with a grace
   * period sets it in the future. Records written before keys could be revoked read as `null`.
   */
  revoked_at: NullableTimestampSchema.default(null),
});

/** A stored API key. */
export interface ApiKey extends z.infer<typeof ApiKeySchema> {}
