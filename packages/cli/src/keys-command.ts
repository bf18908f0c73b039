import { createTracker } from "@bollard/core";
import { UserRoleSchema } from "@bollard/core/schemas";
import { usageError } from "./cli-error.js";
import type { CliIo } from "./cli-io.js";
import type { ParsedOptions } from "./command-spec.js";
import { checkDatabase, openFailure, openStorage } from "./open-storage.js";

/** The checked `--db` of a command that works on an existing database (never `:memory:`). */
export function existingDatabase(command: string, options: ParsedOptions, io: CliIo): string {
  const db = (options.db as string | undefined) ?? io.env.BOLLARD_DB;
  if (!db) throw usageError(`${command} needs --db PATH (or BOLLARD_DB): the database your server uses`);
  return checkDatabase(db, { option: "--db", allowMemory: false, mustExist: true, create: options.create === true });
}

/** `bollard keys create`: creates the account if needed and a user with the role; prints the key alone on stdout. */
export async function keysCreateCommand(options: ParsedOptions, io: CliIo): Promise<number> {
  const name = (options.account as string | undefined)?.trim();
  if (!name) throw usageError("keys create needs --account NAME");
  const role = UserRoleSchema.safeParse(options.role ?? "editor");
  if (!role.success) throw usageError(`--role must be editor or viewer, not "${String(options.role)}"`);
  const db = existingDatabase("keys create", options, io);
  const tracker = await createTracker({ storage: openStorage(db) }).catch((error: unknown) => {
    throw openFailure(db, error);
  });
  try {
    const { account } = await tracker.accounts.ensure(name);
    const { apiKey } = await tracker.accounts.issueKey(account.id, { role: role.data, name: (options.name as string | undefined) ?? null });
    io.out(apiKey);
    return 0;
  } finally {
    await tracker.close();
  }
}
