import { describe, expect, it } from "vitest";
import { UserSchema } from "./user-schema.js";

const accountId = "0190a1b2-c3d4-7e5f-8a6b-000000000001";

describe("UserSchema", () => {
  const user = {
    name: "Dana Ops",
    email: "dana@acme-imports.example",
    role: "editor",
    created_at: "2024-01-02T03:04:05.678Z",
    id: "0190a1b2-c3d4-7e5f-8a6b-400000000000",
    account_id: accountId,
  };

  it("parses a full record and a key-only user", () => {
    expect(UserSchema.parse(user)).toEqual(user);
    expect(UserSchema.safeParse({ ...user, name: null, email: null, role: "viewer" }).success).toBe(true);
  });

  it("rejects an unknown role and a missing account", () => {
    expect(UserSchema.safeParse({ ...user, role: "admin" }).success).toBe(false);
    expect(UserSchema.safeParse({ ...user, account_id: undefined }).success).toBe(false);
  });
});
