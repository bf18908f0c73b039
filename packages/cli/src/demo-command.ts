import { createTracker, generateDemoDataset, type Tracker } from "@bollard/core";
import { CliError, usageError } from "./cli-error.js";
import type { CliIo } from "./cli-io.js";
import type { ParsedOptions } from "./command-spec.js";
import { DEFAULT_DEMO_ACCOUNT } from "./demo-account.js";
import { existingDatabase } from "./keys-command.js";
import { openFailure, openStorage } from "./open-storage.js";

/** Fills an account (created if needed) with the deterministic demo dataset; returns what was written. */
export async function seedDemo(tracker: Tracker, accountName: string, seed: number): Promise<{ accountId: string; shipments: number; containers: number }> {
  const { account } = await tracker.accounts.ensure(accountName);
  const dataset = generateDemoDataset({ seed, accountId: account.id, now: tracker.clock.now() });
  await tracker.accounts.loadDemo(dataset);
  return { accountId: account.id, shipments: dataset.shipments.length, containers: dataset.containers.length };
}

/** `bollard demo`: fills the named account with the demo dataset. */
export async function demoCommand(options: ParsedOptions, io: CliIo): Promise<number> {
  const raw = options.seed as string | undefined;
  const seed = raw === undefined ? 1 : /^\d{1,9}$/.test(raw.trim()) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(seed)) throw usageError(`--seed must be a whole number from 0 to 999999999, not "${raw}"`);
  const name = (options.account as string | undefined)?.trim() || DEFAULT_DEMO_ACCOUNT;
  const db = existingDatabase("demo", options, io);
  const tracker = await createTracker({ storage: openStorage(db) }).catch((error: unknown) => {
    throw openFailure(db, error);
  });
  try {
    const existing = await tracker.accounts.findByName(name);
    if (existing) {
      const held = await tracker.accounts.shipmentCount(existing.id);
      if (held > 0) throw new CliError(`The account ${name} already holds ${held} shipments; load the demo into another account with --account NAME`);
    }
    const result = await seedDemo(tracker, name, seed);
    io.err(`Loaded ${result.shipments} shipments with ${result.containers} containers into account ${name} (seed ${seed}).`);
    return 0;
  } finally {
    await tracker.close();
  }
}
