import type { Account } from "@bollard/core";
import type { CliIo } from "./cli-io.js";
import type { ParsedOptions } from "./command-spec.js";
import { existingDatabase, withTracker } from "./keys-command.js";

/** `bollard accounts list`: every account of a database. */
export async function accountsListCommand(options: ParsedOptions, io: CliIo): Promise<number> {
  const db = existingDatabase("accounts list", options, io);
  return withTracker(db, async (tracker) => {
    const accounts: Account[] = [];
    for (let number = 1; ; number++) {
      const page = await tracker.accounts.list({ page: { number, size: 100 } });
      accounts.push(...page.data);
      if (number * 100 >= page.total) break;
    }
    if (options.json) io.out(JSON.stringify(accounts.map(({ id, company_name, created_at }) => ({ id, company_name, created_at }))));
    else for (const account of accounts) io.out(`${account.id}  ${account.created_at}  ${account.company_name}`);
    return 0;
  });
}
