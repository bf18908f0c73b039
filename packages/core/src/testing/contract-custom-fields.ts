import { expect } from "vitest";
import type { CustomFieldDefinition } from "../domain/index.js";
import { uuidv7 } from "../ids/index.js";
import type { CustomFieldDefinitionListQuery } from "../storage/index.js";
import { ALL, ascendingIds, at, expectCode, expectPaging, seedAccount, type ContractContext } from "./contract-context.js";
import { describeCrud } from "./contract-crud.js";
import { makeCustomFieldDefinition, makeCustomFieldOption } from "./fixtures.js";

/** Custom field definitions and their options. */
export function describeCustomFieldsContract(ctx: ContractContext): void {
  describeCrud(ctx, {
    name: "customFieldDefinitions",
    setup: async (_storage, accountId) => () => makeCustomFieldDefinition(accountId),
    insert: (repos, definition) => repos.customFieldDefinitions.insert(definition),
    get: (repos, accountId, id) => repos.customFieldDefinitions.get(accountId, id),
    update: (repos, definition) => repos.customFieldDefinitions.update(definition),
    delete: (repos, accountId, id) => repos.customFieldDefinitions.delete(accountId, id),
    list: async (repos, accountId) => (await repos.customFieldDefinitions.list(accountId, { page: ALL })).items,
    change: (d) => ({
      ...makeCustomFieldDefinition(d.account_id ?? uuidv7(), {
        data_type: "number",
        entity_type: "Cargo",
        description: null,
        validation: { min: 0, max: 1000.5 },
        default_value: 12.5,
        default_format: "0.00",
      }),
      id: d.id,
      account_id: d.account_id,
      created_at: d.created_at,
    }),
  });

  async function seedDefinition(accountId: string, overrides: Partial<CustomFieldDefinition> = {}): Promise<CustomFieldDefinition> {
    const definition = makeCustomFieldDefinition(accountId, overrides);
    await ctx.storage.customFieldDefinitions.insert(definition);
    return definition;
  }

  ctx.test("customFieldDefinitions.insert of an api_slug taken in the account rejects with conflict; another account may use it", async () => {
    const [a, b] = [await seedAccount(ctx.storage), await seedAccount(ctx.storage)];
    const definition = await seedDefinition(a.id, { api_slug: "customer_po" });
    const clash = makeCustomFieldDefinition(a.id, { api_slug: "customer_po" });
    await expectCode(ctx.storage.customFieldDefinitions.insert(clash), "conflict");
    expect(await ctx.storage.customFieldDefinitions.get(a.id, clash.id)).toBeNull();
    const elsewhere = await seedDefinition(b.id, { api_slug: "customer_po" });
    expect(await ctx.storage.customFieldDefinitions.getBySlug(a.id, "customer_po")).toStrictEqual(definition);
    expect(await ctx.storage.customFieldDefinitions.getBySlug(b.id, "customer_po")).toStrictEqual(elsewhere);
  });

  ctx.test("customFieldDefinitions.update to an api_slug taken in the account rejects with conflict", async () => {
    const account = await seedAccount(ctx.storage);
    await seedDefinition(account.id, { api_slug: "customer_po" });
    const definition = await seedDefinition(account.id, { api_slug: "priority" });
    await expectCode(ctx.storage.customFieldDefinitions.update({ ...definition, api_slug: "customer_po" }), "conflict");
    expect(await ctx.storage.customFieldDefinitions.get(account.id, definition.id)).toStrictEqual(definition);
  });

  ctx.test("customFieldDefinitions.getBySlug returns the account's definition with that slug, or null", async () => {
    const [a, b] = [await seedAccount(ctx.storage), await seedAccount(ctx.storage)];
    const definition = await seedDefinition(a.id, { api_slug: "customer_po" });
    await seedDefinition(a.id, { api_slug: "customer_po_line" });
    await seedDefinition(b.id, { api_slug: "priority" });
    expect(await ctx.storage.customFieldDefinitions.getBySlug(a.id, "customer_po")).toStrictEqual(definition);
    expect(await ctx.storage.customFieldDefinitions.getBySlug(a.id, "customer")).toBeNull();
    expect(await ctx.storage.customFieldDefinitions.getBySlug(a.id, "priority")).toBeNull();
    expect(await ctx.storage.customFieldDefinitions.getBySlug(b.id, "customer_po")).toBeNull();
  });

  ctx.test("customFieldDefinitions.list orders by created_at then id, ascending, and pages", async () => {
    const account = await seedAccount(ctx.storage);
    const [id1, id2] = ascendingIds(2, uuidv7);
    const definitions = [
      makeCustomFieldDefinition(account.id, { created_at: at(1) }),
      makeCustomFieldDefinition(account.id, { id: id1, created_at: at(2) }),
      makeCustomFieldDefinition(account.id, { id: id2, created_at: at(2) }),
      makeCustomFieldDefinition(account.id, { created_at: at(3) }),
      makeCustomFieldDefinition(account.id, { created_at: at(4) }),
    ];
    for (const d of [definitions[2], definitions[4], definitions[0], definitions[3], definitions[1]]) {
      if (d) await ctx.storage.customFieldDefinitions.insert(d);
    }
    expect(await ctx.storage.customFieldDefinitions.list(account.id, { page: ALL })).toStrictEqual({ items: definitions, total: 5 });
    await expectPaging((page) => ctx.storage.customFieldDefinitions.list(account.id, { page }), definitions);
  });

  ctx.test("customFieldDefinitions.list filters by entityType, dataType and a case-insensitive displayNamePrefix, combined with AND", async () => {
    const account = await seedAccount(ctx.storage);
    const other = await seedAccount(ctx.storage);
    const po = await seedDefinition(account.id, { created_at: at(1), entity_type: "Shipment", data_type: "short_text", display_name: "Customer PO" });
    const ref = await seedDefinition(account.id, { created_at: at(2), entity_type: "Cargo", data_type: "short_text", display_name: "customer reference" });
    const prio = await seedDefinition(account.id, { created_at: at(3), entity_type: "Cargo", data_type: "enum", display_name: "Priority" });
    await seedDefinition(other.id, { entity_type: "Cargo", data_type: "enum", display_name: "Customer PO" });
    const listed = async (filters: Omit<CustomFieldDefinitionListQuery, "page">) =>
      (await ctx.storage.customFieldDefinitions.list(account.id, { page: ALL, ...filters })).items;
    expect(await listed({ entityType: "Cargo" })).toStrictEqual([ref, prio]);
    expect(await listed({ entityType: "Shipment" })).toStrictEqual([po]);
    expect(await listed({ dataType: "short_text" })).toStrictEqual([po, ref]);
    expect(await listed({ dataType: "boolean" })).toStrictEqual([]);
    expect(await listed({ displayNamePrefix: "CUSTOMER" })).toStrictEqual([po, ref]);
    expect(await listed({ displayNamePrefix: "customer p" })).toStrictEqual([po]);
    expect(await listed({ displayNamePrefix: "PO" })).toStrictEqual([]);
    expect(await listed({ displayNamePrefix: "%" })).toStrictEqual([]);
    expect(await listed({ entityType: "Cargo", displayNamePrefix: "cust" })).toStrictEqual([ref]);
    expect(await listed({ entityType: "Cargo", dataType: "enum", displayNamePrefix: "pri" })).toStrictEqual([prio]);
    expect(await ctx.storage.customFieldDefinitions.list(account.id, { page: { number: 2, size: 1 }, entityType: "Cargo" })).toStrictEqual({
      items: [prio],
      total: 2,
    });
  });

  describeCrud(ctx, {
    name: "customFieldOptions",
    setup: async (storage, accountId) => {
      const definition = makeCustomFieldDefinition(accountId, { data_type: "enum" });
      await storage.customFieldDefinitions.insert(definition);
      return () => makeCustomFieldOption(accountId, definition.id);
    },
    insert: (repos, option) => repos.customFieldOptions.insert(option),
    get: (repos, accountId, id) => repos.customFieldOptions.get(accountId, id),
    update: (repos, option) => repos.customFieldOptions.update(option),
    delete: (repos, accountId, id) => repos.customFieldOptions.delete(accountId, id),
    list: async (repos, accountId, option) => (await repos.customFieldOptions.listByDefinition(accountId, option.definition_id)).items,
    change: (o) => ({ ...makeCustomFieldOption(o.account_id, o.definition_id, { position: null }), id: o.id, created_at: o.created_at }),
  });

  async function seedEnum(accountId: string): Promise<string> {
    return (await seedDefinition(accountId, { data_type: "enum" })).id;
  }

  ctx.test("customFieldOptions.insert of a value taken in the definition rejects with conflict; another definition may use it", async () => {
    const account = await seedAccount(ctx.storage);
    const [defA, defB] = [await seedEnum(account.id), await seedEnum(account.id)];
    const option = makeCustomFieldOption(account.id, defA, { value: "high" });
    await ctx.storage.customFieldOptions.insert(option);
    const clash = makeCustomFieldOption(account.id, defA, { value: "high", label: "High again" });
    await expectCode(ctx.storage.customFieldOptions.insert(clash), "conflict");
    expect(await ctx.storage.customFieldOptions.get(account.id, clash.id)).toBeNull();
    const elsewhere = makeCustomFieldOption(account.id, defB, { value: "high" });
    await ctx.storage.customFieldOptions.insert(elsewhere);
    expect(await ctx.storage.customFieldOptions.get(account.id, elsewhere.id)).toStrictEqual(elsewhere);
  });

  ctx.test("customFieldOptions.listByDefinition orders by position ascending with null positions last, then created_at, then id", async () => {
    const account = await seedAccount(ctx.storage);
    const [definitionId, otherId] = [await seedEnum(account.id), await seedEnum(account.id)];
    const [low, high] = ascendingIds(2, uuidv7);
    const option = (position: number | null, created: number, id = uuidv7()) =>
      makeCustomFieldOption(account.id, definitionId, { id, position, created_at: at(created) });
    const expected = [option(-5, 9), option(0, 3), option(2, 1), option(2, 2, low), option(2, 2, high), option(null, 0), option(null, 4)];
    const shuffled = [5, 2, 6, 0, 4, 1, 3].map((i) => expected[i]).flatMap((o) => (o ? [o] : []));
    for (const o of shuffled) await ctx.storage.customFieldOptions.insert(o);
    await ctx.storage.customFieldOptions.insert(makeCustomFieldOption(account.id, otherId, { position: 1 }));
    expect(await ctx.storage.customFieldOptions.listByDefinition(account.id, definitionId)).toStrictEqual({ items: expected, total: 7 });
    await expectPaging((page) => ctx.storage.customFieldOptions.listByDefinition(account.id, definitionId, page), expected);
  });

  ctx.test("customFieldOptions.deleteByDefinition removes every option of the definition and returns how many", async () => {
    const [account, other] = [await seedAccount(ctx.storage), await seedAccount(ctx.storage)];
    const [definitionId, keptId] = [await seedEnum(account.id), await seedEnum(account.id)];
    for (const position of [1, 2, 3]) await ctx.storage.customFieldOptions.insert(makeCustomFieldOption(account.id, definitionId, { position }));
    const kept = makeCustomFieldOption(account.id, keptId);
    await ctx.storage.customFieldOptions.insert(kept);
    expect(await ctx.storage.customFieldOptions.deleteByDefinition(other.id, definitionId)).toBe(0);
    expect((await ctx.storage.customFieldOptions.listByDefinition(account.id, definitionId)).total).toBe(3);
    expect(await ctx.storage.customFieldOptions.deleteByDefinition(account.id, definitionId)).toBe(3);
    expect(await ctx.storage.customFieldOptions.listByDefinition(account.id, definitionId)).toStrictEqual({ items: [], total: 0 });
    expect(await ctx.storage.customFieldOptions.deleteByDefinition(account.id, definitionId)).toBe(0);
    expect(await ctx.storage.customFieldOptions.listByDefinition(account.id, keptId)).toStrictEqual({ items: [kept], total: 1 });
  });
}
