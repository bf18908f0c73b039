import { defineConfig } from "tsup";

export default defineConfig({
  entry: ["src/index.ts", "src/testing/index.ts"],
  format: "esm",
  // @bollard/storage-sql is a private workspace package: its code is bundled into this one's dist/
  // (no consumer installs it, so no npm install asks a registry for it). Its types never reach
  // this package's .d.ts files; packaging/installed-packages.test.ts checks both.
  noExternal: ["@bollard/storage-sql"],
  // tsup's declaration step sets `baseUrl`, which TypeScript 6 reports as deprecated (TS5101).
  // No `bollard-source` condition there: other @bollard packages' types come from their built
  // .d.ts (`pnpm build` builds in dependency order), not from their sources checked once more.
  dts: { compilerOptions: { ignoreDeprecations: "6.0", customConditions: [] } },
  clean: true,
});
