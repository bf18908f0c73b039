import { Worker } from "node:worker_threads";
import type { BackgroundPass } from "@bollard/core";
import type { BackgroundSettings } from "./background-loops.js";

/** What the server thread tells the worker thread: stop, finishing the work in flight within `timeoutMs`. */
export type ToWorker = { kind: "stop"; timeoutMs: number };

/** What the worker thread reports. Errors travel as text (their stack): they are only logged. */
export type FromWorker =
  | { kind: "pass"; pass: BackgroundPass }
  | { kind: "error"; loop: "refresh" | "webhooks"; error: string }
  | { kind: "failed"; error: string }
  | { kind: "stopped" };

/** Where the thread's news goes: passes and loop errors as from the loops, and the thread's own ends. */
export interface BackgroundThreadEvents {
  onPass(pass: BackgroundPass): void;
  onError(error: string, loop: "refresh" | "webhooks"): void;
  /** The thread ended without being asked (it could not open the database, or crashed); it restarts after `restartInMs`. */
  onCrash(error: string, restartInMs: number): void;
}

/** The background loops running in a worker thread. */
export interface BackgroundThread {
  /** Stops the loops (work in flight gets `timeoutMs`, then is abandoned and given back) and ends the thread. */
  stop(timeoutMs: number): Promise<void>;
}

/** The first restart waits this long; each crash in a row doubles it, up to `MAX_RESTART_MS`. */
const FIRST_RESTART_MS = 1_000;
const MAX_RESTART_MS = 30_000;
/** A thread that ran this long without crashing starts the next series of restarts from the first delay. */
const HEALTHY_MS = 60_000;

/**
 * Runs the refresh loop and the webhook worker in a worker thread over their own connection to the
 * database, so the server thread's event loop only serves requests. A thread that ends without being
 * asked is started again, after a delay that grows while it keeps failing.
 */
export function startBackgroundThread(settings: BackgroundSettings, events: BackgroundThreadEvents): BackgroundThread {
  let worker: Worker | undefined;
  let stopping = false;
  let restartMs = FIRST_RESTART_MS;
  let restartTimer: NodeJS.Timeout | undefined;

  const start = () => {
    const startedAt = Date.now();
    let lastError = "the thread ended";
    const thread = spawnWorker(settings);
    worker = thread;
    thread.on("message", (message: FromWorker) => {
      if (message.kind === "pass") events.onPass(message.pass);
      else if (message.kind === "error") events.onError(message.error, message.loop);
      else if (message.kind === "failed") lastError = message.error;
    });
    thread.on("error", (error) => (lastError = error.stack ?? error.message));
    thread.on("exit", () => {
      worker = undefined;
      if (stopping) return;
      if (Date.now() - startedAt > HEALTHY_MS) restartMs = FIRST_RESTART_MS;
      events.onCrash(lastError, restartMs);
      restartTimer = setTimeout(start, restartMs);
      restartMs = Math.min(restartMs * 2, MAX_RESTART_MS);
    });
  };
  start();

  return {
    async stop(timeoutMs) {
      stopping = true;
      clearTimeout(restartTimer);
      const thread = worker;
      if (!thread) return;
      const exited = new Promise<void>((resolve) => thread.once("exit", () => resolve()));
      thread.postMessage({ kind: "stop", timeoutMs } satisfies ToWorker);
      // The loops give up their work in flight at timeoutMs and end within a second of that.
      const force = setTimeout(() => void thread.terminate(), timeoutMs + 2_000);
      await exited;
      clearTimeout(force);
    },
  };
}

/**
 * The worker thread, from the built `background-worker.js` next to this file; run from source
 * (`.ts`, under tsx), the thread registers tsx itself first, since Node 20 does not apply the
 * parent's `--import tsx` to a worker's entry.
 */
function spawnWorker(settings: BackgroundSettings): Worker {
  if (!import.meta.url.endsWith(".ts")) return new Worker(new URL("./background-worker.js", import.meta.url), { workerData: settings });
  const tsx = import.meta.resolve("tsx/esm/api");
  const entry = new URL("./background-worker.ts", import.meta.url).href;
  const execArgv = process.execArgv.includes("--conditions=bollard-source") ? process.execArgv : [...process.execArgv, "--conditions=bollard-source"];
  const bootstrap = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(bootstrap, { eval: true, workerData: settings, execArgv });
}
