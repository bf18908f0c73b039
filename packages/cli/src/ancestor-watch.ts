import { readFileSync, readlinkSync } from "node:fs";
import { basename } from "node:path";

/** A process as `/proc` shows it: its id, parent, and start time (to tell a reused id apart). */
interface ProcessStat {
  pid: number;
  ppid: number;
  startTime: string;
}

function stat(pid: number): ProcessStat | undefined {
  try {
    // /proc/<pid>/stat: "pid (comm) state ppid …"; comm may hold spaces and parentheses, so read after the last ")".
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
    return { pid, ppid: Number(fields[1]), startTime: fields[19] ?? "" };
  } catch {
    return undefined;
  }
}

/** The name of a process's program (`node`, `sh`, …), or "" when `/proc` does not say. */
function program(pid: number): string {
  try {
    return basename(readlinkSync(`/proc/${pid}/exe`));
  } catch {
    return "";
  }
}

const isNode = (pid: number) => /^node(js)?(\d+)?$/.test(program(pid));
const isShell = (pid: number) => /^(sh|bash|dash|zsh|ash)$/.test(program(pid));

/**
 * The package runners this process was started through, nearest first: the unbroken chain of
 * Node.js ancestors (npx, npm, pnpm, a test runner), with a shell between two of them (a script's
 * `sh -c`). The chain ends at the first other process, such as the user's own shell: a server
 * started with `nohup bollard serve &` is not stopped when that shell exits.
 */
function runners(): ProcessStat[] {
  const chain: ProcessStat[] = [];
  let pid = process.ppid;
  while (pid > 1 && chain.length < 32) {
    const found = stat(pid);
    if (!found || !(isNode(pid) || (isShell(pid) && isNode(found.ppid)))) break;
    chain.push(found);
    pid = found.ppid;
  }
  return chain;
}

/**
 * Resolves when a package runner that started this process has ended (see {@link runners}):
 * wrappers such as `npx` and `pnpm` die of a signal without passing it on, and a server started
 * through them then stops like on SIGTERM instead of running on as an orphan holding its port.
 * Checks once a second; `stop()` ends the watch.
 */
export function ancestorsEnded(): { ended: Promise<string>; stop(): void } {
  const watched = runners();
  let timer: NodeJS.Timeout | undefined;
  const ended = new Promise<string>((resolve) => {
    if (watched.length === 0) return;
    timer = setInterval(() => {
      for (const ancestor of watched) {
        if (stat(ancestor.pid)?.startTime !== ancestor.startTime) return resolve(`the process that started it (${ancestor.pid}) ended`);
      }
    }, 1_000);
    timer.unref();
  });
  return { ended, stop: () => clearInterval(timer) };
}
