import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../../../", import.meta.url));
const BIN = join(ROOT, "packages/cli/src/bin.ts");

/** A `bollard serve` started from source on a temporary SQLite file with the demo data. */
export interface BollardServer {
  /** `http://127.0.0.1:PORT`. */
  base: string;
  /** The Demo account's editor key the server printed. */
  apiKey: string;
  /** The SQLite file it serves (for `cli`, say `keys create --db`). */
  db: string;
  /** The server's stdout and stderr lines so far. */
  output: string[];
  /** Runs `bollard <args>` against the same database (keys create, say) and resolves to its stdout. */
  cli(args: string[]): Promise<string>;
  /** Sends `GET /v2…` with the key and resolves to the parsed body. */
  api<T = any>(path: string, init?: RequestInit): Promise<T>;
  /** Stops the server (SIGTERM to its process group, SIGKILL after 10 s) and deletes the database. */
  stop(): Promise<void>;
}

function run(args: string[], options: { detached?: boolean } = {}): ChildProcessWithoutNullStreams {
  // Its own process group, so stopping it stops everything it started.
  return spawn(process.execPath, ["--conditions=bollard-source", "--import", "tsx", BIN, ...args], { cwd: ROOT, detached: options.detached ?? true, env: { ...process.env, NO_COLOR: "1" } });
}

/** Starts the server on a free port and waits for its key and "listening" line. */
export async function startBollardServer(extraArgs: string[] = []): Promise<BollardServer> {
  const dir = mkdtempSync(join(tmpdir(), "bollard-dashboard-e2e-"));
  const db = join(dir, "bollard.sqlite");
  const child = run(["serve", "--db", db, "--port", "0", ...extraArgs]);
  const output: string[] = [];
  const exited = new Promise<number | string>((resolve) => child.on("exit", (code, signal) => resolve(code ?? signal ?? -1)));
  const ready = new Promise<{ base: string; apiKey: string }>((resolve, reject) => {
    let apiKey = "";
    let buffer = "";
    const timer = setTimeout(() => reject(new Error(`bollard serve did not start in 90 s: ${output.slice(-5).join(" | ")}`)), 90_000);
    child.stdout.on("data", (chunk: Buffer) => {
      buffer += chunk.toString("utf8");
      const lines = buffer.split("\n");
      buffer = lines.pop() ?? "";
      for (const line of lines) {
        output.push(line);
        if (line.startsWith("bol_")) apiKey = line.trim();
        const match = /listening on (http:\/\/\S+)\/v2/.exec(line);
        if (match) {
          clearTimeout(timer);
          resolve({ base: match[1]!, apiKey });
        }
      }
    });
    child.stderr.on("data", (chunk: Buffer) => output.push(...chunk.toString("utf8").split("\n").filter(Boolean)));
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`bollard serve exited (${code}): ${output.slice(-5).join(" | ")}`));
    });
  });
  const { base, apiKey } = await ready;
  return {
    base,
    apiKey,
    db,
    output,
    async cli(args) {
      const process = run(args, { detached: false });
      let stdout = "";
      process.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
      const code = await new Promise<number | null>((resolve) => process.on("exit", resolve));
      if (code !== 0) throw new Error(`bollard ${args.join(" ")} exited ${code}`);
      return stdout;
    },
    async api(path, init = {}) {
      const response = await fetch(`${base}/v2${path}`, { ...init, headers: { Authorization: `Token ${apiKey}`, "Content-Type": "application/json", ...(init.headers as Record<string, string>) } });
      if (!response.ok) throw new Error(`${init.method ?? "GET"} ${path}: ${response.status} ${await response.text()}`);
      return response.status === 204 ? null : response.json();
    },
    async stop() {
      const pid = child.pid!;
      try {
        process.kill(-pid, "SIGTERM");
      } catch {
        // already gone
      }
      const killer = setTimeout(() => {
        try {
          process.kill(-pid, "SIGKILL");
        } catch {
          // gone
        }
      }, 10_000);
      await exited;
      clearTimeout(killer);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const REPOSITORY_ROOT = ROOT;
