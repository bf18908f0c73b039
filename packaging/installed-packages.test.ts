import { spawn } from "node:child_process";
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { importedPackages, publicPackages, readmeEmbeddingBlock, tarballName, workspacePackages } from "./testing/embedding-recipe.js";
import { localBetterSqlitePrebuild } from "./testing/local-prebuild.js";
import { startEmptyRegistry } from "./testing/empty-registry.js";
import { cleanEnv, runCommand } from "./testing/run-command.js";
import { acquireLock } from "./testing/workspace-lock.js";

// Runs the install recipe of the README and docs/embedding.md: `npx --yes pnpm@10 run pack` builds
// every package and writes the public ones' tarballs into one folder; a new project outside the
// workspace installs the packages the README's Embedding block imports by naming their three
// tarballs, and runs that block on plain node and through `tsc --strict`. Then it installs the
// other tarballs and uses them the way a user would: plain node on the dist files, a strict
// TypeScript compile against the .d.ts files, and the installed `bollard` binary.

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const CONSUMER = fileURLToPath(new URL("consumer/", import.meta.url));
const PUBLIC = publicPackages();
const PRIVATE_NAMES = workspacePackages()
  .filter((pkg) => pkg.manifest.private)
  .map((pkg) => pkg.manifest.name);

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

/** `npm publish --dry-run` of a tarball, away from the workspace's .npmrc and offline: what npm would upload, and what it warned. */
async function publishDryRun(tarball: string, cwd: string): Promise<{ files: string[]; access: string; stderr: string }> {
  // A closed port as registry, tried once: the dry run asks it who is logged in, and goes on without.
  const { stdout, stderr } = await runCommand("npm", ["publish", "--dry-run", "--json", "--registry", "http://127.0.0.1:9/", "--fetch-retries", "0", tarball], { cwd });
  const report = Object.values(JSON.parse(stdout) as Record<string, { files: { path: string }[] }>)[0]!;
  return { files: report.files.map((file) => file.path), access: /with tag latest and (\w+) access/.exec(stderr)?.[1] ?? "", stderr };
}

describe("the packed packages, installed with npm outside the workspace", () => {
  it("pack into one folder, install the README's Embedding packages alone and run its block, then every package: plain node, tsc --strict, the bollard binary", async () => {
    // Two runs in one checkout would build into the same dist/ folders.
    const release = await acquireLock(join(ROOT, "node_modules/.cache/bollard-packaging.lock"), 30 * 60_000);
    cleanup.push(release);

    // 1. The pack command of the docs: build, then every public package's tarball in one folder.
    const packs = tempDir("bollard-packs-");
    await timed("pnpm run pack (build + pack)", () => runCommand("npx", ["--yes", "pnpm@10", "run", "pack", "--out", packs], { cwd: ROOT, env: process.env as Record<string, string> }));
    const tarballs = readdirSync(packs).filter((name) => name.endsWith(".tgz")).sort();
    expect(tarballs).toStrictEqual(PUBLIC.map((pkg) => tarballName(pkg.manifest)).sort());
    const tarballOf = (name: string) => join(packs, tarballs.find((tarball) => tarball.startsWith(`${name.replace(/^@/, "").replace("/", "-")}-`))!);

    for (const tarball of tarballs) {
      const manifest = await packedManifest(join(packs, tarball));
      const text = JSON.stringify(manifest);
      expect(text, tarball).not.toContain("bollard-source");
      expect(text, tarball).not.toContain("workspace:");
      expect(manifest.files, tarball).toStrictEqual(["dist", "README.md", "LICENSE"]);
      expect(manifest.engines, tarball).toStrictEqual({ node: ">=20.11" });
      expect(manifest.repository?.type, tarball).toBe("git");
      for (const [entry, conditions] of Object.entries<Record<string, string>>(manifest.exports)) {
        expect(Object.keys(conditions), `${tarball} ${entry}`).toStrictEqual(["types", "import"]);
      }
      expect(manifest.types, tarball).toBe(manifest.exports["."].types);
      // A @bollard dependency is another tarball of the folder: none is asked of a registry.
      for (const field of ["dependencies", "peerDependencies", "optionalDependencies"]) {
        for (const name of Object.keys(manifest[field] ?? {}).filter((dependency) => dependency.startsWith("@bollard/"))) {
          expect(tarballs.map((file) => file.replace(/-\d[^-]*\.tgz$/, "")), `${tarball} ${field}`).toContain(name.replace(/^@/, "").replace("/", "-"));
        }
      }
      const listing = (await runCommand("tar", ["-tf", join(packs, tarball)], { cwd: ROOT })).stdout.split("\n");
      for (const conditions of Object.values<Record<string, string>>(manifest.exports)) {
        for (const file of Object.values(conditions)) expect(listing, `${tarball} ${file}`).toContain(`package/${file.replace(/^\.\//, "")}`);
      }
      expect(listing, tarball).toEqual(expect.arrayContaining(["package/README.md", "package/LICENSE"]));
      // No built file imports a private package (storage-sql is bundled into the SQL adapters).
      const builtText = (await runCommand("tar", ["-xOzf", join(packs, tarball), "--wildcards", "package/dist/*.js", "package/dist/*.d.ts"], { cwd: ROOT })).stdout;
      for (const name of PRIVATE_NAMES) expect(builtText, `${tarball} imports ${name}`).not.toMatch(new RegExp(`["']${name}["'/]`));
    }

    // 2. Each tarball passes `npm publish --dry-run`: npm reads its manifest without corrections.
    const publishCwd = tempDir("bollard-publish-");
    const published = await timed("npm publish --dry-run (every tarball)", () => Promise.all(tarballs.map((tarball) => publishDryRun(join(packs, tarball), publishCwd))));
    for (const [index, report] of published.entries()) {
      expect(report.files, tarballs[index]).toEqual(expect.arrayContaining(["package.json", "README.md", "LICENSE"]));
      expect(report.access, tarballs[index]).toBe("public");
      expect(report.stderr, tarballs[index]).not.toMatch(/auto-corrected|npm error|invalid/i);
    }

    // 3. A new project outside the workspace installs the three packages the README's Embedding
    // block imports, naming their tarballs, and nothing else of ours. The @bollard scope's
    // registry has no packages, as npm's has none yet: a dependency no named tarball provides
    // (the internal storage-sql was one) fails the install with its 404.
    const registry = await startEmptyRegistry();
    cleanup.push(() => void registry.close());
    const scratch = tempDir("bollard-consumer-");
    const manifest = {
      name: "bollard-consumer",
      private: true,
      type: "module",
      // The types a Node.js TypeScript project has anyway.
      devDependencies: { "@types/node": "20.19.43" } as Record<string, string>,
    };
    writeFileSync(join(scratch, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    writeFileSync(join(scratch, ".npmrc"), `@bollard:registry=${registry.url}\n`);
    // better-sqlite3's install script (prebuild-install) looks for a prebuilt binary before it
    // compiles; offline it compiles, for two minutes. The workspace's install compiled the same
    // version for this machine's Node already, so it is handed over as a local prebuild, the way
    // prebuild-install offers for offline machines (the script still runs, unpacks and loads it).
    const prebuilds = localBetterSqlitePrebuild(tempDir("bollard-prebuilds-"));
    const installEnv = { ...cleanEnv(), npm_config_better_sqlite3_local_prebuilds: prebuilds };
    const embedding = importedPackages(readmeEmbeddingBlock());
    expect(embedding).toStrictEqual(["@bollard/core", "@bollard/http", "@bollard/storage-sqlite"]);
    await timed("npm install <the Embedding block's 3 tarballs>", () => runCommand("npm", ["install", "--no-audit", "--no-fund", ...embedding.map(tarballOf)], { cwd: scratch, env: installEnv }));
    expect(readdirSync(join(scratch, "node_modules/@bollard")).sort()).toStrictEqual(embedding.map((name) => name.slice("@bollard/".length)));
    expect(registry.asked, "the three tarballs need no other @bollard package").toStrictEqual([]);
    expect(readdirSync(join(scratch, "node_modules/better-sqlite3/build/Release"))).toContain("better_sqlite3.node");

    // 3b. The README's block as written: plain node (it is JavaScript too), and a strict compile
    // against the three packages' .d.ts files (skipLibCheck stays off, its default).
    writeFileSync(join(scratch, "embedding.mjs"), readmeEmbeddingBlock());
    writeFileSync(join(scratch, "embedding.ts"), readmeEmbeddingBlock());
    await timed("node embedding.mjs (the README's block)", () => runCommand(process.execPath, ["embedding.mjs"], { cwd: scratch }));
    const strict = { strict: true, module: "NodeNext", moduleResolution: "NodeNext", target: "ES2023", types: ["node"], noEmit: true };
    writeFileSync(join(scratch, "tsconfig.embedding.json"), JSON.stringify({ compilerOptions: strict, files: ["embedding.ts"] }, null, 2));
    const tsc = join(ROOT, "node_modules/typescript/bin/tsc");
    await timed("tsc --strict embedding.ts (the README's block)", () => runCommand(process.execPath, [tsc, "-p", "tsconfig.embedding.json"], { cwd: scratch }));

    // 3c. Plain node, no tsx, no bollard-source condition: the dist files.
    copyFileSync(join(CONSUMER, "track-shipment.mjs"), join(scratch, "track-shipment.mjs"));
    const tracked = await timed("node track-shipment.mjs", () => runCommand(process.execPath, ["track-shipment.mjs", join(scratch, "track.sqlite")], { cwd: scratch }));
    const facts = JSON.parse(tracked.stdout.trim().split("\n").at(-1)!);
    expect(facts).toMatchObject({ requestStatus: "created", billOfLading: "TEST-TR-SUCCEEDED", mapType: "FeatureCollection" });
    expect(facts.resolvedCore).toBe(`file://${join(scratch, "node_modules/@bollard/core/dist/index.js")}`);
    expect(facts.containers).toBeGreaterThan(0);
    expect(facts.mapFeatures).toBeGreaterThan(0);

    // 4. The other tarballs, named on the command line as the docs say (`npm install …/packs/*.tgz`):
    // the CLI's and the testing package's @bollard dependencies are all among them (npm still asks
    // the registry about some, and on its 404 takes the tarball named beside them).
    writeFileSync(join(scratch, "package.json"), `${JSON.stringify({ ...JSON.parse(readFileSync(join(scratch, "package.json"), "utf8")), devDependencies: { ...manifest.devDependencies, "fast-check": "4.3.0" } }, null, 2)}\n`); // for @bollard/core/testing's types
    const others = tarballs.filter((tarball) => !embedding.map(tarballOf).includes(join(packs, tarball)));
    await timed("npm install <the other tarballs>", () => runCommand("npm", ["install", "--no-audit", "--no-fund", ...others.map((tarball) => join(packs, tarball))], { cwd: scratch, env: installEnv }));
    expect(readdirSync(join(scratch, "node_modules/@bollard")).sort()).toStrictEqual(PUBLIC.map((pkg) => pkg.dir));

    // 4b. The sandbox a test suite starts (@bollard/testing), on plain node, over a real socket.
    copyFileSync(join(CONSUMER, "sandbox-consumer.mjs"), join(scratch, "sandbox-consumer.mjs"));
    const sandboxed = await timed("node sandbox-consumer.mjs", () => runCommand(process.execPath, ["sandbox-consumer.mjs"], { cwd: scratch }));
    expect(JSON.parse(sandboxed.stdout.trim().split("\n").at(-1)!)).toStrictEqual({
      resolvedTesting: `file://${join(scratch, "node_modules/@bollard/testing/dist/index.js")}`,
      created: 201,
      now: "2026-03-07T08:00:00.000Z",
      shipments: 1,
    });

    // 5. A strict compile against every installed .d.ts file (skipLibCheck stays off, its default).
    copyFileSync(join(CONSUMER, "strict-consumer.ts"), join(scratch, "strict-consumer.ts"));
    writeFileSync(join(scratch, "tsconfig.json"), JSON.stringify({ compilerOptions: strict, files: ["strict-consumer.ts"] }, null, 2));
    await timed("tsc --strict strict-consumer.ts", () => runCommand(process.execPath, [tsc, "-p", scratch], { cwd: scratch }));

    // 6. The installed binary, in its own process group so nothing it starts outlives the test.
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
