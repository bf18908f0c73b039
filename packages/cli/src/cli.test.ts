import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { CliIo } from "./cli-io.js";
import { runCli } from "./cli.js";

function io(env: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const value: CliIo = { out: (line) => out.push(line), err: (line) => err.push(line), env };
  return { io: value, out, err };
}

const dir = mkdtempSync(join(tmpdir(), "bollard-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the bollard command", () => {
  it("prints only the new API key on stdout for keys create, and lists the account", async () => {
    const db = join(dir, "keys.sqlite");
    const t = io();
    expect(await runCli(["keys", "create", "--db", db, "--account", "Acme", "--role", "viewer", "--create"], t.io)).toBe(0);
    expect(t.out).toHaveLength(1);
    expect(t.out[0]).toMatch(/^bol_[A-Za-z0-9_-]{43}$/);
    const listed = io({ BOLLARD_DB: db });
    expect(await runCli(["accounts", "list", "--json"], listed.io)).toBe(0);
    expect(JSON.parse(listed.out.join("\n"))).toEqual([{ id: expect.any(String), company_name: "Acme", created_at: expect.any(String) }]);
  });

  it("exits 2 with one line on stderr for bad arguments, 1 when the work fails", async () => {
    const db = join(dir, "args.sqlite");
    expect(await runCli(["keys", "create", "--db", db, "--account", "Acme", "--create"], io().io)).toBe(0);
    const usage: string[][] = [
      ["keys", "create", "--db", db],
      ["keys", "create", "--account", "Acme"],
      ["keys", "create", "--db", db, "--account", "Acme", "--role", "admin"],
      ["keys", "rotate"],
      ["demo", "--db", db, "--seed", "x"],
      ["serve", "--port", "99999", "--db", ":memory:"],
      ["serve", "--bogus"],
      ["frobnicate"],
    ];
    for (const args of usage) {
      const t = io();
      expect(await runCli(args, t.io), args.join(" ")).toBe(2);
      expect(t.err, args.join(" ")).toHaveLength(1);
      expect(t.err[0]).toMatch(/^bollard: /);
      expect(t.out).toHaveLength(0);
    }
    const failed = io();
    expect(await runCli(["serve", "--db", "postgres://127.0.0.1:1/db", "--port", "0"], failed.io)).toBe(1);
    expect(failed.err).toStrictEqual([expect.stringMatching(/^bollard: Cannot open the database postgres:\/\/127\.0\.0\.1:1\/db: /)]);
  });

  it("never prints the password of a PostgreSQL URL", async () => {
    const t = io();
    expect(await runCli(["serve", "--db", "postgres://bollard:s3cret@127.0.0.1:1/db", "--port", "0"], t.io)).toBe(1);
    expect(t.err).toStrictEqual([expect.stringMatching(/^bollard: Cannot open the database postgres:\/\/bollard:\*\*\*@127\.0\.0\.1:1\/db: /)]);
    expect(t.err[0]).not.toContain("s3cret");
  });

  it("fills an account with the demo dataset", async () => {
    const t = io();
    expect(await runCli(["demo", "--db", join(dir, "demo.sqlite"), "--seed", "3", "--account", "Tryout", "--create"], t.io)).toBe(0);
    expect(t.err[0]).toMatch(/^Loaded 24 shipments with \d+ containers into account Tryout \(seed 3\)\.$/);
  });

  it("prints usage for help", async () => {
    const t = io();
    expect(await runCli(["help"], t.io)).toBe(0);
    expect(t.out.join("\n")).toMatch(/^  serve +Run the \/v2 API/m);
  });
});
