import { BollardError } from "../errors/index.js";
import { slicePage, type Page } from "../storage/index.js";
import type { ListResult } from "./read-options.js";

/** The largest page size served; larger requests are capped to it (as the real service's clients expect). */
export const MAX_PAGE_SIZE = 100;

/**
 * Resolves a requested page against a listing's default size: `number` from 1, `size` capped at
 * {@link MAX_PAGE_SIZE}. Non-integers or values below 1 are a 400 on `page.number` or `page.size`.
 */
export function resolvePage(requested: Partial<Page> | undefined, defaultSize: number): Page {
  const number = requested?.number ?? 1;
  const size = requested?.size ?? defaultSize;
  if (!Number.isSafeInteger(number) || number < 1) {
    throw new BollardError("invalid_parameter", "page.number must be a positive integer", { parameter: "page.number" });
  }
  if (!Number.isSafeInteger(size) || size < 1) {
    throw new BollardError("invalid_parameter", "page.size must be a positive integer", { parameter: "page.size" });
  }
  return { number, size: Math.min(size, MAX_PAGE_SIZE) };
}

/** One page of a listing held in memory (the sandbox's faults, snapshots and scenarios), resolved as {@link resolvePage} does. */
export function pageOfList<T>(ordered: readonly T[], requested: Partial<Page> | undefined, defaultSize: number): ListResult<T> {
  const page = resolvePage(requested, defaultSize);
  const { items, total } = slicePage(ordered, page);
  return { data: items, total, page };
}
