import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** A workspace package under packages/, as its package.json says. */
export interface WorkspacePackage {
  /** The folder name under packages/. */
  dir: string;
  /** The package.json, parsed. */
  manifest: { name: string; version: string; private?: boolean } & Record<string, any>;
}

/** Every package under packages/, sorted by folder. */
export function workspacePackages(): WorkspacePackage[] {
  return readdirSync(join(ROOT, "packages"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map((dir) => ({ dir, manifest: JSON.parse(readFileSync(join(ROOT, "packages", dir, "package.json"), "utf8")) }));
}

/** The packages `npx --yes pnpm@10 run pack` writes a tarball for: those not private. */
export function publicPackages(): WorkspacePackage[] {
  return workspacePackages().filter((pkg) => !pkg.manifest.private);
}

/** The file name pnpm gives a package's tarball: `@bollard/core` 0.1.0 is `bollard-core-0.1.0.tgz`. */
export function tarballName(manifest: { name: string; version: string }): string {
  return `${manifest.name.replace(/^@/, "").replace("/", "-")}-${manifest.version}.tgz`;
}

/** The README's `## Embedding` section, up to the next `## ` heading. */
export function readmeEmbeddingSection(): string {
  const readme = readFileSync(join(ROOT, "README.md"), "utf8");
  const start = readme.indexOf("\n## Embedding\n");
  if (start === -1) throw new Error("README.md has no ## Embedding section");
  const end = readme.indexOf("\n## ", start + 1);
  return readme.slice(start, end === -1 ? undefined : end);
}

/** The section's ```ts block: the code a user copies into their project. */
export function readmeEmbeddingBlock(): string {
  const block = /```ts\n([\s\S]*?)```/.exec(readmeEmbeddingSection())?.[1];
  if (!block) throw new Error("README.md's ## Embedding section has no ```ts block");
  return block;
}

/** The @bollard packages a piece of code imports, sorted. */
export function importedPackages(code: string): string[] {
  return [...new Set([...code.matchAll(/from "(@bollard\/[^"/]+)/g)].map((match) => match[1]!))].sort();
}

/** The tarball file names of every `npm install …/packs/<tarball>` command in a text, one list per command. */
export function installCommands(text: string): string[][] {
  return [...text.matchAll(/npm install((?: +\S+\/packs\/\S+\.tgz)+)/g)].map((match) => match[1]!.trim().split(/ +/).map((path) => path.slice(path.lastIndexOf("/") + 1)));
}
