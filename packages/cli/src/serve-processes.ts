import cluster, { type Worker } from "node:cluster";
import { CliError } from "./cli-error.js";
import { RequestTally, type TalliedRequest, type TallyRow } from "./request-tally.js";
import type { ServerLog } from "./server-log.js";

/*
 * `bollard serve --processes N` (N = 1 by default on a SQLite file or PostgreSQL; 0 serves the API
 * from the first process): the first process (the primary) opens the database, holds the
 * SQLite server lease, creates the first account and runs the background work. It starts N API
 * processes with Node's cluster module as soon as it has tried the port, so they load their code
 * while it opens the database; each asks before opening the database itself and is let go once
 * the primary has migrated it and created the first account. Each runs `bollard serve` again as an
 * API process (`isApiProcess()`): its own connection to the database, no lease, no background
 * work, listening on the port the primary hands out (the same one for all, even for --port 0);
 * the primary spreads connections over them.
 */

/** What an API process tells the primary once it listens. */
interface ListeningMessage {
  kind: "bollard-listening";
  address: string;
}

/** What an API process asks before it opens the database; the primary answers {@link OpenMessage} once it may. */
interface MayOpenMessage {
  kind: "bollard-may-open";
}

/** The primary's answer: the database is migrated and has its first account. */
interface OpenMessage {
  kind: "bollard-open";
}

/** What an API process sends the primary: the requests it answered since the last report, tallied. */
interface RequestsMessage {
  kind: "bollard-requests";
  rows: TallyRow[];
}

/** How often an API process reports the requests it answered (a tally, not a message per request). */
const REPORT_EVERY_MS = 250;

/** Where an API process reports its requests for the primary's `/metrics` (see {@link requestReports}). */
export interface RequestReports {
  /** Counts one request's log entry for the next report (as `ServerMetrics.request` would count it). */
  request(entry: TalliedRequest): void;
  /** Sends what is counted now; resolves once it was handed to the primary (or there is no primary). */
  flush(): Promise<void>;
}

/**
 * The requests of an API process, tallied and reported to the primary every {@link REPORT_EVERY_MS},
 * so the primary's `/metrics` counts the requests of every API process.
 */
export function requestReports(): RequestReports {
  const tally = new RequestTally();
  const flush = () =>
    new Promise<void>((resolve) => {
      // With no primary to take them (it ended), they are dropped rather than kept forever.
      const rows = tally.take();
      if (rows.length === 0 || !process.connected || !process.send) return resolve();
      process.send({ kind: "bollard-requests", rows } satisfies RequestsMessage, undefined, {}, () => resolve());
    });
  setInterval(() => void flush(), REPORT_EVERY_MS).unref();
  return { request: (entry) => tally.add(entry), flush };
}

/** True in a process the primary started to serve the API. */
export function isApiProcess(): boolean {
  return cluster.isWorker;
}

/** An API process's report that it listens (serve calls it after binding). */
export function reportListening(address: string): void {
  process.send?.({ kind: "bollard-listening", address } satisfies ListeningMessage);
}

/**
 * In an API process, resolves once the primary lets it open the database (it asks, then waits).
 * Should the primary end first, the cluster module ends this process.
 */
export function primaryLetsOpen(): Promise<void> {
  return new Promise((resolve) => {
    const onMessage = (message: OpenMessage | undefined) => {
      if (message?.kind !== "bollard-open") return;
      process.off("message", onMessage);
      resolve();
    };
    process.on("message", onMessage);
    process.send?.({ kind: "bollard-may-open" } satisfies MayOpenMessage);
  });
}

/** Ends an API process's channel to its primary once it has stopped, so the process can exit. */
export function leaveCluster(): void {
  if (cluster.isWorker && process.connected) process.disconnect();
}

/** The API processes of a primary. */
export interface ApiProcesses {
  /** `host:port` they listen on. */
  address: string;
  /** Their process ids. */
  pids: number[];
}

/** API processes started early: loading their code, each waiting for {@link StartingApiProcesses.open}. */
export interface StartingApiProcesses {
  /**
   * Lets every one open the database (and any started later, at once); resolves once every one
   * listens, rejects when one exits first. `onRequests` gets the requests they report answering,
   * tallied (for the metrics).
   */
  open(onRequests: (rows: TallyRow[]) => void): Promise<ApiProcesses>;
  /**
   * Stops them and waits for them to exit: SIGTERM, so each finishes its requests in flight within
   * its shutdown timeout; SIGKILL before {@link StartingApiProcesses.open}.
   */
  stop(timeoutMs: number): Promise<void>;
}

/**
 * Starts `count` API processes now; they open the database once {@link StartingApiProcesses.open}
 * is called. Later, an API process that exits unasked is logged and replaced.
 */
export function startApiProcesses(count: number, log: ServerLog): StartingApiProcesses {
  let stopping = false;
  let mayOpen = false;
  let onRequests: (rows: TallyRow[]) => void = () => {};
  const waiting = new Set<Worker>();
  const workers = new Set<Worker>();
  const fork = () =>
    new Promise<{ worker: Worker; address: string }>((resolve, reject) => {
      const worker = cluster.fork();
      workers.add(worker);
      let listening = false;
      worker.on("message", (message: ListeningMessage | RequestsMessage | MayOpenMessage) => {
        if (message?.kind === "bollard-requests") return onRequests(message.rows);
        if (message?.kind === "bollard-may-open") return mayOpen ? worker.send({ kind: "bollard-open" } satisfies OpenMessage) : void waiting.add(worker);
        if (message?.kind !== "bollard-listening") return;
        listening = true;
        resolve({ worker, address: message.address });
      });
      worker.once("exit", (code, signal) => {
        workers.delete(worker);
        waiting.delete(worker);
        if (!listening) return reject(new CliError(`An API process (${worker.process.pid}) exited (${signal ?? code}) before it listened; its error is above`));
        if (stopping) return;
        log.write({ level: "error", msg: "API process ended; starting another", pid: worker.process.pid, code, signal });
        void fork().catch(() => {});
      });
    });
  const started = Promise.all(Array.from({ length: count }, fork));
  started.catch(() => {}); // seen by open(); a primary that fails before it opens stops them instead
  return {
    async open(reported) {
      onRequests = reported;
      mayOpen = true;
      for (const worker of waiting) worker.send({ kind: "bollard-open" } satisfies OpenMessage);
      waiting.clear();
      try {
        const listening = await started;
        return { address: listening[0]!.address, pids: listening.map(({ worker }) => worker.process.pid!) };
      } catch (error) {
        stopping = true;
        for (const worker of workers) worker.process.kill("SIGKILL");
        throw error;
      }
    },
    async stop(timeoutMs) {
      stopping = true;
      // Not yet let open the database, they hold nothing and have no requests to finish.
      if (!mayOpen) for (const worker of workers) worker.process.kill("SIGKILL");
      await Promise.all(
        [...workers].map(
          (worker) =>
            new Promise<void>((resolve) => {
              if (worker.isDead()) return resolve();
              const force = setTimeout(() => worker.process.kill("SIGKILL"), timeoutMs + 2_000);
              worker.once("exit", () => (clearTimeout(force), resolve()));
              worker.process.kill("SIGTERM");
            }),
        ),
      );
    },
  };
}
