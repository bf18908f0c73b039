// `npx --yes pnpm@10 run pack [--out DIR]`: builds every package and writes each public package's
// tarball into one folder (default ./packs/, its older tarballs removed first), then prints the folder and the
// tarballs. pnpm's pack rewrites `workspace:*` to the packages' versions and `publishConfig`'s
// fields over the workspace ones, so a tarball installs with plain npm:
//
//   npm install ./packs/bollard-core-0.1.0.tgz ./packs/bollard-storage-sqlite-0.1.0.tgz ./packs/bollard-http-0.1.0.tgz
//
// Name every @bollard package the install needs: a @bollard dependency that is not named is asked
// of the npm registry, where these packages are not published yet. Private packages are not
// packed (@bollard/storage-sql is bundled into the SQL adapters).
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const outIndex = process.argv.indexOf("--out");
const out = resolve(outIndex === -1 ? resolve(ROOT, "packs") : process.argv[outIndex + 1] ?? "");
if (outIndex !== -1 && !process.argv[outIndex + 1]) throw new Error("usage: npx --yes pnpm@10 run pack [--out DIR]");

// The pnpm running this script (npm_execpath), else the one on PATH.
const pnpm = process.env.npm_execpath?.includes("pnpm") ? [process.execPath, process.env.npm_execpath] : ["pnpm"];

/** Runs pnpm with `args` in the repository, its output on ours; exits as it did when it fails. */
function run(args) {
  const result = spawnSync(pnpm[0], [...pnpm.slice(1), ...args], { cwd: ROOT, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

run(["build"]);
mkdirSync(out, { recursive: true });
// Only tarballs of this run: an older version's would be installed beside the new ones.
for (const name of readdirSync(out)) if (name.endsWith(".tgz")) rmSync(join(out, name));
// The public packages only: a recursive pack would pack private ones too.
const publicPackages = readdirSync(resolve(ROOT, "packages"))
  .map((dir) => JSON.parse(readFileSync(resolve(ROOT, "packages", dir, "package.json"), "utf8")))
  .filter((manifest) => !manifest.private)
  .map((manifest) => manifest.name);
run(["--recursive", ...publicPackages.flatMap((name) => ["--filter", name]), "pack", "--pack-destination", out]);

const tarballs = readdirSync(out).filter((name) => name.endsWith(".tgz")).sort();
console.log(`\n${tarballs.length} tarballs in ${out}:`);
for (const tarball of tarballs) console.log(`  ${tarball}`);
const embedding = ["core", "storage-sqlite", "http"].map((name) => tarballs.find((tarball) => tarball.startsWith(`bollard-${name}-`)));
console.log(`\nIn your project, install the packages you use by naming their tarballs, e.g.:\n  npm install ${embedding.map((tarball) => join(out, tarball ?? "")).join(" ")}`);
