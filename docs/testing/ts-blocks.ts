import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { ROOT, type DocBlock } from "./doc-blocks.js";

/*
 * The TypeScript blocks of the guides, type-checked in one `tsc` run under the repository's
 * settings (tsconfig.base.json: `strict`, `noUncheckedIndexedAccess`, NodeNext), each block a
 * module of its own in a scratch folder whose node_modules links `@bollard/*` to packages/*
 * (resolved from source through the `bollard-source` condition) and every other package a block
 * imports to the copy the workspace already has.
 *
 * A guide's later blocks go on from its earlier ones, so the names a reader has by then (`tracker`,
 * `session`, `account`, `apiKey`…) are declared for every block by block-context/globals.d.ts, with
 * their real types; a block that defines one of them shadows it. Anything else a block uses it
 * imports or defines itself.
 */

const CONTEXT = fileURLToPath(new URL("./block-context/globals.d.ts", import.meta.url));


/** The file a block is written to, named after its guide and line. */
export function blockFileName(block: DocBlock): string {
  return `${block.file.replace(/\.md$/, "").replace(/[^A-Za-z0-9]+/g, "-")}-L${block.line}.ts`;
}

/** Where a package a block imports lives in the workspace. */
function findPackage(name: string): string | undefined {
  const parents = [ROOT, ...["packages", "examples"].flatMap((group) => readdirSync(join(ROOT, group)).map((child) => join(ROOT, group, child)))];
  return parents.map((parent) => join(parent, "node_modules", name)).find((path) => existsSync(join(path, "package.json")));
}

/** The package names (not `node:` modules) imported by the blocks. */
function importedPackages(blocks: DocBlock[]): Set<string> {
  const names = new Set<string>();
  for (const block of blocks) {
    for (const match of block.content.matchAll(/\bfrom\s+["']([^"'.][^"']*)["']|\bimport\s*\(\s*["']([^"'.][^"']*)["']/g)) {
      const specifier = (match[1] ?? match[2])!;
      if (specifier.startsWith("node:")) continue;
      const parts = specifier.split("/");
      names.add(specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]!);
    }
  }
  return names;
}

/** Writes the blocks and their context into a scratch project; returns its folder. */
export function writeBlockProject(blocks: DocBlock[]): string {
  const dir = mkdtempSync(join(tmpdir(), "bollard-doc-blocks-"));
  const link = (name: string, target: string) => {
    const path = join(dir, "node_modules", name);
    mkdirSync(dirname(path), { recursive: true });
    symlinkSync(target, path, "dir");
  };
  for (const child of readdirSync(join(ROOT, "packages"))) {
    const manifest = join(ROOT, "packages", child, "package.json");
    if (!existsSync(manifest)) continue;
    link((JSON.parse(readFileSync(manifest, "utf8")) as { name: string }).name, join(ROOT, "packages", child));
  }
  link("@types/node", join(ROOT, "node_modules", "@types", "node"));
  for (const name of importedPackages(blocks)) {
    if (name.startsWith("@bollard/")) continue;
    const found = findPackage(name);
    if (found) link(name, found);
  }
  writeFileSync(join(dir, "package.json"), JSON.stringify({ type: "module", private: true }));
  writeFileSync(
    join(dir, "tsconfig.json"),
    JSON.stringify({
      extends: join(ROOT, "tsconfig.base.json"),
      compilerOptions: { noEmit: true, declaration: false, sourceMap: false, types: ["node"] },
      include: ["*.ts"],
    }),
  );
  writeFileSync(join(dir, "globals.d.ts"), readFileSync(CONTEXT, "utf8"));
  // `export {}` makes every block a module: top-level await works, and blocks do not share names.
  for (const block of blocks) writeFileSync(join(dir, blockFileName(block)), `${block.content}\nexport {};\n`);
  return dir;
}

/** Runs `tsc -p` over the scratch project; resolves with its diagnostics, each pointed at its guide's line. */
export async function typeCheckBlocks(blocks: DocBlock[]): Promise<{ dir: string; errors: string[] }> {
  const dir = writeBlockProject(blocks);
  const tsc = join(ROOT, "node_modules", "typescript", "bin", "tsc");
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, [tsc, "-p", dir, "--pretty", "false"], { cwd: dir });
    let text = "";
    child.stdout.on("data", (chunk: Buffer) => (text += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (text += chunk.toString()));
    child.on("error", reject);
    child.on("exit", () => resolve(text));
  });
  const byFile = new Map(blocks.map((block) => [blockFileName(block), block]));
  const errors: string[] = [];
  for (const line of output.split("\n")) {
    if (!line.trim()) continue;
    const match = /^(.+?)\((\d+),(\d+)\): (error .*)$/.exec(line);
    const block = match ? byFile.get(match[1]!.split("/").pop()!) : undefined;
    if (match && block) errors.push(`${block.file}:${block.line + Number(match[2])}: ${match[4]}`);
    else if (!line.startsWith(" ")) errors.push(line);
    else errors[errors.length - 1] += `\n${line}`;
  }
  return { dir, errors };
}
