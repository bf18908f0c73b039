import { createTracker, type KeySummary, type Tracker } from "@bollard/core";
import { UserRoleSchema } from "@bollard/core/schemas";
import { CliError, usageError } from "./cli-error.js";
import type { CliIo } from "./cli-io.js";
import type { ParsedOptions } from "./command-spec.js";
import { checkDatabase, openFailure, openStorage } from "./open-storage.js";

/** The checked `--db` of a command that works on an existing database (never `:memory:`). */
export function existingDatabase(command: string, options: ParsedOptions, io: CliIo): string {
  const db = (options.db as string | undefined) ?? io.env.BOLLARD_DB;
  if (!db) throw usageError(`${command} needs --db PATH (or BOLLARD_DB): the database your server uses`);
  return checkDatabase(db, { option: "--db", allowMemory: false, mustExist: true, create: options.create === true });
}

/** Runs `work` with a tracker over the database (no background loops), closing it afterwards. */
export async function withTracker<T>(db: string, work: (tracker: Tracker) => Promise<T>): Promise<T> {
  const tracker = await createTracker({ storage: openStorage(db) }).catch((error: unknown) => {
    throw openFailure(db, error);
  });
  try {
    return await work(tracker);
  } finally {
    await tracker.close();
  }
}

/** `bollard keys create`: creates the account if needed and a user with the role; prints the key alone on stdout. */
export async function keysCreateCommand(options: ParsedOptions, io: CliIo): Promise<number> {
  const name = (options.account as string | undefined)?.trim();
  if (!name) throw usageError("keys create needs --account NAME");
  const role = UserRoleSchema.safeParse(options.role ?? "editor");
  if (!role.success) throw usageError(`--role must be editor or viewer, not "${String(options.role)}"`);
  const db = existingDatabase("keys create", options, io);
  return withTracker(db, async (tracker) => {
    const { account } = await tracker.accounts.ensure(name);
    const { apiKey } = await tracker.accounts.issueKey(account.id, { role: role.data, name: (options.name as string | undefined) ?? null });
    io.out(apiKey);
    return 0;
  });
}

/** `bollard keys list`: every key (or one account's), never a secret. */
export async function keysListCommand(options: ParsedOptions, io: CliIo): Promise<number> {
  const db = existingDatabase("keys list", options, io);
  return withTracker(db, async (tracker) => {
    const accountName = (options.account as string | undefined)?.trim();
    let accountId: string | undefined;
    if (accountName !== undefined) {
      const account = await tracker.accounts.findByName(accountName);
      if (!account) throw new CliError(`There is no account named "${accountName}" (bollard accounts list shows them)`);
      accountId = account.id;
    }
    const keys: KeySummary[] = [];
    for (let number = 1; ; number++) {
      const page = await tracker.accounts.listKeys({ ...(accountId !== undefined && { accountId }), page: { number, size: 100 } });
      keys.push(...page.data);
      if (number * 100 >= page.total) break;
    }
    if (options.json) io.out(JSON.stringify(keys.map(keyJson)));
    else for (const key of keys) io.out(keyLine(key));
    return 0;
  });
}

/** `bollard keys revoke ID`: the key stops working on every server sharing the database. */
export async function keysRevokeCommand(options: ParsedOptions, io: CliIo): Promise<number> {
  const id = options.id as string;
  const db = existingDatabase("keys revoke", options, io);
  return withTracker(db, async (tracker) => {
    if (!(await tracker.accounts.getKey(id))) throw new CliError(`There is no API key ${id} in this database (bollard keys list shows them)`);
    const key = await tracker.accounts.revokeKey(id);
    io.err(`Revoked ${key.prefix}… (${key.account.company_name}, ${key.role}) as of ${key.revoked_at}.`);
    return 0;
  });
}

/** `bollard keys rotate ID [--grace SECONDS]`: a new key for the same user on stdout; the old one revoked after the grace period. */
export async function keysRotateCommand(options: ParsedOptions, io: CliIo): Promise<number> {
  const id = options.id as string;
  const grace = options.grace === undefined ? 0 : Number(options.grace);
  if (!Number.isInteger(grace) || grace < 0 || grace > 2_592_000) throw usageError(`--grace must be a whole number of seconds from 0 to 2592000 (30 days), not "${String(options.grace)}"`);
  const db = existingDatabase("keys rotate", options, io);
  return withTracker(db, async (tracker) => {
    const old = await tracker.accounts.getKey(id);
    if (!old) throw new CliError(`There is no API key ${id} in this database (bollard keys list shows them)`);
    if (old.revoked_at !== null && old.revoked_at <= new Date().toISOString()) throw new CliError(`The API key ${id} was revoked at ${old.revoked_at}; create a new one with bollard keys create`);
    const rotated = await tracker.accounts.rotateKey(id, { graceSeconds: grace });
    io.out(rotated.apiKey);
    io.err(`New key ${rotated.key.id} (${rotated.key.prefix}…). The old key ${rotated.previous.prefix}… stops working at ${rotated.previous.revoked_at}.`);
    return 0;
  });
}

/** The JSON of a key in `keys list --json`. */
function keyJson(key: KeySummary) {
  return { id: key.id, prefix: key.prefix, account: key.account.company_name, account_id: key.account.id, role: key.role, name: key.name, created_at: key.created_at, last_used_at: key.last_used_at, revoked_at: key.revoked_at };
}

/** One line of `keys list`. */
function keyLine(key: KeySummary): string {
  const state = key.revoked_at === null ? "active" : key.revoked_at > new Date().toISOString() ? `revoked from ${key.revoked_at}` : `revoked ${key.revoked_at}`;
  return [key.id, `${key.prefix}…`, key.role.padEnd(6), `created ${key.created_at}`, `last used ${key.last_used_at ?? "never"}`, state, key.account.company_name].join("  ");
}
