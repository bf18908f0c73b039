import { expect } from "vitest";
import { uuidv7 } from "../ids/index.js";
import { ALL, ascendingIds, at, expectCode, expectPaging, seedAccount, type ContractContext } from "./contract-context.js";
import { describeCrud } from "./contract-crud.js";
import { makeAccount, makeApiKey, makeUser } from "./fixtures.js";

/** Accounts, users, API keys and the meta store. */
export function describeAccountsContract(ctx: ContractContext): void {
  ctx.test("accounts.get returns exactly the account insert wrote, and null for an unknown id", async () => {
    const account = makeAccount({ company_name: "Ünïcødé Freight 株式会社 🚢" });
    await ctx.storage.accounts.insert(account);
    expect(await ctx.storage.accounts.get(account.id)).toStrictEqual(account);
    expect(await ctx.storage.accounts.get(uuidv7())).toBeNull();
  });

  ctx.test("accounts.insert of an existing id rejects with conflict", async () => {
    const account = await seedAccount(ctx.storage);
    await expectCode(ctx.storage.accounts.insert(makeAccount({ id: account.id })), "conflict");
    expect(await ctx.storage.accounts.get(account.id)).toStrictEqual(account);
  });

  ctx.test("accounts.insert of a taken company_name rejects with conflict", async () => {
    const account = await seedAccount(ctx.storage, { company_name: "Acme Imports" });
    const clash = makeAccount({ company_name: "Acme Imports" });
    await expectCode(ctx.storage.accounts.insert(clash), "conflict");
    expect(await ctx.storage.accounts.get(clash.id)).toBeNull();
    expect(await ctx.storage.accounts.findByName("Acme Imports")).toStrictEqual(account);
  });

  ctx.test("accounts.findByName matches the company name exactly, or returns null", async () => {
    const account = await seedAccount(ctx.storage, { company_name: "Acme Imports" });
    await seedAccount(ctx.storage, { company_name: "Acme Imports West" });
    expect(await ctx.storage.accounts.findByName("Acme Imports")).toStrictEqual(account);
    expect(await ctx.storage.accounts.findByName("acme imports")).toBeNull();
    expect(await ctx.storage.accounts.findByName("Acme")).toBeNull();
    expect(await ctx.storage.accounts.findByName("Nobody")).toBeNull();
  });

  ctx.test("accounts.list orders by created_at then id, ascending", async () => {
    const [id1, id2, id3] = ascendingIds(3, uuidv7);
    const late = makeAccount({ created_at: at(10) });
    const tieA = makeAccount({ id: id1, created_at: at(5) });
    const tieB = makeAccount({ id: id2, created_at: at(5) });
    const early = makeAccount({ id: id3, created_at: at(1) });
    for (const account of [late, tieB, early, tieA]) await ctx.storage.accounts.insert(account);
    expect(await ctx.storage.accounts.list(ALL)).toStrictEqual({ items: [early, tieA, tieB, late], total: 4 });
  });

  ctx.test("accounts.list pages: totals, slices, no overlap, an empty page past the end", async () => {
    const accounts = Array.from({ length: 5 }, (_, i) => makeAccount({ created_at: at(i) }));
    for (const account of [...accounts].reverse()) await ctx.storage.accounts.insert(account);
    await expectPaging((page) => ctx.storage.accounts.list(page), accounts);
  });

  describeCrud(ctx, {
    name: "users",
    setup: async (_storage, accountId) => () => makeUser(accountId),
    insert: (repos, user) => repos.users.insert(user),
    get: (repos, accountId, id) => repos.users.get(accountId, id),
    list: async (repos, accountId) => (await repos.users.list(accountId, ALL)).items,
  });

  ctx.test("users.list orders by created_at then id, ascending, and pages", async () => {
    const account = await seedAccount(ctx.storage);
    const other = await seedAccount(ctx.storage);
    const [id1, id2] = ascendingIds(2, uuidv7);
    const users = [
      makeUser(account.id, { created_at: at(1), name: null, email: null, role: "viewer" }),
      makeUser(account.id, { id: id1, created_at: at(2) }),
      makeUser(account.id, { id: id2, created_at: at(2) }),
      makeUser(account.id, { created_at: at(3) }),
      makeUser(account.id, { created_at: at(4) }),
    ];
    await ctx.storage.users.insert(makeUser(other.id, { created_at: at(0) }));
    for (const user of [users[3], users[2], users[0], users[4], users[1]]) if (user) await ctx.storage.users.insert(user);
    expect(await ctx.storage.users.list(account.id, ALL)).toStrictEqual({ items: users, total: 5 });
    await expectPaging((page) => ctx.storage.users.list(account.id, page), users);
  });

  ctx.test("apiKeys.findByHash finds the key across accounts, or returns null", async () => {
    const [a, b] = [await seedAccount(ctx.storage), await seedAccount(ctx.storage)];
    const keyA = makeApiKey(a.id, uuidv7(), { last_used_at: at(3) });
    const keyB = makeApiKey(b.id, uuidv7());
    await ctx.storage.apiKeys.insert(keyA);
    await ctx.storage.apiKeys.insert(keyB);
    expect(await ctx.storage.apiKeys.findByHash(keyA.key_hash)).toStrictEqual(keyA);
    expect(await ctx.storage.apiKeys.findByHash(keyB.key_hash)).toStrictEqual(keyB);
    expect(await ctx.storage.apiKeys.findByHash("0".repeat(64))).toBeNull();
  });

  ctx.test("apiKeys.insert of an existing id rejects with conflict", async () => {
    const account = await seedAccount(ctx.storage);
    const key = makeApiKey(account.id, uuidv7());
    await ctx.storage.apiKeys.insert(key);
    const clash = makeApiKey(account.id, uuidv7(), { id: key.id });
    await expectCode(ctx.storage.apiKeys.insert(clash), "conflict");
    expect(await ctx.storage.apiKeys.findByHash(clash.key_hash)).toBeNull();
  });

  ctx.test("apiKeys.insert of a taken key_hash rejects with conflict, across accounts", async () => {
    const [a, b] = [await seedAccount(ctx.storage), await seedAccount(ctx.storage)];
    const key = makeApiKey(a.id, uuidv7());
    await ctx.storage.apiKeys.insert(key);
    await expectCode(ctx.storage.apiKeys.insert(makeApiKey(b.id, uuidv7(), { key_hash: key.key_hash })), "conflict");
    expect(await ctx.storage.apiKeys.findByHash(key.key_hash)).toStrictEqual(key);
  });

  ctx.test("apiKeys.get and apiKeys.list: by id (creation order), all accounts or one, revoked keys included", async () => {
    const [a, b] = [await seedAccount(ctx.storage), await seedAccount(ctx.storage)];
    const keys = [makeApiKey(a.id, uuidv7()), makeApiKey(b.id, uuidv7()), makeApiKey(a.id, uuidv7(), { revoked_at: at(2) }), makeApiKey(a.id, uuidv7(), { last_used_at: at(1) })];
    for (const key of [keys[2], keys[0], keys[3], keys[1]]) await ctx.storage.apiKeys.insert(key!);
    expect(await ctx.storage.apiKeys.get(keys[2]!.id)).toStrictEqual(keys[2]);
    expect(await ctx.storage.apiKeys.get(uuidv7())).toBeNull();
    expect(await ctx.storage.apiKeys.get("not-an-id")).toBeNull();
    const ofA = keys.filter((key) => key.account_id === a.id);
    expect(await ctx.storage.apiKeys.list({ accountId: a.id }, ALL)).toStrictEqual({ items: ofA, total: 3 });
    await expectPaging((page) => ctx.storage.apiKeys.list({ accountId: a.id }, page), ofA);
    const all = await ctx.storage.apiKeys.list({}, ALL);
    expect(all.items.filter((key) => keys.some((k) => k.id === key.id))).toStrictEqual(keys);
  });

  ctx.test("apiKeys.recordUse moves last_used_at forward only and changes nothing else", async () => {
    const account = await seedAccount(ctx.storage);
    const key = makeApiKey(account.id, uuidv7());
    await ctx.storage.apiKeys.insert(key);
    await ctx.storage.apiKeys.recordUse(key.id, at(5));
    expect(await ctx.storage.apiKeys.findByHash(key.key_hash)).toStrictEqual({ ...key, last_used_at: at(5) });
    await ctx.storage.apiKeys.recordUse(key.id, at(4));
    expect((await ctx.storage.apiKeys.get(key.id))!.last_used_at).toBe(at(5));
    await ctx.storage.apiKeys.revoke(key.id, at(6));
    await ctx.storage.apiKeys.recordUse(key.id, at(7));
    expect(await ctx.storage.apiKeys.get(key.id)).toStrictEqual({ ...key, last_used_at: at(7), revoked_at: at(6) });
    await ctx.storage.apiKeys.recordUse(uuidv7(), at(7));
  });

  ctx.test("apiKeys.revoke sets revoked_at unless an earlier revocation stands; false for an unknown key", async () => {
    const account = await seedAccount(ctx.storage);
    const key = makeApiKey(account.id, uuidv7(), { last_used_at: at(1) });
    await ctx.storage.apiKeys.insert(key);
    expect(await ctx.storage.apiKeys.revoke(key.id, at(8))).toBe(true);
    expect(await ctx.storage.apiKeys.get(key.id)).toStrictEqual({ ...key, revoked_at: at(8) });
    expect(await ctx.storage.apiKeys.revoke(key.id, at(3))).toBe(true);
    expect((await ctx.storage.apiKeys.get(key.id))!.revoked_at).toBe(at(3));
    expect(await ctx.storage.apiKeys.revoke(key.id, at(9))).toBe(true);
    expect((await ctx.storage.apiKeys.findByHash(key.key_hash))!.revoked_at).toBe(at(3));
    expect(await ctx.storage.apiKeys.revoke(uuidv7(), at(9))).toBe(false);
    expect(await ctx.storage.apiKeys.revoke("not-an-id", at(9))).toBe(false);
  });

  ctx.test("meta.get returns null for a key never set", async () => {
    expect(await ctx.storage.meta.get("reference_version")).toBeNull();
  });

  ctx.test("meta.set stores a value that get returns, and overwrites it on a second set", async () => {
    await ctx.storage.meta.set("reference_version", "2024-06-01");
    await ctx.storage.meta.set("other", "");
    expect(await ctx.storage.meta.get("reference_version")).toBe("2024-06-01");
    await ctx.storage.meta.set("reference_version", "2024-07-15 ✓");
    expect(await ctx.storage.meta.get("reference_version")).toBe("2024-07-15 ✓");
    expect(await ctx.storage.meta.get("other")).toBe("");
  });
}
