import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { CliIo } from "./cli-io.js";
import { runCli } from "./cli.js";
import { runBollard, startBollard } from "./testing/bollard-process.js";

/** Runs the command in-process (for what is only argument handling: help, typos). */
async function inProcess(args: string[]): Promise<{ code: number; stdout: string[]; stderr: string[] }> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const io: CliIo = { out: (line) => stdout.push(...line.split("\n")), err: (line) => stderr.push(line), env: {} };
  return { code: await runCli(args, io), stdout, stderr };
}

const dir = mkdtempSync(join(tmpdir(), "bollard-traps-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs bollard and checks it failed with `code` and one stderr line matching `message`, printing nothing on stdout. */
async function fails(args: string[], code: number, message: RegExp): Promise<void> {
  const result = await runBollard(args);
  expect(result.code, args.join(" ")).toBe(code);
  expect(result.stdout.filter((line) => line !== ""), args.join(" ")).toEqual([]);
  expect(result.stderr.filter((line) => line !== ""), args.join(" ")).toEqual([expect.stringMatching(message)]);
}

describe("bollard's command line", { timeout: 300_000 }, () => {
  it("answers --help for every command and --version with exit 0, a bare bollard with usage and exit 2", async () => {
    const version = await runBollard(["--version"]);
    expect([version.code, version.stdout[0]]).toEqual([0, expect.stringMatching(/^\d+\.\d+\.\d+/)]);
    const help = await runBollard(["serve", "--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout.join("\n")).toMatch(/-p, --port PORT .*\(default 8080; env PORT\)/);
    expect(help.stdout.join("\n")).toMatch(/--no-demo: start empty/);
    expect((await runBollard([])).code).toBe(2);
    const overall = await inProcess(["--help"]);
    expect(overall.code).toBe(0);
    for (const command of ["serve", "keys create", "accounts list", "demo", "migrate-db"]) {
      expect(overall.stdout.join("\n")).toContain(command);
      const own = await inProcess([...command.split(" "), "--help"]);
      expect(own.code, command).toBe(0);
      expect(own.stdout[0], command).toBe(`Usage: bollard ${command} [options]`);
    }
  });

  it("refuses mistakes with one line in the user's terms and exit 2, suggesting what was meant", async () => {
    await fails(["serv"], 2, /^bollard: "serv" is not a bollard command\. Did you mean "serve"\?/);
    const mistakes: [string[], RegExp][] = [
      [["serve", "--prot", "80"], /has no option --prot\. Did you mean --port\?/],
      [["demo", "--db", join(dir, "x.sqlite"), "--seed", "-1"], /--seed must be a whole number from 0 to 999999999, not "-1"/],
      [["keys", "creat"], /"creat" is not one\. Did you mean "create"\?/],
      [["serve", "--port"], /--port needs a value/],
      [["serve", "-p", "99999", "--db", ":memory:"], /--port must be a whole number from 0 to 65535, not "99999"/],
      [["serve", "--demo=yes"], /--demo is a switch and takes no value/],
    ];
    for (const [args, message] of mistakes) {
      const result = await inProcess(args);
      expect([result.code, result.stdout], args.join(" ")).toEqual([2, []]);
      expect(result.stderr, args.join(" ")).toEqual([expect.stringMatching(message)]);
    }
  });

  it("refuses databases that are not there, :memory: outside serve, and other schemes, creating nothing", async () => {
    const real = join(dir, "bollard.sqlite");
    expect((await runBollard(["keys", "create", "--db", real, "--account", "Acme", "--create"])).code).toBe(0);
    await fails(["keys", "create", "--db", join(dir, "bolard.sqlite"), "--account", "Acme"], 2, new RegExp(`There is no database at .*bolard\\.sqlite .* Did you mean ${real.replaceAll(".", "\\.")}\\? Add --create`));
    await fails(["keys", "create", "--db", ":memory:", "--account", "Acme"], 2, /:memory: keeps nothing once this command ends/);
    await fails(["demo", "--db", "relative/path/elsewhere.sqlite"], 2, /There is no database at relative\/path\/elsewhere\.sqlite/);
    await fails(["serve", "--db", "mysql://db.example.com/bollard", "--port", "0"], 2, /mysql:\/\/ is not a database Bollard uses/);
    await fails(["serve", "--db", "postgress://db.example.com/bollard", "--port", "0"], 2, /Did you mean postgres:\/\/\?/);
    await fails(["serve", "--db", join(dir, "no-such-folder", "db.sqlite"), "--port", "0"], 2, /The folder of --db .* does not exist/);
    expect(readdirSync(dir).sort()).toEqual(["bollard.sqlite"]);
  });

  it("refuses a taken port before opening the database or printing a key", async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const { port } = blocker.address() as AddressInfo;
    try {
      const db = join(dir, "never.sqlite");
      await fails(["serve", "--db", db, "--port", String(port)], 1, new RegExp(`Port ${port} on 127\\.0\\.0\\.1 is already in use .*--port`));
      expect(existsSync(db)).toBe(false);
    } finally {
      blocker.close();
    }
  });

  it("says clearly that an account already holds data when the demo is loaded twice", async () => {
    const db = join(dir, "demo-twice.sqlite");
    expect((await runBollard(["demo", "--db", db, "--create"])).code).toBe(0);
    await fails(["demo", "--db", db], 1, /^bollard: The account Demo already holds 24 shipments; load the demo into another account with --account NAME$/);
  });

  it("starts empty with --no-demo, takes a known key from --api-key-file, and reads a config file under the flags", async () => {
    const keyFile = join(dir, "key.txt");
    writeFileSync(keyFile, "ci-known-key-0123456789abcdef\n");
    const config = join(dir, "bollard.config.json");
    writeFileSync(config, JSON.stringify({ port: 1, demo: false, "api-key-file": keyFile, "log-level": "debug" }));
    const server = startBollard(["serve", "--config", config, "--db", join(dir, "empty.sqlite"), "--port", "0"], { PORT: "9", BOLLARD_LOG_LEVEL: "error" });
    try {
      const base = (await server.waitFor(/listening on (http:\/\/[^ ]+)\/v2/))[1]!;
      expect(server.stdout[0]).toBe("Created the empty account Default; its API key is the one given.");
      const list = await fetch(`${base}/v2/shipments`, { headers: { authorization: "Token ci-known-key-0123456789abcdef" } });
      expect(list.status).toBe(200);
      expect(((await list.json()) as { meta: { total: number } }).meta.total).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 100));
      // debug from the file: request lines are logged; the variables the flag and the file override are named.
      expect(server.stderr.some((line) => line.includes('"msg":"request"'))).toBe(true);
      expect(server.stderr.some((line) => line.includes('"variable":"PORT"') && line.includes('"by":"--port"'))).toBe(true);
      expect(server.stderr.some((line) => line.includes('"variable":"BOLLARD_LOG_LEVEL"'))).toBe(true);
    } finally {
      server.child.kill("SIGTERM");
      expect(await server.exited).toBe(0);
    }
    writeFileSync(config, JSON.stringify({ prot: 8080 }));
    await fails(["serve", "--config", config], 2, /unknown option "prot"\. Did you mean "port"\?/);
  });

  it("logs no request lines at the default level", async () => {
    const server = startBollard(["serve", "--db", ":memory:", "--port", "0", "--no-demo"]);
    try {
      const base = (await server.waitFor(/listening on (http:\/\/[^ ]+)\/v2/))[1]!;
      expect((await fetch(`${base}/v2/shipments`)).status).toBe(401);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(server.stderr.filter((line) => line.includes('"msg":"request"'))).toEqual([]);
    } finally {
      server.child.kill("SIGTERM");
      expect(await server.exited).toBe(0);
    }
  });
});
