import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";
import { hostname } from "node:os";
import { BollardError } from "@bollard/core";

/** What the lease file of a SQLite database holds: who serves it. */
interface LeaseOwner {
  pid: number;
  host: string;
  since: string;
}

/** True when a process with this id runs on this machine (signal 0 checks without signalling). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, under another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readOwner(path: string): LeaseOwner | null {
  try {
    return JSON.parse(readFileSync(path, "utf8")) as LeaseOwner;
  } catch {
    return null; // gone meanwhile, or a partial write: treated as free below
  }
}

/** A held lease: release it when the server stops. */
export interface ServerLease {
  /** Removes the lease file if this process still owns it. Idempotent. */
  release(): void;
}

/**
 * Takes the server lease of a SQLite database: the file `<filename>.lease`, created exclusively,
 * naming this process. One server per SQLite file: while another live process on this host holds
 * it, this throws storage_unavailable naming that process. A lease whose owner is dead (a server
 * killed with SIGKILL) is taken over at once, so a restart works immediately; a lease of another
 * host (a file on a shared disk) is refused, since whether its owner lives cannot be told from here.
 * Short-lived commands (`bollard keys create`, `demo`) take no lease and share the file.
 */
export function takeServerLease(filename: string): ServerLease {
  const path = `${filename}.lease`;
  const me: LeaseOwner = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const fd = openSync(path, "wx");
      try {
        writeSync(fd, JSON.stringify(me));
      } finally {
        closeSync(fd);
      }
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          const owner = readOwner(path);
          if (owner?.pid === me.pid && owner.host === me.host) unlinkSync(path);
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const owner = readOwner(path);
    if (owner && owner.host !== me.host) {
      throw new BollardError("storage_unavailable", `${filename} is served by process ${owner.pid} on host ${owner.host} (since ${owner.since}; lease file ${path}). One server per SQLite file: stop it, or remove the lease file if that server is gone. Use PostgreSQL to run several servers`);
    }
    if (owner && (owner.pid === me.pid || isRunning(owner.pid))) {
      throw new BollardError("storage_unavailable", `${filename} is already served by process ${owner.pid} (since ${owner.since}). One server per SQLite file: stop that server first, or use PostgreSQL to run several`);
    }
    // The owner is dead (or the file unreadable): take the lease over.
    try {
      unlinkSync(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
  throw new BollardError("storage_unavailable", `Cannot take the server lease ${path}: other processes keep taking it`);
}
