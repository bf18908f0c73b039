import { expect } from "vitest";
import { uuidv7 } from "../ids/index.js";
import { ALL, ascendingIds, at, expectCode, expectPaging, seedAccount, type ContractContext } from "./contract-context.js";
import { describeCrud } from "./contract-crud.js";
import { makeParty } from "./fixtures.js";

/** Parties (customers) of an account. */
export function describePartiesContract(ctx: ContractContext): void {
  describeCrud(ctx, {
    name: "parties",
    setup: async (_storage, accountId) => () => makeParty(accountId),
    insert: (repos, party) => repos.parties.insert(party),
    get: (repos, accountId, id) => repos.parties.get(accountId, id),
    update: (repos, party) => repos.parties.update(party),
    list: async (repos, accountId) => (await repos.parties.list(accountId, ALL)).items,
    change: (p) => ({ ...makeParty(p.account_id, { company_name: "Renamed Imports GmbH", updated_at: at(9) }), id: p.id, created_at: p.created_at }),
  });

  ctx.test("parties.list orders by created_at then id, ascending, and pages", async () => {
    const account = await seedAccount(ctx.storage);
    const [id1, id2] = ascendingIds(2, uuidv7);
    const parties = [
      makeParty(account.id, { created_at: at(1) }),
      makeParty(account.id, { id: id1, created_at: at(2) }),
      makeParty(account.id, { id: id2, created_at: at(2) }),
      makeParty(account.id, { created_at: at(3) }),
      makeParty(account.id, { created_at: at(4) }),
    ];
    for (const p of [parties[3], parties[1], parties[4], parties[0], parties[2]]) if (p) await ctx.storage.parties.insert(p);
    expect(await ctx.storage.parties.list(account.id, ALL)).toStrictEqual({ items: parties, total: 5 });
    await expectPaging((page) => ctx.storage.parties.list(account.id, page), parties);
  });

  ctx.test("parties.insert and update with a company_name the account already has reject with conflict; other accounts may share it", async () => {
    const [account, other] = [await seedAccount(ctx.storage), await seedAccount(ctx.storage)];
    const acme = makeParty(account.id, { company_name: "Acme Imports LLC" });
    const globex = makeParty(account.id, { company_name: "Globex" });
    await ctx.storage.parties.insert(acme);
    await ctx.storage.parties.insert(globex);
    const clash = makeParty(account.id, { company_name: "Acme Imports LLC" });
    await expectCode(ctx.storage.parties.insert(clash), "conflict");
    expect(await ctx.storage.parties.get(account.id, clash.id)).toBeNull();
    await expectCode(ctx.storage.parties.update({ ...globex, company_name: "Acme Imports LLC" }), "conflict");
    expect(await ctx.storage.parties.get(account.id, globex.id)).toStrictEqual(globex);
    const elsewhere = makeParty(other.id, { company_name: "Acme Imports LLC" });
    await ctx.storage.parties.insert(elsewhere);
    expect(await ctx.storage.parties.get(other.id, elsewhere.id)).toStrictEqual(elsewhere);
    // Keeping its own name is no clash.
    const renamed = { ...acme, updated_at: at(7) };
    await ctx.storage.parties.update(renamed);
    expect(await ctx.storage.parties.get(account.id, acme.id)).toStrictEqual(renamed);
  });

  ctx.test("parties.findByName returns the account's party with exactly that company_name, or null", async () => {
    const [account, other] = [await seedAccount(ctx.storage), await seedAccount(ctx.storage)];
    const party = makeParty(account.id, { company_name: "Acme Imports LLC" });
    await ctx.storage.parties.insert(party);
    expect(await ctx.storage.parties.findByName(account.id, "Acme Imports LLC")).toStrictEqual(party);
    expect(await ctx.storage.parties.findByName(account.id, "acme imports llc")).toBeNull();
    expect(await ctx.storage.parties.findByName(account.id, "Acme Imports")).toBeNull();
    expect(await ctx.storage.parties.findByName(other.id, "Acme Imports LLC")).toBeNull();
  });
}
