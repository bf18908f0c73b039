import type { OutboxRetentionOptions, PositionRetentionOptions } from "@bollard/core";
import { usageError } from "./cli-error.js";

/** Days in milliseconds. */
const DAY_MS = 86_400_000;

/**
 * The outbox retention of `bollard serve --webhook-retention-days N`: delivered webhook
 * notifications older than N days (a positive number; fractions allowed) are pruned with their
 * attempts. Without the flag, core's default (30 days) applies.
 */
export function parseRetentionDays(value: string | number | undefined): OutboxRetentionOptions {
  if (value === undefined) return {};
  const days = Number(value);
  if (!Number.isFinite(days) || days <= 0 || days > 36_500) throw usageError(`--webhook-retention-days must be a positive number of days, not "${value}"`);
  return { deliveredMaxAgeMs: Math.round(days * DAY_MS) };
}

/**
 * The position retention of `bollard serve --position-full-resolution-days N`: vessel positions
 * older than N days (a positive number; fractions allowed) are thinned to one per 10 minutes,
 * turns kept. Without the flag, core's default (7 days) applies.
 */
export function parsePositionRetentionDays(value: string | number | undefined): PositionRetentionOptions {
  if (value === undefined) return {};
  const days = Number(value);
  if (!Number.isFinite(days) || days <= 0 || days > 36_500) throw usageError(`--position-full-resolution-days must be a positive number of days, not "${value}"`);
  return { fullResolutionMs: Math.round(days * DAY_MS) };
}
