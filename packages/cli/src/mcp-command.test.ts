import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { expectRefused, runBollard } from "./testing/bollard-process.js";

// The MCP protocol itself is tested in packages/mcp (stdio.test.ts spawns `bollard mcp`); here, the command line.
const dir = mkdtempSync(join(tmpdir(), "bollard-mcp-command-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("bollard mcp", () => {
  it("refuses a command line without a key or account, or with both", async () => {
    await expectRefused(["mcp", "--db", join(dir, "x.sqlite")], "mcp needs --key KEY (or BOLLARD_API_KEY), or --account NAME");
    await expectRefused(["mcp", "--db", join(dir, "x.sqlite"), "--key", "bol_x", "--account", "Demo"], "Give --key or --account, not both");
  }, 120_000);

  it("exits 1 with a one-line message for a key or an account the database does not have", async () => {
    const db = join(dir, "demo.sqlite");
    expect((await runBollard(["keys", "create", "--db", db, "--account", "Acme", "--create"])).code).toBe(0);
    const key = await runBollard(["mcp", "--db", db, "--key", "bol_not_a_key"]);
    expect(key.code).toBe(1);
    expect(key.stderr.join("\n")).toContain("The API key is not a key of this database");
    const account = await runBollard(["mcp", "--db", db, "--account", "Nobody"]);
    expect(account.code).toBe(1);
    expect(account.stderr.join("\n")).toContain('There is no account named "Nobody"');
  }, 180_000);
});
