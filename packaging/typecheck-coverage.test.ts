import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// `pnpm typecheck` checks the Node.js folders in one program (tsconfig.check.json) and the
// dashboard on its own; a folder left out of both would never be type-checked.
const ROOT = fileURLToPath(new URL("..", import.meta.url));
const CHECKED_ALONE = ["packages/dashboard"];

/** Every folder with a tsconfig.json of its own: packages, examples, the benchmarks, this one. */
function typedFolders(): string[] {
  const children = (parent: string) => readdirSync(join(ROOT, parent), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => `${parent}/${entry.name}`);
  return [...children("packages"), ...children("examples"), "bench", "packaging"].filter((folder) => existsSync(join(ROOT, folder, "tsconfig.json")));
}

describe("pnpm typecheck", () => {
  it("reaches every folder with a tsconfig.json, with the same include", () => {
    // tsconfig.check.json has comments: strip them (whole lines only) before parsing.
    const text = readFileSync(join(ROOT, "tsconfig.check.json"), "utf8").replace(/^\s*\/\/.*$/gm, "");
    const included = new Set((JSON.parse(text) as { include: string[] }).include);
    const script = (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts.typecheck;
    expect(script).toBe(`tsc -p tsconfig.check.json && ${CHECKED_ALONE.map((folder) => `tsc -p ${folder}`).join(" && ")}`);
    for (const folder of typedFolders()) {
      if (CHECKED_ALONE.includes(folder)) continue;
      const own = JSON.parse(readFileSync(join(ROOT, folder, "tsconfig.json"), "utf8").replace(/^\s*\/\/.*$/gm, "")) as { include: string[] };
      for (const pattern of own.include) expect(included, `${folder}/${pattern}`).toContain(`${folder}/${pattern}`);
    }
  });
});
