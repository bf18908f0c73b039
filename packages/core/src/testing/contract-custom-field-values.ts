import { expect } from "vitest";
import { uuidv7 } from "../ids/index.js";
import type { CustomFieldListQuery } from "../storage/index.js";
import { ALL, ascendingIds, at, expectCode, expectPaging, seedAccount, type ContractContext } from "./contract-context.js";
import { describeCrud } from "./contract-crud.js";
import { makeCustomField, makeCustomFieldDefinition } from "./fixtures.js";

/** Custom field values. */
export function describeCustomFieldValuesContract(ctx: ContractContext): void {
  async function seedDefinition(accountId: string): Promise<string> {
    const definition = makeCustomFieldDefinition(accountId);
    await ctx.storage.customFieldDefinitions.insert(definition);
    return definition.id;
  }

  describeCrud(ctx, {
    name: "customFields",
    setup: async (storage, accountId) => {
      const definition = makeCustomFieldDefinition(accountId);
      await storage.customFieldDefinitions.insert(definition);
      return () => makeCustomField(accountId, definition.id);
    },
    insert: (repos, field) => repos.customFields.insert(field),
    get: (repos, accountId, id) => repos.customFields.get(accountId, id),
    update: (repos, field) => repos.customFields.update(field),
    delete: (repos, accountId, id) => repos.customFields.delete(accountId, id),
    list: async (repos, accountId) => (await repos.customFields.list(accountId, { page: ALL })).items,
    change: (f) => ({
      ...makeCustomField(f.account_id, f.definition_id, {
        entity_type: f.entity_type,
        entity_id: f.entity_id,
        api_slug: f.api_slug,
        value: 12.5,
        display_value: "12.50",
        stored_value: "12.500000",
        updated_by_user_id: uuidv7(),
      }),
      id: f.id,
      created_at: f.created_at,
    }),
  });

  ctx.test("customFields.insert with a taken (entity_type, entity_id, api_slug) rejects with conflict", async () => {
    const account = await seedAccount(ctx.storage);
    const definitionId = await seedDefinition(account.id);
    const entityId = uuidv7();
    const field = makeCustomField(account.id, definitionId, { entity_type: "shipment", entity_id: entityId, api_slug: "customer_po" });
    await ctx.storage.customFields.insert(field);
    const clash = makeCustomField(account.id, definitionId, { entity_type: "shipment", entity_id: entityId, api_slug: "customer_po" });
    await expectCode(ctx.storage.customFields.insert(clash), "conflict");
    expect(await ctx.storage.customFields.get(account.id, clash.id)).toBeNull();
    expect(await ctx.storage.customFields.getByEntitySlug(account.id, "shipment", entityId, "customer_po")).toStrictEqual(field);
  });

  ctx.test("customFields: values differing in entity_type, entity_id or api_slug do not conflict", async () => {
    const account = await seedAccount(ctx.storage);
    const definitionId = await seedDefinition(account.id);
    const entityId = uuidv7();
    const base = { entity_type: "shipment", entity_id: entityId, api_slug: "customer_po" } as const;
    const fields = [
      makeCustomField(account.id, definitionId, base),
      makeCustomField(account.id, definitionId, { ...base, entity_type: "container" }),
      makeCustomField(account.id, definitionId, { ...base, entity_id: uuidv7() }),
      makeCustomField(account.id, definitionId, { ...base, api_slug: "customer_po_2" }),
    ];
    for (const field of fields) await ctx.storage.customFields.insert(field);
    for (const field of fields) expect(await ctx.storage.customFields.get(account.id, field.id)).toStrictEqual(field);
  });

  ctx.test("customFields.getByEntitySlug returns the account's value for that entity and slug, or null", async () => {
    const [account, other] = [await seedAccount(ctx.storage), await seedAccount(ctx.storage)];
    const definitionId = await seedDefinition(account.id);
    const entityId = uuidv7();
    const field = makeCustomField(account.id, definitionId, { entity_type: "container", entity_id: entityId, api_slug: "customer_po", value: null });
    await ctx.storage.customFields.insert(field);
    expect(await ctx.storage.customFields.getByEntitySlug(account.id, "container", entityId, "customer_po")).toStrictEqual(field);
    expect(await ctx.storage.customFields.getByEntitySlug(account.id, "shipment", entityId, "customer_po")).toBeNull();
    expect(await ctx.storage.customFields.getByEntitySlug(account.id, "container", uuidv7(), "customer_po")).toBeNull();
    expect(await ctx.storage.customFields.getByEntitySlug(account.id, "container", entityId, "customer")).toBeNull();
    expect(await ctx.storage.customFields.getByEntitySlug(other.id, "container", entityId, "customer_po")).toBeNull();
  });

  ctx.test("customFields.list orders by created_at then id, ascending, and pages", async () => {
    const account = await seedAccount(ctx.storage);
    const definitionId = await seedDefinition(account.id);
    const [id1, id2] = ascendingIds(2, uuidv7);
    const fields = [
      makeCustomField(account.id, definitionId, { created_at: at(1) }),
      makeCustomField(account.id, definitionId, { id: id1, created_at: at(2), value: ["a", "b"] }),
      makeCustomField(account.id, definitionId, { id: id2, created_at: at(2), value: true }),
      makeCustomField(account.id, definitionId, { created_at: at(3), value: { type: "shipment", id: uuidv7() } }),
      makeCustomField(account.id, definitionId, { created_at: at(4), value: -0.000001 }),
    ];
    for (const f of [fields[3], fields[1], fields[4], fields[0], fields[2]]) if (f) await ctx.storage.customFields.insert(f);
    expect(await ctx.storage.customFields.list(account.id, { page: ALL })).toStrictEqual({ items: fields, total: 5 });
    await expectPaging((page) => ctx.storage.customFields.list(account.id, { page }), fields);
  });

  ctx.test("customFields.list filters by entityType, entityId and definitionId, combined with AND", async () => {
    const [account, other] = [await seedAccount(ctx.storage), await seedAccount(ctx.storage)];
    const [defA, defB] = [await seedDefinition(account.id), await seedDefinition(account.id)];
    const [shipmentId, containerId] = [uuidv7(), uuidv7()];
    const f1 = makeCustomField(account.id, defA, { created_at: at(1), entity_type: "shipment", entity_id: shipmentId });
    const f2 = makeCustomField(account.id, defB, { created_at: at(2), entity_type: "shipment", entity_id: shipmentId, api_slug: "priority" });
    const f3 = makeCustomField(account.id, defA, { created_at: at(3), entity_type: "container", entity_id: containerId });
    const f4 = makeCustomField(account.id, defA, { created_at: at(4), entity_type: "tracking_request", entity_id: uuidv7() });
    for (const f of [f3, f1, f4, f2]) await ctx.storage.customFields.insert(f);
    await ctx.storage.customFields.insert(makeCustomField(other.id, defA, { entity_type: "shipment", entity_id: shipmentId, api_slug: "other" }));
    const listed = async (filters: Omit<CustomFieldListQuery, "page">) => (await ctx.storage.customFields.list(account.id, { page: ALL, ...filters })).items;
    expect(await listed({ entityType: "shipment" })).toStrictEqual([f1, f2]);
    expect(await listed({ entityType: "tracking_request" })).toStrictEqual([f4]);
    expect(await listed({ entityId: containerId })).toStrictEqual([f3]);
    expect(await listed({ definitionId: defA })).toStrictEqual([f1, f3, f4]);
    expect(await listed({ entityType: "shipment", definitionId: defA })).toStrictEqual([f1]);
    expect(await listed({ entityType: "container", entityId: shipmentId })).toStrictEqual([]);
    expect(await listed({ entityType: "shipment", entityId: shipmentId, definitionId: defB })).toStrictEqual([f2]);
    expect(await ctx.storage.customFields.list(account.id, { page: { number: 2, size: 2 }, definitionId: defA })).toStrictEqual({
      items: [f4],
      total: 3,
    });
  });

  ctx.test("customFields.listByEntities returns the values of those records of that type, ordered by created_at then id, skipping unknown ids and other accounts", async () => {
    const [account, other] = [await seedAccount(ctx.storage), await seedAccount(ctx.storage)];
    const [defA, defB] = [await seedDefinition(account.id), await seedDefinition(account.id)];
    const [first, second, third] = [uuidv7(), uuidv7(), uuidv7()];
    const [id1, id2] = ascendingIds(2, uuidv7);
    const f1 = makeCustomField(account.id, defA, { created_at: at(1), entity_type: "container", entity_id: second });
    const f2 = makeCustomField(account.id, defB, { id: id1, created_at: at(2), entity_type: "container", entity_id: first, api_slug: "priority" });
    const f3 = makeCustomField(account.id, defA, { id: id2, created_at: at(2), entity_type: "container", entity_id: first });
    const onShipment = makeCustomField(account.id, defA, { created_at: at(3), entity_type: "shipment", entity_id: first });
    const notAsked = makeCustomField(account.id, defA, { created_at: at(4), entity_type: "container", entity_id: third });
    for (const f of [f3, onShipment, f1, notAsked, f2]) await ctx.storage.customFields.insert(f);
    await ctx.storage.customFields.insert(makeCustomField(other.id, defA, { entity_type: "container", entity_id: first, api_slug: "other" }));
    expect(await ctx.storage.customFields.listByEntities(account.id, "container", [first, second, uuidv7()])).toStrictEqual([f1, f2, f3]);
    expect(await ctx.storage.customFields.listByEntities(account.id, "shipment", [first, second])).toStrictEqual([onShipment]);
    expect(await ctx.storage.customFields.listByEntities(account.id, "tracking_request", [first])).toStrictEqual([]);
    expect(await ctx.storage.customFields.listByEntities(account.id, "container", [])).toStrictEqual([]);
    expect(await ctx.storage.customFields.listByEntities(other.id, "container", [second])).toStrictEqual([]);
  });

  ctx.test("customFields.deleteByDefinition removes every value of the definition and returns how many", async () => {
    const [account, other] = [await seedAccount(ctx.storage), await seedAccount(ctx.storage)];
    const [definitionId, keptId] = [await seedDefinition(account.id), await seedDefinition(account.id)];
    for (let i = 0; i < 3; i += 1) await ctx.storage.customFields.insert(makeCustomField(account.id, definitionId));
    const kept = makeCustomField(account.id, keptId);
    await ctx.storage.customFields.insert(kept);
    expect(await ctx.storage.customFields.deleteByDefinition(other.id, definitionId)).toBe(0);
    expect(await ctx.storage.customFields.deleteByDefinition(account.id, definitionId)).toBe(3);
    expect(await ctx.storage.customFields.list(account.id, { page: ALL, definitionId })).toStrictEqual({ items: [], total: 0 });
    expect(await ctx.storage.customFields.deleteByDefinition(account.id, definitionId)).toBe(0);
    expect(await ctx.storage.customFields.list(account.id, { page: ALL })).toStrictEqual({ items: [kept], total: 1 });
  });
}
