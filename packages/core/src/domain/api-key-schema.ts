import { z } from "zod";
import { NullableTimestampSchema, TimestampSchema, UuidSchema } from "./common-schema.js";

/**
 * A stored API key. Only the SHA-256 hash of the secret is kept, so a leaked table cannot be
 * replayed; `prefix` is the key's first characters, kept so a user can tell keys apart.
 * Internal only: never serialized to the API.
 */
export const ApiKeySchema = z.object({
  id: UuidSchema,
  account_id: UuidSchema,
  user_id: UuidSchema,
  key_hash: z.string().regex(/^[0-9a-f]{64}$/, "must be a lower-case hex SHA-256 digest"),
  prefix: z.string().min(1),
  created_at: TimestampSchema,
  last_used_at: NullableTimestampSchema,
});

/** A stored API key. */
export type ApiKey = z.infer<typeof ApiKeySchema>;
