import { expect } from "vitest";
import type { Account, Container, Shipment } from "../domain/index.js";
import { isBollardError, type ErrorCode } from "../errors/index.js";
import type { Page, PageResult, Storage } from "../storage/index.js";
import { makeAccount, makeContainer, makeShipment } from "./fixtures.js";

/** What every contract-*.ts file receives from {@link runStorageContract}. */
export interface ContractContext {
  /** The storage of the running test: fresh, opened before it and closed after it. */
  readonly storage: Storage;
  /** Makes and opens another fresh storage; the caller closes it. */
  fresh(): Promise<Storage>;
  /** Declares one contract test, named after the rule it checks; honours the skip list. */
  test(title: string, fn: () => Promise<void>, timeoutMs?: number): void;
}

/** A canonical timestamp `minutes` after a fixed instant; lets tests state orderings plainly. */
export function at(minutes: number): string {
  return new Date(Date.UTC(2024, 2, 1, 12) + minutes * 60_000).toISOString();
}

/** Asserts that `promise` rejects with a BollardError of `code`. */
export async function expectCode(promise: Promise<unknown>, code: ErrorCode): Promise<void> {
  const error: unknown = await promise.then(
    () => new Error(`expected a rejection with ${code}, but it resolved`),
    (rejection: unknown) => rejection,
  );
  expect(isBollardError(error) ? error.code : error).toBe(code);
}

/** Compares two strings the way the contract orders text (code unit order, like SQL BINARY). */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Checks paging of a listing against its full expected order: every page of size 2 is the matching
 * slice with the full total, the pages together are the whole listing without overlap, and a page
 * past the end is empty with the same total.
 */
export async function expectPaging<T>(fetch: (page: Page) => Promise<PageResult<T>>, expected: readonly T[]): Promise<void> {
  const size = 2;
  const pageCount = Math.ceil(expected.length / size);
  const seen: T[] = [];
  for (let number = 1; number <= pageCount; number += 1) {
    const result = await fetch({ number, size });
    expect(result).toStrictEqual({ items: expected.slice((number - 1) * size, number * size), total: expected.length });
    seen.push(...result.items);
  }
  expect(seen).toStrictEqual([...expected]);
  expect(await fetch({ number: pageCount + 1, size })).toStrictEqual({ items: [], total: expected.length });
  expect(await fetch({ number: 1, size: 100 })).toStrictEqual({ items: [...expected], total: expected.length });
}

/** A page large enough for every listing in the suite. */
export const ALL: Page = { number: 1, size: 100 };

/** Resolves after `ms` milliseconds. */
export const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A promise with its resolve function, to hold a transaction open while a test looks around. */
export function gate(): { promise: Promise<void>; open: () => void } {
  let open = () => {};
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

/** Inserts an account and returns it. */
export async function seedAccount(storage: Storage, overrides: Partial<Account> = {}): Promise<Account> {
  const account = makeAccount(overrides);
  await storage.accounts.insert(account);
  return account;
}

/** Inserts a shipment of the account and returns it. */
export async function seedShipment(storage: Storage, accountId: string, overrides: Partial<Shipment> = {}): Promise<Shipment> {
  const shipment = makeShipment(accountId, overrides);
  await storage.shipments.insert(shipment);
  return shipment;
}

/** Inserts a container of the shipment and returns it. */
export async function seedContainer(storage: Storage, shipment: Shipment, overrides: Partial<Container> = {}): Promise<Container> {
  const container = makeContainer(shipment.account_id, shipment.id, overrides);
  await storage.containers.insert(container);
  return container;
}

/** `count` fresh ids in increasing order (uuidv7), so tests can insert them out of order. */
export function ascendingIds(count: number, mint: () => string): string[] {
  return Array.from({ length: count }, mint).sort(compareText);
}
