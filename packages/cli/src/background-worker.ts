/*
 * The worker thread `bollard serve` runs its background loops in (see background-thread.ts): it
 * opens the database itself, runs the refresh loop and the webhook worker, reports each pass and
 * error to the server thread, and stops when told to, finishing the work in flight.
 */
import { parentPort, workerData } from "node:worker_threads";
import type { Tracker } from "@bollard/core";
import { describeError as describe, runLoops, type BackgroundSettings } from "./background-loops.js";
import type { FromWorker, ToWorker } from "./background-thread.js";
import { lowerThisThreadsPriority } from "./thread-priority.js";

lowerThisThreadsPriority();

const port = parentPort!;
const send = (message: FromWorker) => port.postMessage(message);

let stop: ToWorker | undefined;
let tracker: Tracker | undefined;
port.on("message", (message: ToWorker) => {
  stop = message;
  if (tracker) void close(tracker, message.timeoutMs);
});

async function close(running: Tracker, timeoutMs: number): Promise<void> {
  await running.close({ timeoutMs });
  send({ kind: "stopped" });
  port.close();
}

try {
  tracker = await runLoops(workerData as BackgroundSettings, {
    onPass: (pass) => send({ kind: "pass", pass }),
    onError: (error, loop) => send({ kind: "error", loop, error: describe(error) }),
  });
  if (stop) await close(tracker, stop.timeoutMs);
} catch (error) {
  send({ kind: "failed", error: describe(error) });
  port.close();
}
