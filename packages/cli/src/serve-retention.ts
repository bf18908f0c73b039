import type { OutboxRetentionOptions } from "@bollard/core";
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
