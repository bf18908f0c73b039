import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { fileURLToPath } from "node:url";
import { expect } from "vitest";

const BIN = fileURLToPath(new URL("../bin.ts", import.meta.url));
const ROOT = fileURLToPath(new URL("../../../../", import.meta.url));

/** A `bollard` process started from source, with its output collected line by line. */
export interface BollardProcess {
  child: ChildProcessWithoutNullStreams;
  stdout: string[];
  stderr: string[];
  /** Resolves with the first stdout line matching `pattern` (rejects after `timeoutMs` or on exit). */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** Resolves with the exit code (or the signal name). */
  exited: Promise<number | string>;
}

/** The command line that runs `bollard <args>` from source (run it in {@link BOLLARD_ROOT}). */
export function bollardCommand(args: string[]): string[] {
  return [process.execPath, "--conditions=bollard-source", "--import", "tsx", BIN, ...args];
}

/** The repository root, where {@link bollardCommand} runs. */
export const BOLLARD_ROOT = ROOT;

/** Starts `bollard <args>` the way `pnpm bollard` does (node with the source condition and tsx). */
export function startBollard(args: string[], env: Record<string, string> = {}): BollardProcess {
  const [command, ...argv] = bollardCommand(args);
  const child = spawn(command!, argv, { cwd: ROOT, env: { ...process.env, ...env } });
  const stdout: string[] = [];
  const stderr: string[] = [];
  const waiters: { pattern: RegExp; resolve: (m: RegExpMatchArray) => void }[] = [];
  const onLines = (sink: string[], check: boolean) => {
    let partial = "";
    return (chunk: Buffer) => {
      const lines = (partial + chunk.toString("utf8")).split("\n");
      partial = lines.pop() ?? "";
      for (const line of lines) {
        sink.push(line);
        if (!check) continue;
        for (const waiter of [...waiters]) {
          const match = line.match(waiter.pattern);
          if (match) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve(match);
          }
        }
      }
    };
  };
  child.stdout.on("data", onLines(stdout, true));
  child.stderr.on("data", onLines(stderr, false));
  const exited = new Promise<number | string>((resolve) => child.on("exit", (code, signal) => resolve(code ?? signal ?? -1)));
  return {
    child,
    stdout,
    stderr,
    exited,
    waitFor(pattern, timeoutMs = 180_000) {
      const already = stdout.map((line) => line.match(pattern)).find(Boolean);
      if (already) return Promise.resolve(already);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`timed out waiting for ${pattern}; stderr: ${stderr.slice(-5).join(" | ")}`)), timeoutMs);
        void exited.then((code) => reject(new Error(`bollard exited (${code}) before ${pattern}; stderr: ${stderr.slice(-5).join(" | ")}`)));
        waiters.push({ pattern, resolve: (match) => (clearTimeout(timer), resolve(match)) });
      });
    },
  };
}

/** True while a process with this id exists. */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Runs `bollard <args>` and checks that it is refused as a usage error: exit code 2, and `message` on stderr. */
export async function expectRefused(args: string[], message: string): Promise<void> {
  const result = await runBollard(args);
  expect(result.code).toBe(2);
  expect(result.stderr.join("\n")).toContain(message);
}

/** Runs `bollard <args>` to completion and returns its exit code and output. */
export async function runBollard(args: string[]): Promise<{ code: number | string; stdout: string[]; stderr: string[] }> {
  const process = startBollard(args);
  const code = await process.exited;
  return { code, stdout: process.stdout, stderr: process.stderr };
}
