import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startHostApp } from "./host-app.js";

// Usage: [BOLLARD_DB=path/to/file.sqlite] [PORT=3000] npx --yes pnpm@10 --filter @bollard/example-http-in-node-app start
// Without BOLLARD_DB the database is a throwaway file, removed on exit.
const scratch = process.env.BOLLARD_DB ? null : mkdtempSync(join(tmpdir(), "bollard-example-"));
const removeScratch = () => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
};
const filename = process.env.BOLLARD_DB ?? join(scratch!, "bollard.sqlite");
const app = await startHostApp({ filename, port: Number(process.env.PORT ?? 3000) });

const { account, created } = await app.tracker.accounts.ensure("Acme Imports");
if (created) {
  const { apiKey } = await app.tracker.accounts.issueKey(account.id, { role: "editor" });
  console.log(`API key of the Acme Imports account (shown once): ${apiKey}`);
}
console.log(`Listening on ${app.url}: the app's own routes / and /health, Bollard under ${app.url}/v2 (database ${filename})`);

// Ctrl-C in a terminal signals the whole process group, and a package runner (pnpm, npm) passes the
// same signal on to its child: one Ctrl-C arrives twice, often within a millisecond. So the handler
// stays installed (with `once`, the repeat would kill the process mid-shutdown, leaving the
// database behind), a repeat within two seconds is ignored, and a later one stops at once. A clean
// shutdown exits 0: pnpm reports a child that died of a signal or exited non-zero as a failure.
let stoppingSince: number | undefined;
const stop = (signal: NodeJS.Signals) => {
  if (stoppingSince !== undefined) {
    if (Date.now() - stoppingSince < 2_000) return;
    console.log(`${signal} again: stopping at once`);
    removeScratch();
    process.exit(signal === "SIGINT" ? 130 : 143);
  }
  stoppingSince = Date.now();
  console.log(`${signal}: finishing in-flight requests, then closing the database`);
  app.close().then(
    () => {
      removeScratch();
      process.exit(0);
    },
    (error: unknown) => {
      console.error("Shutdown failed:", error);
      removeScratch();
      process.exit(1);
    },
  );
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
