import { expect } from "vitest";
import { uuidv7 } from "../ids/index.js";
import type { Storage, StorageRepositories } from "../storage/index.js";
import { at, expectCode, seedAccount, type ContractContext } from "./contract-context.js";

interface ScopedRecord {
  id: string;
  account_id: string | null;
  created_at: string;
}

/**
 * The account-scoped repository rules shared by every entity (see the block comment at the top of
 * repositories.ts), described once per repository.
 */
export interface CrudSpec<T extends ScopedRecord> {
  /** The repository's name on {@link StorageRepositories}, used in test titles. */
  name: string;
  /** Stores whatever parents records need in the account and returns a factory of fresh records. */
  setup(storage: Storage, accountId: string): Promise<() => T>;
  insert(repos: StorageRepositories, record: T): Promise<void>;
  get(repos: StorageRepositories, accountId: string, id: string): Promise<T | null>;
  getMany?(repos: StorageRepositories, accountId: string, ids: readonly string[]): Promise<T[]>;
  update?(repos: StorageRepositories, record: T): Promise<void>;
  delete?(repos: StorageRepositories, accountId: string, id: string): Promise<boolean>;
  /** The account's listing that would contain `record` if it were visible to the account. */
  list?(repos: StorageRepositories, accountId: string, record: T): Promise<T[]>;
  /** A different, valid record with the same id, account and creation time (for update). */
  change?(record: T): T;
}

/** Declares the shared account-scoped tests of one repository. */
export function describeCrud<T extends ScopedRecord>(ctx: ContractContext, spec: CrudSpec<T>): void {
  const { name } = spec;

  async function twoAccounts(): Promise<{ accountId: string; make: () => T; otherId: string; makeOther: () => T }> {
    const [a, b] = [await seedAccount(ctx.storage), await seedAccount(ctx.storage)];
    return { accountId: a.id, make: await spec.setup(ctx.storage, a.id), otherId: b.id, makeOther: await spec.setup(ctx.storage, b.id) };
  }

  ctx.test(`${name}.get returns exactly the record insert wrote, and null for an unknown id`, async () => {
    const { accountId, make } = await twoAccounts();
    const record = make();
    await spec.insert(ctx.storage, record);
    expect(await spec.get(ctx.storage, accountId, record.id)).toStrictEqual(record);
    expect(await spec.get(ctx.storage, accountId, uuidv7())).toBeNull();
  });

  ctx.test(`${name}.insert of an existing id rejects with conflict and keeps the stored record`, async () => {
    const { accountId, make } = await twoAccounts();
    const record = make();
    await spec.insert(ctx.storage, record);
    await expectCode(spec.insert(ctx.storage, { ...make(), id: record.id }), "conflict");
    expect(await spec.get(ctx.storage, accountId, record.id)).toStrictEqual(record);
  });

  const readers = ["get", spec.getMany && "getMany", spec.list && "list"].filter(Boolean).join(", ").replace(/, (\w+)$/, " and $1");
  ctx.test(`${name}: a record of another account is invisible to ${readers}`, async () => {
    const { accountId, make, otherId, makeOther } = await twoAccounts();
    const mine = make();
    const theirs = makeOther();
    await spec.insert(ctx.storage, mine);
    await spec.insert(ctx.storage, theirs);
    expect(await spec.get(ctx.storage, accountId, theirs.id)).toBeNull();
    expect(await spec.get(ctx.storage, otherId, mine.id)).toBeNull();
    if (spec.getMany) expect(await spec.getMany(ctx.storage, accountId, [theirs.id, mine.id])).toStrictEqual([mine]);
    if (spec.list) {
      expect(await spec.list(ctx.storage, accountId, mine)).toStrictEqual([mine]);
      expect((await spec.list(ctx.storage, accountId, theirs)).map((r) => r.id)).not.toContain(theirs.id);
      expect(await spec.list(ctx.storage, otherId, theirs)).toStrictEqual([theirs]);
    }
  });

  if (spec.getMany) {
    const getMany = spec.getMany;
    ctx.test(`${name}.getMany keeps the order of the ids asked for and skips unknown ids`, async () => {
      const { accountId, make } = await twoAccounts();
      const [a, b, c] = [make(), make(), make()];
      for (const record of [a, b, c]) await spec.insert(ctx.storage, record);
      expect(await getMany(ctx.storage, accountId, [c.id, uuidv7(), a.id, b.id])).toStrictEqual([c, a, b]);
      expect(await getMany(ctx.storage, accountId, [b.id])).toStrictEqual([b]);
      expect(await getMany(ctx.storage, accountId, [])).toStrictEqual([]);
    });
  }

  if (spec.update && spec.change) {
    const update = spec.update;
    const change = spec.change;
    ctx.test(`${name}.update replaces the whole record`, async () => {
      const { accountId, make } = await twoAccounts();
      const record = make();
      await spec.insert(ctx.storage, record);
      const changed = change(record);
      expect(changed).not.toStrictEqual(record);
      await update(ctx.storage, changed);
      expect(await spec.get(ctx.storage, accountId, record.id)).toStrictEqual(changed);
    });

    ctx.test(`${name}.update never changes created_at`, async () => {
      const { accountId, make } = await twoAccounts();
      const record = make();
      await spec.insert(ctx.storage, record);
      const changed = change(record);
      await update(ctx.storage, { ...changed, created_at: at(-100_000) });
      expect(await spec.get(ctx.storage, accountId, record.id)).toStrictEqual({ ...changed, created_at: record.created_at });
    });

    ctx.test(`${name}.update of a missing record rejects with not_found`, async () => {
      const { accountId, make } = await twoAccounts();
      const record = make();
      await expectCode(update(ctx.storage, record), "not_found");
      expect(await spec.get(ctx.storage, accountId, record.id)).toBeNull();
    });

    ctx.test(`${name}.update of another account's record rejects with not_found and leaves it unchanged`, async () => {
      const { accountId, otherId, makeOther } = await twoAccounts();
      const theirs = makeOther();
      await spec.insert(ctx.storage, theirs);
      await expectCode(update(ctx.storage, { ...change(theirs), account_id: accountId }), "not_found");
      expect(await spec.get(ctx.storage, otherId, theirs.id)).toStrictEqual(theirs);
      expect(await spec.get(ctx.storage, accountId, theirs.id)).toBeNull();
    });
  }

  if (spec.delete) {
    const remove = spec.delete;
    ctx.test(`${name}.delete returns true when it removed a record and false when there was none`, async () => {
      const { accountId, make } = await twoAccounts();
      const [kept, removed] = [make(), make()];
      await spec.insert(ctx.storage, kept);
      await spec.insert(ctx.storage, removed);
      expect(await remove(ctx.storage, accountId, removed.id)).toBe(true);
      expect(await spec.get(ctx.storage, accountId, removed.id)).toBeNull();
      expect(await remove(ctx.storage, accountId, removed.id)).toBe(false);
      expect(await remove(ctx.storage, accountId, uuidv7())).toBe(false);
      expect(await spec.get(ctx.storage, accountId, kept.id)).toStrictEqual(kept);
    });

    ctx.test(`${name}.delete of another account's record returns false and keeps it`, async () => {
      const { accountId, otherId, makeOther } = await twoAccounts();
      const theirs = makeOther();
      await spec.insert(ctx.storage, theirs);
      expect(await remove(ctx.storage, accountId, theirs.id)).toBe(false);
      expect(await spec.get(ctx.storage, otherId, theirs.id)).toStrictEqual(theirs);
    });
  }
}
