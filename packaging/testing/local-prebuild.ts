import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** Resolves as packages/storage-sqlite does, where better-sqlite3 is a dependency. */
const fromStorage = createRequire(fileURLToPath(new URL("../../packages/storage-sqlite/package.json", import.meta.url)));

/**
 * Packs the workspace's compiled better-sqlite3 (`build/Release/better_sqlite3.node`, built by
 * `pnpm install` on this machine) as the tarball prebuild-install would download, under the name it
 * looks for (`better-sqlite3-v<version>-node-v<abi>-<platform>-<arch>.tar.gz`), into `dir`. Returns
 * `dir`, for the `npm_config_better_sqlite3_local_prebuilds` setting.
 */
export function localBetterSqlitePrebuild(dir: string): string {
  const packageDir = dirname(fromStorage.resolve("better-sqlite3/package.json"));
  const { version } = fromStorage("better-sqlite3/package.json") as { version: string };
  const name = `better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`;
  mkdirSync(dir, { recursive: true });
  execFileSync("tar", ["-czf", join(dir, name), "-C", packageDir, "build/Release/better_sqlite3.node"]);
  return dir;
}
