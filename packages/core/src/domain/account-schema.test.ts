import { describe, expect, it } from "vitest";
import { AccountSchema } from "./account-schema.js";

const accountId = "0190a1b2-c3d4-7e5f-8a6b-000000000001";

describe("AccountSchema", () => {
  const account = { company_name: "Acme Imports LLC", id: accountId, created_at: "2024-01-02T03:04:05.678Z" };

  it("parses a full record", () => {
    expect(AccountSchema.parse(account)).toEqual(account);
  });

  it("rejects a blank company name and a missing id", () => {
    expect(AccountSchema.safeParse({ ...account, company_name: "" }).success).toBe(false);
    const { id: _omitted, ...rest } = account;
    expect(AccountSchema.safeParse(rest).success).toBe(false);
  });
});
