import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { get } from "node:http";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root, where benchmark servers are started. */
export const ROOT = fileURLToPath(new URL("../", import.meta.url));

/** What one wrk run measured. */
export interface WrkRun {
  /** Requests per second. */
  rps: number;
  /** Latency percentiles in milliseconds. */
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /** Socket errors plus non-2xx/3xx responses. */
  errors: number;
}

/** Fails with the install hint when wrk is missing. */
export function requireWrk(): void {
  if (spawnSync("wrk", ["--version"]).error) throw new Error("the HTTP benchmarks need wrk: apt-get install wrk");
}

/**
 * Runs wrk pinned to core 1 (the servers run on core 0) against `port` with a Lua script for
 * `seconds`, and parses its figures. `allowErrors` keeps error responses in the figures instead of
 * failing (the mixed workload reports them).
 */
export function wrk(port: number, script: string, options: { connections: number; seconds: number; allowErrors?: boolean }): WrkRun {
  const result = spawnSync("taskset", wrkArguments(port, script, options), { encoding: "utf8" });
  return parseWrk(result.stdout, result.stderr, options);
}

/** {@link wrk} without blocking this process: its event loop goes on while wrk runs (to time other requests meanwhile). */
export function wrkInBackground(port: number, script: string, options: { connections: number; seconds: number; allowErrors?: boolean }): Promise<WrkRun> {
  return new Promise((resolve, reject) => {
    const child = spawn("taskset", wrkArguments(port, script, options));
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
    child.on("error", reject);
    child.on("exit", () => {
      try {
        resolve(parseWrk(out, err, options));
      } catch (error) {
        reject(error);
      }
    });
  });
}

function wrkArguments(port: number, script: string, options: { connections: number; seconds: number }): string[] {
  return ["-c", "1", "wrk", "-t1", `-c${options.connections}`, `-d${options.seconds}s`, "--timeout", "10s", "--latency", "-s", script, `http://127.0.0.1:${port}`];
}

function parseWrk(out: string, stderr: string, options: { allowErrors?: boolean }): WrkRun {
  if (process.env.BENCH_VERBOSE) console.error(out);
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  const latency = (label: string) => {
    const match = new RegExp(`${label}\\s+([\\d.]+)(us|ms|s)\\b`).exec(out);
    if (!match) return Number.NaN;
    return Number(match[1]) * (match[2] === "us" ? 0.001 : match[2] === "s" ? 1000 : 1);
  };
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const errors = non2xx + (socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0);
  const run = { rps, p50: latency(" 50%"), p90: latency(" 90%"), p99: latency(" 99%"), max: Number.NaN, errors };
  const max = /Latency\s+[\d.]+\w+\s+[\d.]+\w+\s+([\d.]+)(us|ms|s)/.exec(out);
  if (max) run.max = Number(max[1]) * (max[2] === "us" ? 0.001 : max[2] === "s" ? 1000 : 1);
  if (!rps || Number.isNaN(run.p99)) throw new Error(`wrk failed: ${out}${stderr}`);
  if (errors > 0 && !options.allowErrors) throw new Error(`wrk saw ${errors} errors:\n${out}`);
  return run;
}

/** A server started for a benchmark, with the port it printed. */
export interface BenchServer {
  child: ChildProcess;
  port: number;
}

/** Starts a server process and resolves once its output matches `ready` (group 1 is the port). */
export function startServer(command: string[], ready: RegExp, env?: NodeJS.ProcessEnv): Promise<BenchServer> {
  return new Promise((resolve, reject) => {
    // BENCH_SERVER_LOG=1 shows the servers' error output (a server that dies mid-run says why).
    const child = spawn(command[0]!, command.slice(1), { cwd: ROOT, stdio: ["ignore", "pipe", process.env.BENCH_SERVER_LOG ? "inherit" : "ignore"], ...(env && { env: { ...process.env, ...env } }) });
    let out = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const match = ready.exec(out);
      if (match) resolve({ child, port: Number(match[1]) });
    });
    child.on("exit", (code) => reject(new Error(`server exited (${code}) before it was ready: ${out}`)));
  });
}

/** Stops benchmark servers and waits for them to exit. */
export async function stopServers(servers: readonly BenchServer[]): Promise<void> {
  await Promise.all(
    servers.map(
      ({ child }) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once("exit", () => resolve());
          child.kill("SIGTERM");
        }),
    ),
  );
}

/**
 * The cores benchmark servers may use (`taskset -c`): core 0 by default, apart from wrk on core 1;
 * `BENCH_SERVER_CORES=0,1` lets a server with a worker thread use both (sharing core 1 with wrk).
 */
export const SERVER_CORES = process.env.BENCH_SERVER_CORES ?? "0";

/** `bollard serve` on {@link SERVER_CORES} from the source of `tree` (this repository by default), against `db`. */
export function bollardCommand(db: string, extra: string[] = [], tree = ROOT): string[] {
  return ["taskset", "-c", SERVER_CORES, process.execPath, "--conditions=bollard-source", "--import", "tsx", join(tree, "packages/cli/src/bin.ts"), "serve", "--db", db, "--port", "0", ...extra];
}

/** The line `bollard serve` prints once it listens; group 1 is the port. */
export const BOLLARD_READY = /listening on http:\/\/[^:]+:(\d+)/;

/**
 * One `/healthz` on a connection of its own, as a load balancer's check makes it, in milliseconds.
 * (A connection kept from earlier requests may have been closed by the server meanwhile.)
 */
export function healthz(port: number): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    get({ host: "127.0.0.1", port, path: "/healthz", agent: false }, (response) => {
      response.resume();
      response.on("end", () => (response.statusCode === 200 ? resolve(performance.now() - started) : reject(new Error(`/healthz answered ${response.statusCode}`))));
    }).on("error", reject);
  });
}
