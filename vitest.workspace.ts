import { defineConfig } from "vitest/config";

// The root test config: one project per workspace package, each resolving
// sibling packages from source through the "bollard-source" export condition.
const sourceConditions = ["bollard-source", "import", "module", "node", "default"];

export default defineConfig({
  resolve: { conditions: sourceConditions },
  ssr: { resolve: { conditions: sourceConditions, externalConditions: ["bollard-source"] } },
  test: {
    projects: [
      {
        extends: true,
        test: { name: "core", root: "packages/core", include: ["src/**/*.test.ts"] },
      },
      {
        extends: true,
        test: { name: "storage-memory", root: "packages/storage-memory", include: ["src/**/*.test.ts"] },
      },
      {
        extends: true,
        test: { name: "storage-sqlite", root: "packages/storage-sqlite", include: ["src/**/*.test.ts"] },
      },
      {
        extends: true,
        test: { name: "http", root: "packages/http", include: ["src/**/*.test.ts"] },
      },
      {
        extends: true,
        test: { name: "examples", root: "examples", include: ["**/*.test.ts"], exclude: ["**/node_modules/**"] },
      },
    ],
  },
});
