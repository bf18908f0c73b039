import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BOLLARD_ROOT } from "./testing/bollard-process.js";

/*
 * The README starts the server with `npx --yes pnpm@10 -s bollard serve`: npx, then pnpm, then the
 * server. A Ctrl-C in the terminal signals all three; a process manager signals the first. Either
 * way the server stops cleanly, the command exits 0, and nothing is left listening.
 */

const dir = mkdtempSync(join(tmpdir(), "bollard-readme-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the README's serve command in a process group of its own; resolves once it listens. */
async function readmeServe(db: string) {
  const child = spawn("npx", ["--yes", "pnpm@10", "-s", "bollard", "serve", "--db", db, "--port", "0"], { cwd: BOLLARD_ROOT, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | string>((resolve) => child.on("exit", (code, signal) => resolve(code ?? signal ?? -1)));
  const base = await new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const found = /listening on (http:\/\/\S+)\/v2/.exec(output)?.[1];
      if (found) clearInterval(timer), resolve(found);
    }, 100);
    void exited.then(() => (clearInterval(timer), reject(new Error(`exited before listening: ${output}`))));
  });
  return { child, base, exited, output: () => output };
}

describe("the README's serve command", { timeout: 180_000 }, () => {
  it.each([
    ["SIGINT to the process group, as Ctrl-C in a terminal", "SIGINT", "group"],
    ["SIGTERM to npx, as a process manager", "SIGTERM", "npx"],
    ["SIGINT to npx alone", "SIGINT", "npx"],
  ] as const)("stops cleanly and exits 0 on %s", async (_, signal, target) => {
    const run = await readmeServe(join(dir, `${signal}-${target}.sqlite`));
    if (target === "group") process.kill(-run.child.pid!, signal);
    else run.child.kill(signal);
    expect(await run.exited, run.output()).toBe(0);
    expect(run.output()).toContain(`"msg":"stopped"`);
    expect(run.output()).not.toContain("ELIFECYCLE");
    await expect(fetch(`${run.base}/healthz`)).rejects.toThrow();
  });

  it("reports a failing command with its own message and exit code, and no pnpm noise", async () => {
    // As from a terminal: without the npm_* variables of a package runner this suite may run under
    // (npm, which npx is, warns about pnpm's own settings passed that way).
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));
    const child = spawn("npx", ["--yes", "pnpm@10", "-s", "bollard", "keys", "list", "--db", join(dir, "missing.sqlite")], { cwd: BOLLARD_ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    expect(code).toBe(2);
    expect(output.trim().split("\n")).toStrictEqual([expect.stringMatching(/^bollard: There is no database at .*Add --create/)]);
  });
});
