import { describe, expect, it } from "vitest";
import { ApiKeySchema } from "./api-key-schema.js";

const accountId = "0190a1b2-c3d4-7e5f-8a6b-000000000001";

describe("ApiKeySchema", () => {
  const key = {
    id: "0190a1b2-c3d4-7e5f-8a6b-500000000000",
    account_id: accountId,
    user_id: "0190a1b2-c3d4-7e5f-8a6b-400000000000",
    key_hash: "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
    prefix: "bl_live_3kF9",
    created_at: "2024-01-02T03:04:05.678Z",
    last_used_at: null,
    revoked_at: "2024-02-01T00:00:00.000Z",
  };

  it("parses a full record", () => {
    expect(ApiKeySchema.parse(key)).toEqual(key);
  });

  it("reads a record written before keys could be revoked as not revoked", () => {
    const { revoked_at: _, ...older } = key;
    expect(ApiKeySchema.parse(older)).toEqual({ ...older, revoked_at: null });
  });

  it("rejects a hash that is not a sha256 hex digest", () => {
    expect(ApiKeySchema.safeParse({ ...key, key_hash: key.key_hash.slice(1) }).success).toBe(false);
    expect(ApiKeySchema.safeParse({ ...key, key_hash: key.key_hash.toUpperCase() }).success).toBe(false);
  });

  it("rejects a non-canonical last_used_at", () => {
    expect(ApiKeySchema.safeParse({ ...key, last_used_at: "yesterday" }).success).toBe(false);
  });
});
