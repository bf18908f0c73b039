import { spawn } from "node:child_process";
import { copyFileSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { localBetterSqlitePrebuild } from "./testing/local-prebuild.js";
import { cleanEnv, runCommand } from "./testing/run-command.js";
import { acquireLock } from "./testing/workspace-lock.js";

// Builds and packs every package, installs the tarballs with npm in a scratch project outside the
// workspace, and uses them there the way a user would: plain node on the dist files, a strict
// TypeScript compile against the .d.ts files, and the installed `bollard` binary.

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const CONSUMER = fileURLToPath(new URL("consumer/", import.meta.url));
const PACKAGES = readdirSync(join(ROOT, "packages"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

const timings: [step: string, ms: number][] = [];
const cleanup: (() => void)[] = [];
afterAll(() => {
  for (const step of cleanup.reverse()) step();
  console.log(`packaging timings:\n${timings.map(([step, ms]) => `  ${step.padEnd(52)} ${(ms / 1000).toFixed(1).padStart(6)} s`).join("\n")}`);
}, 120_000); // removing the installed projects' node_modules takes seconds, more on a busy machine

/** Runs `step`, recording how long it took. */
async function timed<T>(step: string, run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await run();
  } finally {
    timings.push([step, performance.now() - started]);
  }
}

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** The package.json a tarball holds. */
async function packedManifest(tarball: string): Promise<Record<string, any>> {
  return JSON.parse((await runCommand("tar", ["-xOf", tarball, "package/package.json"], { cwd: ROOT })).stdout);
}

describe("the packed packages, installed with npm outside the workspace", () => {
  it("build, pack, install, run on plain node, type-check strictly, and serve through the bollard binary", async () => {
    // Two runs in one checkout would build into the same dist/ folders.
    const release = await acquireLock(join(ROOT, "node_modules/.cache/bollard-packaging.lock"), 30 * 60_000);
    cleanup.push(release);

    // 1. Build and pack every package.
    await timed("pnpm build", () => runCommand("npx", ["--yes", "pnpm@10", "build"], { cwd: ROOT, env: process.env as Record<string, string> }));
    const packs = tempDir("bollard-packs-");
    await timed("pnpm pack (every package)", () =>
      runCommand("npx", ["--yes", "pnpm@10", "-r", "--filter", "./packages/*", "pack", "--pack-destination", packs], { cwd: ROOT, env: process.env as Record<string, string> }),
    );
    const tarballs = readdirSync(packs).filter((name) => name.endsWith(".tgz")).sort();
    expect(tarballs).toStrictEqual(PACKAGES.map((name) => `bollard-${name}-0.1.0.tgz`));

    const dependencies: Record<string, string> = {};
    for (const tarball of tarballs) {
      const manifest = await packedManifest(join(packs, tarball));
      const text = JSON.stringify(manifest);
      expect(text, tarball).not.toContain("bollard-source");
      expect(text, tarball).not.toContain("workspace:");
      expect(manifest.files, tarball).toStrictEqual(["dist", "README.md", "LICENSE"]);
      expect(manifest.engines, tarball).toStrictEqual({ node: ">=20.11" });
      for (const [entry, conditions] of Object.entries<Record<string, string>>(manifest.exports)) {
        expect(Object.keys(conditions), `${tarball} ${entry}`).toStrictEqual(["types", "import"]);
      }
      const listing = (await runCommand("tar", ["-tf", join(packs, tarball)], { cwd: ROOT })).stdout.split("\n");
      for (const conditions of Object.values<Record<string, string>>(manifest.exports)) {
        for (const file of Object.values(conditions)) expect(listing, `${tarball} ${file}`).toContain(`package/${file.replace(/^\.\//, "")}`);
      }
      expect(listing, tarball).toEqual(expect.arrayContaining(["package/README.md", "package/LICENSE"]));
      dependencies[manifest.name] = `file:${join(packs, tarball)}`;
    }

    // 2. A scratch project outside the workspace. Every @bollard/* dependency, direct or not,
    // resolves to its tarball (overrides); were npm to ask a registry for one, the scope's
    // registry below is a closed port and the install fails.
    const scratch = tempDir("bollard-consumer-");
    const overrides = Object.fromEntries(Object.keys(dependencies).map((name) => [name, `$${name}`]));
    const manifest = {
      name: "bollard-consumer",
      private: true,
      type: "module",
      dependencies,
      // The types a Node.js TypeScript project has anyway, and fast-check for @bollard/core/testing's types.
      devDependencies: { "@types/node": "20.19.43", "fast-check": "4.3.0" },
      overrides,
    };
    writeFileSync(join(scratch, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    writeFileSync(join(scratch, ".npmrc"), "@bollard:registry=http://127.0.0.1:9/\n");
    // better-sqlite3's install script (prebuild-install) looks for a prebuilt binary before it
    // compiles; offline it compiles, for two minutes. The workspace's install compiled the same
    // version for this machine's Node already, so it is handed over as a local prebuild, the way
    // prebuild-install offers for offline machines (the script still runs, unpacks and loads it).
    const prebuilds = localBetterSqlitePrebuild(tempDir("bollard-prebuilds-"));
    const installEnv = { ...cleanEnv(), npm_config_better_sqlite3_local_prebuilds: prebuilds };
    await timed("npm install (better-sqlite3 from the local prebuild)", () => runCommand("npm", ["install", "--no-audit", "--no-fund"], { cwd: scratch, env: installEnv }));
    expect(readdirSync(join(scratch, "node_modules/better-sqlite3/build/Release"))).toContain("better_sqlite3.node");

    // 3. Plain node, no tsx, no bollard-source condition: the dist files.
    copyFileSync(join(CONSUMER, "track-shipment.mjs"), join(scratch, "track-shipment.mjs"));
    const tracked = await timed("node track-shipment.mjs", () => runCommand(process.execPath, ["track-shipment.mjs", join(scratch, "track.sqlite")], { cwd: scratch }));
    const facts = JSON.parse(tracked.stdout.trim().split("\n").at(-1)!);
    expect(facts).toMatchObject({ requestStatus: "created", billOfLading: "TEST-TR-SUCCEEDED", mapType: "FeatureCollection" });
    expect(facts.resolvedCore).toBe(`file://${join(scratch, "node_modules/@bollard/core/dist/index.js")}`);
    expect(facts.containers).toBeGreaterThan(0);
    expect(facts.mapFeatures).toBeGreaterThan(0);

    // 3b. The sandbox a test suite starts (@bollard/testing), on plain node, over a real socket.
    copyFileSync(join(CONSUMER, "sandbox-consumer.mjs"), join(scratch, "sandbox-consumer.mjs"));
    const sandboxed = await timed("node sandbox-consumer.mjs", () => runCommand(process.execPath, ["sandbox-consumer.mjs"], { cwd: scratch }));
    expect(JSON.parse(sandboxed.stdout.trim().split("\n").at(-1)!)).toStrictEqual({
      resolvedTesting: `file://${join(scratch, "node_modules/@bollard/testing/dist/index.js")}`,
      created: 201,
      now: "2026-03-07T08:00:00.000Z",
      shipments: 1,
    });

    // 4. A strict compile against the installed .d.ts files (skipLibCheck stays off, its default).
    copyFileSync(join(CONSUMER, "strict-consumer.ts"), join(scratch, "strict-consumer.ts"));
    const tsconfig = { compilerOptions: { strict: true, module: "NodeNext", moduleResolution: "NodeNext", target: "ES2023", types: ["node"], noEmit: true }, files: ["strict-consumer.ts"] };
    writeFileSync(join(scratch, "tsconfig.json"), JSON.stringify(tsconfig, null, 2));
    await timed("tsc --strict strict-consumer.ts", () => runCommand(process.execPath, [join(ROOT, "node_modules/typescript/bin/tsc"), "-p", scratch], { cwd: scratch }));

    // 5. The installed binary, in its own process group so nothing it starts outlives the test.
    const served = await timed("bollard serve, /healthz, SIGTERM", () => serveOnce(scratch));
    expect(served).toMatchObject({ health: 200, dashboard: 200, dashboardType: "text/html; charset=utf-8", backgroundPasses: true, errors: [], exit: 0, groupGone: true });
  }, 30 * 60_000);
});

/**
 * Starts `node_modules/.bin/bollard serve`, asks /healthz and / (the dashboard), waits for its
 * background thread (the built `background-worker.js`) to report passes in the metrics, stops it
 * with SIGTERM and reports, with the error lines it logged.
 */
async function serveOnce(scratch: string): Promise<{ health: number; dashboard: number; dashboardType: string | null; backgroundPasses: boolean; errors: string[]; exit: number | string; groupGone: boolean }> {
  const child = spawn(join(scratch, "node_modules/.bin/bollard"), ["serve", "--db", join(scratch, "serve.sqlite"), "--port", "0", "--metrics-port", "0"], {
    cwd: scratch,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const pid = child.pid!;
  const exited = new Promise<number | string>((resolve) => child.on("exit", (code, signal) => resolve(code ?? signal ?? -1)));
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  let stdout = "";
  try {
    const base = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no "listening on" line after 60 s; stderr: ${stderr}`)), 60_000);
      child.stdout.on("data", (chunk: Buffer) => {
        stdout += chunk.toString("utf8");
        const match = /listening on (http:\/\/\S+)\/v2/.exec(stdout);
        if (match) (clearTimeout(timer), resolve(match[1]!));
      });
      void exited.then((code) => (clearTimeout(timer), reject(new Error(`bollard exited (${code}) before listening; stderr: ${stderr}`))));
    });
    const health = (await fetch(`${base}/healthz`)).status;
    const page = await fetch(`${base}/`, { headers: { accept: "text/html" } }); // a browser: the dashboard (an API client gets JSON)
    const script = /src="(\/app\/assets\/[^"]+\.js)"/.exec(await page.text())?.[1];
    // The page's script, from the installed package's dist/app.
    const dashboard = page.status === 200 && script && (await fetch(`${base}${script}`)).status === 200 ? 200 : page.status;
    const metrics = /metrics on (http:\/\/\S+\/metrics)/.exec(stdout)![1]!;
    const passes = async () => /bollard_background_passes_total\{loop="refresh"\} [1-9]/.test(await (await fetch(metrics)).text());
    const deadline = Date.now() + 30_000;
    while (!(await passes()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
    const backgroundPasses = await passes();
    process.kill(-pid, "SIGTERM");
    const exit = await exited;
    const errors = stderr.split("\n").filter((line) => line.includes('"level":"error"'));
    return { health, dashboard, dashboardType: page.headers.get("content-type"), backgroundPasses, errors, exit, groupGone: !groupAlive(pid) };
  } finally {
    if (groupAlive(pid)) process.kill(-pid, "SIGKILL");
  }
}

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}
