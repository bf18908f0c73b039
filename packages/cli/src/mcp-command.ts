import type { Principal, Tracker } from "@bollard/core";
import { createTracker, isBollardError } from "@bollard/core";
import { createMcpServer } from "@bollard/mcp";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { CliError, usageError } from "./cli-error.js";
import type { CliIo } from "./cli-io.js";
import type { ParsedOptions } from "./command-spec.js";
import { existingDatabase } from "./keys-command.js";
import { openFailure, openStorage } from "./open-storage.js";
import { watchStopSignals } from "./stop-signals.js";
import { VERSION } from "./version.js";


/**
 * `bollard mcp`: the MCP server over stdio, acting as an API key's user (`--key`, `BOLLARD_API_KEY`)
 * or as an account's first key's user (`--account`). stdout carries the protocol alone; messages go
 * to stderr. Ends when the client closes stdin, or on SIGINT/SIGTERM.
 */
export async function mcpCommand(options: ParsedOptions, io: CliIo): Promise<number> {
  const key = (options.key as string | undefined) ?? io.env.BOLLARD_API_KEY;
  const accountName = (options.account as string | undefined)?.trim();
  if (options.key !== undefined && accountName) throw usageError("Give --key or --account, not both");
  if (!key && !accountName) throw usageError("mcp needs --key KEY (or BOLLARD_API_KEY), or --account NAME: whom the assistant acts as");
  const sandbox = options.sandbox === true;
  const db = existingDatabase("mcp", options, io);
  const tracker = await createTracker({ storage: openStorage(db), ...(sandbox && { sandbox: {} }) }).catch((error: unknown) => {
    throw openFailure(db, error);
  });
  const signals = watchStopSignals(() => process.exit(130));
  try {
    const principal = await principalOf(tracker, key && !accountName ? { key } : { account: accountName! });
    const server = createMcpServer(tracker, { session: tracker.session(principal), sandbox, version: VERSION });
    const closed = new Promise<void>((resolve) => {
      server.server.onclose = resolve;
      process.stdin.once("end", resolve);
    });
    await server.connect(new StdioServerTransport());
    io.err(`Bollard MCP server on stdio: account ${principal.account.company_name}, ${principal.user.role} key${sandbox ? ", sandbox tools on" : ""}`);
    await Promise.race([closed, signals.received]);
    await server.close();
    return 0;
  } finally {
    signals.stop();
    await tracker.close();
  }
}

/** The principal of a key, or of an account's first key that is not revoked. */
async function principalOf(tracker: Tracker, who: { key: string } | { account: string }): Promise<Principal> {
  if ("key" in who) {
    return tracker.accounts.authenticate(who.key).catch((error: unknown) => {
      if (isBollardError(error) && error.status === 401) throw new CliError("The API key is not a key of this database (bollard keys list shows its keys)");
      throw error;
    });
  }
  const account = await tracker.accounts.findByName(who.account);
  if (!account) throw new CliError(`There is no account named "${who.account}" (bollard accounts list shows them)`);
  const keys = (await tracker.accounts.listKeys({ accountId: account.id, page: { number: 1, size: 100 } })).data.filter((k) => k.revoked_at === null);
  if (keys.length === 0) throw new CliError(`The account ${who.account} has no user to act as: create one with bollard keys create --account "${who.account}"`);
  return tracker.accounts.principal(account.id, keys[0]!.user_id);
}
