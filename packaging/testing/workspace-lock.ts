import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The pid in a lock file; null when the file is gone, undefined while it is still being written. */
function readHolder(path: string): number | null | undefined {
  try {
    const pid = Number(readFileSync(path, "utf8"));
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return null;
  }
}

/**
 * Takes an exclusive lock (a file holding this process's pid) and resolves with its release.
 * Two test runs in one checkout would build into the same dist/ folders; the second waits for
 * the first. A lock left by a process that no longer runs is taken over.
 */
export async function acquireLock(path: string, timeoutMs: number): Promise<() => void> {
  mkdirSync(dirname(path), { recursive: true });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      writeFileSync(path, String(process.pid), { flag: "wx" });
      return () => rmSync(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const holder = readHolder(path);
    if (holder === null) continue; // released meanwhile
    if (holder !== undefined && !isAlive(holder)) {
      rmSync(path, { force: true });
      continue;
    }
    if (Date.now() > deadline) throw new Error(`${path} is held by process ${holder}`);
    await sleep(1_000);
  }
}
