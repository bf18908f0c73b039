import { createTracker, generateDemoDataset, loadDemoDataset, type Tracker } from "@bollard/core";
import { CliError } from "./cli-error.js";
import type { CliIo } from "./cli-io.js";
import { openStorage } from "./open-storage.js";

/** The account the demo dataset goes into when none is named. */
export const DEFAULT_DEMO_ACCOUNT = "Demo";

/** Fills an account (created if needed) with the deterministic demo dataset; returns what was written. */
export async function seedDemo(tracker: Tracker, accountName: string, seed: number): Promise<{ accountId: string; shipments: number; containers: number }> {
  const { account } = await tracker.accounts.ensure(accountName);
  const dataset = generateDemoDataset({ seed, accountId: account.id, now: tracker.clock.now() });
  await loadDemoDataset(tracker.storage, dataset);
  return { accountId: account.id, shipments: dataset.shipments.length, containers: dataset.containers.length };
}

/** `bollard demo`: fills the named account with the demo dataset. */
export async function demoCommand(args: Record<string, string | undefined>, io: CliIo): Promise<number> {
  const db = args.db ?? io.env.BOLLARD_DB;
  if (!db) throw new CliError("demo needs --db PATH");
  const seed = args.seed === undefined ? 1 : Number(args.seed);
  if (!Number.isSafeInteger(seed) || seed < 0) throw new CliError(`--seed must be a non-negative integer, not "${args.seed}"`);
  const tracker = await createTracker({ storage: openStorage(db) });
  try {
    const result = await seedDemo(tracker, args.account?.trim() || DEFAULT_DEMO_ACCOUNT, seed);
    io.err(`Loaded ${result.shipments} shipments with ${result.containers} containers into account ${args.account?.trim() || DEFAULT_DEMO_ACCOUNT} (seed ${seed}).`);
    return 0;
  } finally {
    await tracker.close();
  }
}
