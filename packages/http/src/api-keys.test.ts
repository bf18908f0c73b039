import { createTracker, UnauthorizedError } from "@bollard/core";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createHttpApp } from "./app.js";
import { STORAGES } from "./testing/storages.js";
import { trackerStorage } from "@bollard/core/storage";

afterEach(() => vi.useRealTimers());

describe.each(STORAGES)("API keys on %s storage: listed, used, rotated and revoked through tracker.accounts", (_name, makeStorage) => {
  it("revokes at once on this server, rotates with a grace period, records use once an hour, and never lists a secret", async () => {
    const tracker = await createTracker({ storage: makeStorage() });
    const app = createHttpApp(tracker);
    const status = async (key: string) => (await app.request("/v2/shipments", { headers: { authorization: `Token ${key}` } })).status;
    const { account } = await tracker.accounts.ensure("Acme");
    const { apiKey: first } = await tracker.accounts.issueKey(account.id, { role: "viewer", name: "dash" });
    const other = await tracker.accounts.issueKey((await tracker.accounts.ensure("Other")).account.id);

    const [summary] = (await tracker.accounts.listKeys({ accountId: account.id })).data;
    expect(summary).toEqual({
      id: expect.any(String),
      prefix: first.slice(0, summary!.prefix.length),
      account: { id: account.id, company_name: "Acme" },
      user_id: expect.any(String),
      name: "dash",
      role: "viewer",
      created_at: expect.any(String),
      last_used_at: null,
      revoked_at: null,
    });
    expect(JSON.stringify(await tracker.accounts.listKeys())).not.toContain(first.slice(summary!.prefix.length));
    expect((await tracker.accounts.listKeys()).total).toBe(2);

    // Use is recorded to the minute, at most once an hour per server.
    const recordUse = vi.spyOn(trackerStorage(tracker).apiKeys, "recordUse");
    for (let i = 0; i < 5; i++) expect(await status(first)).toBe(200);
    expect(recordUse).toHaveBeenCalledTimes(1);
    expect((await tracker.accounts.getKey(summary!.id))!.last_used_at).toMatch(/:00\.000Z$/);
    const usedAt = Date.now();
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(usedAt + 59 * 60_000);
    expect(await status(first)).toBe(200);
    expect(recordUse).toHaveBeenCalledTimes(1);
    vi.setSystemTime(usedAt + 61 * 60_000);
    expect(await status(first)).toBe(200);
    expect(recordUse).toHaveBeenCalledTimes(2);
    vi.useRealTimers();

    // Rotation with a grace period: the old key works until it ends, the new key at once, same user and role.
    const rotated = await tracker.accounts.rotateKey(summary!.id, { graceSeconds: 60 });
    expect(rotated.user.id).toBe(summary!.user_id);
    expect(rotated.key).toMatchObject({ role: "viewer", user_id: summary!.user_id, revoked_at: null });
    expect(Date.parse(rotated.previous.revoked_at!) - Date.now()).toBeGreaterThan(55_000);
    expect([await status(first), await status(rotated.apiKey)]).toStrictEqual([200, 200]);
    // A revocation before the grace period ends wins over it.
    await tracker.accounts.revokeKey(summary!.id);
    expect(await status(first)).toBe(401);
    await expect(tracker.accounts.authenticate(first)).rejects.toBeInstanceOf(UnauthorizedError);
    await expect(tracker.accounts.rotateKey(summary!.id)).rejects.toMatchObject({ code: "invalid" });

    // Revoking the new key: 401 on the next request, here and for the SDK.
    await tracker.accounts.revokeKey(rotated.key.id);
    expect(await status(rotated.apiKey)).toBe(401);
    expect(await status(other.apiKey)).toBe(200);
    await expect(tracker.accounts.revokeKey("0190a8e5-0000-7000-8000-000000000000")).rejects.toMatchObject({ code: "not_found" });
    await expect(tracker.accounts.rotateKey(rotated.key.id, { graceSeconds: -1 })).rejects.toMatchObject({ code: "out_of_range", path: ["graceSeconds"] });
    const listed = (await tracker.accounts.listKeys({ accountId: account.id })).data;
    expect(listed.map((key) => key.revoked_at !== null)).toStrictEqual([true, true]);
    await tracker.close();
  });

  it("takes Bearer as Token, and an x-account-id naming the key's own account; another account's id is a 403", async () => {
    const tracker = await createTracker({ storage: makeStorage() });
    const app = createHttpApp(tracker);
    const { account, apiKey } = await tracker.accounts.issueKey((await tracker.accounts.ensure("Acme")).account.id);
    const other = (await tracker.accounts.ensure("Other")).account;
    const read = (headers: Record<string, string>) => app.request("/v2/shipments", { headers });
    expect((await read({ authorization: `Bearer ${apiKey}` })).status).toBe(200);
    expect((await read({ authorization: `Bearer ${apiKey}`, "x-account-id": account.id.toUpperCase() })).status).toBe(200);
    const refused = await read({ authorization: `Token ${apiKey}`, "x-account-id": other.id });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { errors: { code: string; detail: string }[] }).errors[0]).toMatchObject({ code: "forbidden", detail: `This API key belongs to account ${account.id}, not to the x-account-id ${other.id}` });
    // No key at all is still a 401, whatever the account header says.
    expect((await read({ "x-account-id": account.id })).status).toBe(401);
    await tracker.close();
  });
});
