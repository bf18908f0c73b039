import { defineConfig } from "tsup";

export default defineConfig({
  entry: ["src/index.ts"],
  format: "esm",
  // tsup's declaration step sets `baseUrl`, which TypeScript 6 reports as deprecated (TS5101).
  // No `bollard-source` condition there: other @bollard packages' types come from their built
  // .d.ts (`pnpm build` builds in dependency order), not from their sources checked once more.
  dts: { compilerOptions: { ignoreDeprecations: "6.0", customConditions: [] } },
  clean: true,
});
