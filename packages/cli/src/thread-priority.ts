import { readlinkSync } from "node:fs";
import { setPriority } from "node:os";

/** The nice value the background thread runs at: requests come first when the two want the same core. */
const BACKGROUND_NICE = Number(process.env.BOLLARD_BACKGROUND_NICE ?? 10);

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
