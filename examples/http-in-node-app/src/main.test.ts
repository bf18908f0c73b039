import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/*
 * The README starts the example with `npx --yes pnpm@10 --filter … start`: npx, then pnpm, then
 * node. A Ctrl-C in the terminal signals all three (and pnpm passes it on again); a process manager
 * signals the first. Either way the app shuts down, removes its throwaway database, the command
 * exits 0 and pnpm reports no failure.
 */

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));

/** Runs the README's command in a process group of its own; resolves once the app listens. */
async function readmeStart() {
  const child = spawn("npx", ["--yes", "pnpm@10", "--filter", "@bollard/example-http-in-node-app", "start"], {
    cwd: ROOT,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    // No BOLLARD_DB: the database is the throwaway one. PORT 0 picks a free port.
    env: { ...Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== "BOLLARD_DB")), PORT: "0" },
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | string>((resolve) => child.on("exit", (code, signal) => resolve(code ?? signal ?? -1)));
  const listening = /Listening on (http:\/\/\S+): .*\(database (.+)\)/;
  const [, url, database] = await new Promise<RegExpExecArray>((resolve, reject) => {
    const timer = setInterval(() => {
      const found = listening.exec(output);
      if (found) clearInterval(timer), resolve(found);
    }, 100);
    void exited.then(() => (clearInterval(timer), reject(new Error(`exited before listening: ${output}`))));
  });
  return { child, url: url!, database: database!, exited, output: () => output };
}

describe("the README's start command", { timeout: 180_000 }, () => {
  it.each([
    ["SIGINT to the process group, as Ctrl-C in a terminal", "SIGINT", "group"],
    ["SIGTERM to npx, as a process manager", "SIGTERM", "npx"],
  ] as const)("shuts down, removes the throwaway database and exits 0 on %s", async (_, signal, target) => {
    const run = await readmeStart();
    expect(existsSync(run.database), run.output()).toBe(true);
    expect((await fetch(`${run.url}/health`)).status).toBe(200);
    if (target === "group") process.kill(-run.child.pid!, signal);
    else run.child.kill(signal);
    expect(await run.exited, run.output()).toBe(0);
    expect(run.output()).toContain(`${signal}: finishing in-flight requests, then closing the database`);
    expect(run.output()).not.toMatch(/ERR_PNPM|ELIFECYCLE|Command failed/);
    expect(existsSync(dirname(run.database)), run.output()).toBe(false);
    await expect(fetch(`${run.url}/health`)).rejects.toThrow();
  });
});
