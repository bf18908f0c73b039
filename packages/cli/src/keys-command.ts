import { createTracker } from "@bollard/core";
import { UserRoleSchema } from "@bollard/core/schemas";
import { CliError } from "./cli-error.js";
import type { CliIo } from "./cli-io.js";
import { openStorage } from "./open-storage.js";

/** `bollard keys create`: creates the account if needed and a user with the role; prints the key alone on stdout. */
export async function keysCreateCommand(args: Record<string, string | undefined>, io: CliIo): Promise<number> {
  const db = args.db ?? io.env.BOLLARD_DB;
  if (!db) throw new CliError("keys create needs --db PATH");
  const name = args.account?.trim();
  if (!name) throw new CliError("keys create needs --account NAME");
  const role = UserRoleSchema.safeParse(args.role ?? "editor");
  if (!role.success) throw new CliError(`--role must be editor or viewer, not "${args.role}"`);
  const tracker = await createTracker({ storage: openStorage(db) });
  try {
    const { account } = await tracker.accounts.ensure(name);
    const { apiKey } = await tracker.accounts.issueKey(account.id, { role: role.data });
    io.out(apiKey);
    return 0;
  } finally {
    await tracker.close();
  }
}
