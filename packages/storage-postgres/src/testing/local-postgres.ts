import { type ChildProcess, execFile, spawn } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import pg from "pg";

const run = promisify(execFile);

/** A throwaway PostgreSQL cluster for tests and benchmarks; see {@link startLocalPostgres}. */
export interface LocalPostgres {
  /** The TCP port it listens on (127.0.0.1). */
  readonly port: number;
  /** A connection URL to `database` (default `postgres`), as the superuser `bollard` (trust auth). */
  url(database?: string): string;
  /** Creates an empty database with a fresh name and returns its URL. */
  createDatabase(): Promise<string>;
  /** Stops the server (fast shutdown) and deletes its files. Idempotent. */
  stop(): Promise<void>;
}

/** Where the server binaries are, or why there are none. */
export type PostgresBinaries =
  | {
      /** Both binaries were found. */
      found: true;
      /** The directory holding `initdb` and `postgres`. */
      bin: string;
    }
  | {
      /** They were not found. */
      found: false;
      /** Where they were looked for, for error and skip messages. */
      reason: string;
    };

/**
 * Finds `initdb` and `postgres`: `$BOLLARD_PG_BIN`, then the newest `/usr/lib/postgresql/N/bin`
 * (Debian's layout, which does not put the server on PATH), then PATH.
 */
export function findPostgresBinaries(): PostgresBinaries {
  const has = (dir: string) => existsSync(join(dir, "initdb")) && existsSync(join(dir, "postgres"));
  const fromEnv = process.env.BOLLARD_PG_BIN;
  if (fromEnv) return has(fromEnv) ? { found: true, bin: fromEnv } : { found: false, reason: `BOLLARD_PG_BIN=${fromEnv} has no initdb and postgres` };
  const debian = "/usr/lib/postgresql";
  const versions = existsSync(debian) ? readdirSync(debian).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) if (has(join(debian, version, "bin"))) return { found: true, bin: join(debian, version, "bin") };
  for (const dir of (process.env.PATH ?? "").split(":")) if (dir && has(dir)) return { found: true, bin: dir };
  return { found: false, reason: "the PostgreSQL server binaries (initdb, postgres) are not installed; apt-get install postgresql" };
}

/** A port nothing listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/** The user the server runs as: PostgreSQL refuses to run as root, so root runs it as `postgres`. */
async function serverUser(): Promise<{ uid: number; gid: number } | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const id = async (flag: string) => Number((await run("id", [flag, "postgres"])).stdout.trim());
  try {
    return { uid: await id("-u"), gid: await id("-g") };
  } catch {
    await run("useradd", ["--system", "--no-create-home", "--shell", "/usr/sbin/nologin", "postgres"]);
    return { uid: await id("-u"), gid: await id("-g") };
  }
}

async function waitUntilReady(url: string, server: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`postgres exited with ${server.exitCode}:\n${log()}`);
    const client = new pg.Client({ connectionString: url });
    client.on("error", () => undefined);
    try {
      await client.connect();
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => undefined);
      if (Date.now() > deadline) throw new Error(`postgres did not accept connections within 30 s: ${(error as Error).message}\n${log()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/**
 * Starts a throwaway PostgreSQL cluster: `initdb` into a fresh temporary folder, then `postgres`
 * on a free port of 127.0.0.1 (socket in the same folder), tuned for tests (fsync off: the data
 * is thrown away). As root it runs the server as the `postgres` system user (created if missing).
 * Throws when the binaries are missing; see {@link findPostgresBinaries}.
 *
 * @example
 * const cluster = await startLocalPostgres();
 * const storage = postgresStorage({ connectionString: await cluster.createDatabase() });
 * // …
 * await cluster.stop();
 */
export async function startLocalPostgres(): Promise<LocalPostgres> {
  const binaries = findPostgresBinaries();
  if (!binaries.found) throw new Error(`Cannot start PostgreSQL: ${binaries.reason}`);
  const user = await serverUser();
  const dir = mkdtempSync(join(tmpdir(), "bollard-pg-"));
  if (user) chownSync(dir, user.uid, user.gid);
  const data = join(dir, "data");
  const asUser = user ? { uid: user.uid, gid: user.gid } : {};
  await run(join(binaries.bin, "initdb"), ["-D", data, "-U", "bollard", "--auth=trust", "-E", "UTF8", "--no-locale", "--no-sync", "--no-instructions"], { ...asUser, cwd: dir });
  const port = await freePort();
  const settings = ["listen_addresses=127.0.0.1", "fsync=off", "synchronous_commit=off", "full_page_writes=off", "max_connections=300", "log_min_messages=warning"];
  const server = spawn(join(binaries.bin, "postgres"), ["-D", data, "-k", dir, "-p", String(port), ...settings.flatMap((s) => ["-c", s])], { ...asUser, cwd: dir, stdio: ["ignore", "ignore", "pipe"] });
  let log = "";
  server.stderr?.on("data", (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => server.once("exit", () => resolve()));
  const url = (database = "postgres") => `postgres://bollard@127.0.0.1:${port}/${database}`;
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      if (server.exitCode === null) server.kill("SIGINT");
      await exited;
      rmSync(dir, { recursive: true, force: true });
    })());
  try {
    await waitUntilReady(url(), server, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  let databases = 0;
  return {
    port,
    url,
    async createDatabase() {
      const name = `bollard_${process.pid}_${++databases}`;
      const client = new pg.Client({ connectionString: url() });
      await client.connect();
      try {
        await client.query(`create database ${name}`);
      } finally {
        await client.end();
      }
      return url(name);
    },
    stop,
  };
}
