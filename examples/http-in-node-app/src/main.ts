import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startHostApp } from "./host-app.js";

// Usage: [BOLLARD_DB=path/to/file.sqlite] [PORT=3000] npx --yes pnpm@10 --filter @bollard/example-http-in-node-app start
// Without BOLLARD_DB the database is a throwaway file, removed on exit.
const scratch = process.env.BOLLARD_DB ? null : mkdtempSync(join(tmpdir(), "bollard-example-"));
const filename = process.env.BOLLARD_DB ?? join(scratch!, "bollard.sqlite");
const app = await startHostApp({ filename, port: Number(process.env.PORT ?? 3000) });

const { account, created } = await app.tracker.accounts.ensure("Acme Imports");
if (created) {
  const { apiKey } = await app.tracker.accounts.issueKey(account.id, { role: "editor" });
  console.log(`API key of the Acme Imports account (shown once): ${apiKey}`);
}
console.log(`Listening on ${app.url}: the app's own routes / and /health, Bollard under ${app.url}/v2 (database ${filename})`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, async () => {
    console.log(`${signal}: finishing in-flight requests, then closing the database`);
    await app.close();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });
}
