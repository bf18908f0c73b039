import { describe, expect, it } from "vitest";
import type { CliIo } from "./cli-io.js";
import { runCli } from "./cli.js";

function io(env: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const value: CliIo = { out: (line) => out.push(line), err: (line) => err.push(line), env };
  return { io: value, out, err };
}

describe("the bollard command", () => {
  it("prints only the new API key on stdout for keys create", async () => {
    const t = io();
    expect(await runCli(["keys", "create", "--db", ":memory:", "--account", "Acme", "--role", "viewer"], t.io)).toBe(0);
    expect(t.out).toHaveLength(1);
    expect(t.out[0]).toMatch(/^bol_[A-Za-z0-9_-]{43}$/);
  });

  it("exits 1 with one line on stderr for bad arguments", async () => {
    const cases: string[][] = [
      ["keys", "create", "--db", ":memory:"],
      ["keys", "create", "--account", "Acme"],
      ["keys", "create", "--db", ":memory:", "--account", "Acme", "--role", "admin"],
      ["keys", "rotate"],
      ["demo", "--db", ":memory:", "--seed", "x"],
      ["serve", "--port", "99999", "--db", ":memory:"],
      ["serve", "--bogus"],
      ["frobnicate"],
      ["serve", "--db", "postgres://127.0.0.1:1/db"],
    ];
    for (const args of cases) {
      const t = io();
      expect(await runCli(args, t.io), args.join(" ")).toBe(1);
      expect(t.err, args.join(" ")).toHaveLength(1);
      expect(t.err[0]).toMatch(/^bollard: /);
      expect(t.out).toHaveLength(0);
    }
  });

  it("never prints the password of a PostgreSQL URL", async () => {
    const t = io();
    expect(await runCli(["serve", "--db", "postgres://bollard:s3cret@127.0.0.1:1/db", "--port", "0"], t.io)).toBe(1);
    expect(t.err).toStrictEqual([expect.stringMatching(/^bollard: Cannot open the database postgres:\/\/bollard:\*\*\*@127\.0\.0\.1:1\/db: /)]);
    expect(t.err[0]).not.toContain("s3cret");
  });

  it("fills an account with the demo dataset", async () => {
    const t = io();
    expect(await runCli(["demo", "--db", ":memory:", "--seed", "3", "--account", "Tryout"], t.io)).toBe(0);
    expect(t.err[0]).toMatch(/^Loaded 24 shipments with \d+ containers into account Tryout \(seed 3\)\.$/);
  });

  it("prints usage for help", async () => {
    const t = io();
    expect(await runCli(["help"], t.io)).toBe(0);
    expect(t.out[0]).toContain("bollard serve");
  });
});
