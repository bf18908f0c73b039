import { spawn } from "node:child_process";

/** What a finished command printed, and how long it took. */
export interface CommandResult {
  /** Everything written to stdout. */
  stdout: string;
  /** Everything written to stderr. */
  stderr: string;
  /** Wall-clock milliseconds from spawn to exit. */
  ms: number;
}

/**
 * The environment for commands run in the scratch project: this process's, without what pnpm
 * and vitest add (`npm_*` settings, `NODE_OPTIONS`), so npm and node there behave as they would
 * for a user in a fresh shell.
 */
export function cleanEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value === undefined || /^npm_/i.test(name) || name === "NODE_OPTIONS" || name.startsWith("VITEST")) continue;
    env[name] = value;
  }
  return env;
}

/** Runs a command to completion; rejects with its output's tail when it exits non-zero. */
export function runCommand(command: string, args: readonly string[], options: { cwd: string; env?: Record<string, string> }): Promise<CommandResult> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? cleanEnv(), stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    child.on("error", reject);
    child.on("close", (code, signal) => {
      const ms = performance.now() - started;
      if (code === 0) return resolve({ stdout, stderr, ms });
      const tail = `${stdout}\n${stderr}`.trim().split("\n").slice(-30).join("\n");
      reject(new Error(`${command} ${args.join(" ")} exited with ${code ?? signal} after ${Math.round(ms)} ms:\n${tail}`));
    });
  });
}
