import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

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
});
