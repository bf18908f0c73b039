import { spawn } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { BOLLARD_ROOT, bollardCommand, processAlive as alive } from "./testing/bollard-process.js";

/*
 * `npx bollard serve` and `pnpm bollard serve` put a package runner between the user and the
 * server; when the runner dies of a signal it does not pass on, the server must stop rather than
 * hold its port as an orphan. A server started from the user's own shell (nohup … &) runs on.
 */

const quote = (word: string) => `'${word.replaceAll("'", "'\\''")}'`;
const serve = bollardCommand(["serve", "--db", ":memory:", "--port", "0", "--no-demo"]).map(quote).join(" ");
const cleanup: (() => void)[] = [];
afterEach(() => cleanup.splice(0).forEach((fn) => fn()));

/** Starts `wrapper` (which starts serve in the background and prints its pid), and collects the server's output. */
function startWrapped(command: string, args: string[]) {
  const wrapper = spawn(command, args, { cwd: BOLLARD_ROOT, stdio: ["pipe", "pipe", "pipe"] });
  let output = "";
  wrapper.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  wrapper.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const closed = new Promise<void>((resolve) => wrapper.stdout.on("close", () => resolve()));
  const started = new Promise<{ pid: number; base: string }>((resolve, reject) => {
    const timer = setInterval(() => {
      const pid = /^pid (\d+)$/m.exec(output)?.[1];
      const base = /listening on (http:\/\/\S+)\/v2/.exec(output)?.[1];
      if (pid && base) clearInterval(timer), resolve({ pid: Number(pid), base });
    }, 50);
    setTimeout(() => (clearInterval(timer), reject(new Error(`serve did not start: ${output}`))), 60_000);
  });
  return { wrapper, started, closed, output: () => output };
}


// Budgets for a loaded machine (two busy cores): starting from source and stopping took over 90 s there.
describe("bollard serve under a package runner", { timeout: 180_000 }, () => {
  it("stops cleanly when the Node.js runner that started it is killed", async () => {
    const runner = `const { spawn } = require("node:child_process"); const child = spawn(process.argv[1], process.argv.slice(2), { stdio: "inherit" }); console.log("pid " + child.pid);`;
    const [node, ...args] = bollardCommand(["serve", "--db", ":memory:", "--port", "0", "--no-demo"]);
    const run = startWrapped(process.execPath, ["-e", runner, node!, ...args]);
    const { pid, base } = await run.started;
    cleanup.push(() => alive(pid) && process.kill(pid, "SIGKILL"));
    run.wrapper.kill("SIGKILL");
    await run.closed;
    expect(run.output()).toMatch(/"msg":"shutting down","signal":"the process that started it \(\d+\) ended"/);
    expect(run.output()).toMatch(/"msg":"stopped"/);
    await expect.poll(() => alive(pid), { timeout: 5_000 }).toBe(false);
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
  });

  it("runs on when it was started in the background from a shell that then ends", async () => {
    // `timeout` is not a Node.js runner: the shell under it is the user's, as in `nohup bollard serve &`.
    const run = startWrapped("timeout", ["60", "sh", "-c", `${serve} & echo "pid $!"; echo "shell $$"; read line`]);
    const { pid, base } = await run.started;
    cleanup.push(() => alive(pid) && process.kill(pid, "SIGKILL"));
    const shell = Number(/^shell (\d+)$/m.exec(run.output())![1]);
    process.kill(shell, "SIGKILL");
    await expect.poll(() => alive(shell)).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(alive(pid)).toBe(true);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    process.kill(pid, "SIGTERM");
    await expect.poll(() => alive(pid), { timeout: 15_000 }).toBe(false);
  });
});
