import { BollardError } from "../errors/index.js";
import type { Page } from "../storage/index.js";

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
