import { readlinkSync } from "node:fs";
import { setPriority } from "node:os";

/**
 * The nice value the background thread runs at: requests come first when the two want the same
 * core. 15 rather than 10 since a request's write waiting for the lock blocks its thread (the
 * holder then gets the core): under the mixed benchmark, the requests' p99 84 ms and throughput as
 * before, against 93 ms and 17% less at 10, where the background delivered more (docs/operating.md).
 */
const BACKGROUND_NICE = Number(process.env.BOLLARD_BACKGROUND_NICE ?? 15);

/**
 * Gives the calling thread a lower scheduling priority ({@link BACKGROUND_NICE}), on Linux, where
 * the nice value belongs to each thread: `/proc/thread-self` names the thread's id, and
 * `setpriority` on that id changes this thread alone. Elsewhere (or when refused) it does nothing.
 */
export function lowerThisThreadsPriority(): void {
  if (process.platform !== "linux" || !(BACKGROUND_NICE > 0)) return;
  try {
    const threadId = Number(readlinkSync("/proc/thread-self").split("/").pop());
    if (Number.isInteger(threadId) && threadId > 0) setPriority(threadId, Math.min(BACKGROUND_NICE, 19));
  } catch {
    // A container that forbids it: the thread keeps the process's priority.
  }
}
