import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { importedPackages, installCommands, publicPackages, readmeEmbeddingBlock, readmeEmbeddingSection, tarballName, workspacePackages } from "./testing/embedding-recipe.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const PACKAGES = fileURLToPath(new URL("../packages/", import.meta.url));

interface Manifest {
  name: string;
  exports: Record<string, Record<string, string>>;
  publishConfig?: { exports?: Record<string, Record<string, string>> };
}

const manifests: Manifest[] = readdirSync(PACKAGES).map((dir) => JSON.parse(readFileSync(join(PACKAGES, dir, "package.json"), "utf8")));

describe("package manifests", () => {
  it.each(manifests.map((manifest) => [manifest.name, manifest] as const))("%s packs the entries it exports in the workspace, types first", (_name, manifest) => {
    // The workspace resolves `bollard-source`; a consumer gets the same entries without it.
    const consumerFacing = Object.fromEntries(
      Object.entries(manifest.exports).map(([entry, conditions]) => [entry, Object.fromEntries(Object.entries(conditions).filter(([condition]) => condition !== "bollard-source"))]),
    );
    expect(manifest.publishConfig?.exports).toEqual(consumerFacing);
    for (const conditions of Object.values(manifest.publishConfig?.exports ?? {})) expect(Object.keys(conditions)[0]).toBe("types");
  });

  // What `npm publish` and the registry's page show; installed-packages.test.ts runs
  // `npm publish --dry-run` on the packed tarballs.
  const repository = publicPackages()[0]!.manifest.repository?.url as string;
  it.each(publicPackages().map((pkg) => [pkg.manifest.name, pkg] as const))("%s is publishable: repository, types, engines, public access, README and LICENSE", (_name, { dir, manifest }) => {
    expect(manifest.repository).toStrictEqual({ type: "git", url: repository, directory: `packages/${dir}` });
    expect(manifest.types).toBe(manifest.exports["."].types);
    expect(manifest.engines).toStrictEqual({ node: ">=20.11" });
    expect(manifest.license).toBe("MIT");
    expect(manifest.publishConfig.access).toBe("public");
    expect(manifest.files).toStrictEqual(["dist", "README.md", "LICENSE"]);
    for (const file of ["README.md", "LICENSE"]) expect(existsSync(join(PACKAGES, dir, file)), `${dir}/${file}`).toBe(true);
  });

  it("no public package depends on a private one: npm would ask the registry for it (404)", () => {
    const privateNames = new Set(workspacePackages().filter((pkg) => pkg.manifest.private).map((pkg) => pkg.manifest.name));
    expect(privateNames).toContain("@bollard/storage-sql"); // bundled into the SQL adapters (their tsup.config.ts)
    for (const { manifest } of publicPackages()) {
      for (const field of ["dependencies", "peerDependencies", "optionalDependencies"]) {
        for (const name of Object.keys(manifest[field] ?? {})) expect(privateNames.has(name), `${manifest.name} ${field} ${name}`).toBe(false);
      }
    }
  });
});

describe("the install recipe in the docs", () => {
  const version = publicPackages()[0]!.manifest.version;
  const embeddingTarballs = importedPackages(readmeEmbeddingBlock()).map((name) => tarballName({ name, version }));

  it("the README's Embedding section installs exactly the packages its block imports, at their version", () => {
    expect(importedPackages(readmeEmbeddingBlock())).toStrictEqual(["@bollard/core", "@bollard/http", "@bollard/storage-sqlite"]);
    const commands = installCommands(readmeEmbeddingSection());
    expect(commands).toHaveLength(1);
    expect([...commands[0]!].sort()).toStrictEqual([...embeddingTarballs].sort());
    expect(readmeEmbeddingSection()).toContain("npx --yes pnpm@10 run pack");
  });

  it("docs/embedding.md starts with the same recipe, and what better-sqlite3 needs to build", () => {
    const guide = readFileSync(join(ROOT, "docs/embedding.md"), "utf8");
    const start = guide.indexOf("\n## Installing the packages\n");
    expect(start).toBeGreaterThan(-1);
    expect(guide.indexOf("\n## ")).toBe(start); // the first section
    const section = guide.slice(start, guide.indexOf("\n## ", start + 1));
    expect(section).toContain("npx --yes pnpm@10 run pack");
    expect(installCommands(section).map((command) => [...command].sort())).toContainEqual([...embeddingTarballs].sort());
    for (const tool of ["python3", "make", "g++"]) expect(section).toContain(tool);
  });
});
