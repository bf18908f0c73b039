import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

// The root test config: one project per workspace package, each resolving
// sibling packages from source through the "bollard-source" export condition.
const sourceConditions = ["bollard-source", "import", "module", "node", "default"];
// Vitest also hands the SSR conditions to Node (`--conditions`) for external packages. There,
// "import" would make a CommonJS `require` pick a package's ESM entry (pg requiring pg-pool gets a
// module namespace instead of the class), so it is left out; Vite adds import/require itself.
const ssrConditions = sourceConditions.filter((condition) => condition !== "import");

export default defineConfig({
  resolve: { conditions: sourceConditions },
  ssr: { resolve: { conditions: ssrConditions, externalConditions: ["bollard-source"] } },
  test: {
    // Budgets for a busy machine (CI and users run the suite beside other work): a timeout is there
    // to catch a hang, not to time a test. Vitest's 5 s default failed tests that start processes
    // on a loaded machine; tests that need more still say so themselves.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Vitest runs one file at a time on two cores (its default is the cores less one); most of the
    // slow files wait on processes, sockets and PostgreSQL, so two at a time use the machine better.
    maxWorkers: Math.max(2, availableParallelism() - 1),
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
        test: { name: "storage-postgres", root: "packages/storage-postgres", include: ["src/**/*.test.ts"] },
      },
      {
        extends: true,
        test: { name: "http", root: "packages/http", include: ["src/**/*.test.ts"] },
      },
      {
        extends: true,
        test: { name: "carrier-dcsa", root: "packages/carrier-dcsa", include: ["src/**/*.test.ts"] },
      },
      {
        extends: true,
        test: { name: "cli", root: "packages/cli", include: ["src/**/*.test.ts"] },
      },
      {
        extends: true,
        test: { name: "mcp", root: "packages/mcp", include: ["src/**/*.test.ts"] },
      },
      {
        extends: true,
        test: { name: "dashboard", root: "packages/dashboard", include: ["src/**/*.test.ts"] },
      },
      {
        extends: true,
        test: { name: "testing", root: "packages/testing", include: ["src/**/*.test.ts"] },
      },
      {
        extends: true,
        test: { name: "examples", root: "examples", include: ["**/*.test.ts"], exclude: ["**/node_modules/**"] },
      },
      {
        extends: true,
        // Docs as tests: the guides' blocks type-check, run as written and match their samples.
        test: { name: "docs", root: "docs", include: ["testing/*.test.ts"] },
      },
      {
        extends: true,
        // Builds, packs and installs every package: it runs alone, after every other project
        // (groupOrder), so its compiles do not slow the timing-sensitive tests down.
        test: { name: "packaging", root: "packaging", include: ["*.test.ts"], sequence: { groupOrder: 1 } },
      },
      {
        extends: true,
        // Debian's chromium against a real `bollard serve`: last and alone (after packaging, whose
        // `pnpm build` rewrites the dashboard's dist/), after building the app from source.
        test: {
          name: "dashboard-browser",
          root: "packages/dashboard",
          include: ["e2e/**/*.test.ts"],
          globalSetup: ["e2e/testing/build-app.ts"],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
