import { defineConfig } from "tsup";

export default defineConfig({
  // ./config: the carrier config schema alone (zod only), for a CLI to validate its config file before loading the rest.
  entry: ["src/index.ts", "src/carrier-config.ts"],
  format: "esm",
  // tsup's declaration step sets `baseUrl`, which TypeScript 6 reports as deprecated (TS5101).
  // No `bollard-source` condition there: other @bollard packages' types come from their built
  // .d.ts (`pnpm build` builds in dependency order), not from their sources checked once more.
  dts: { compilerOptions: { ignoreDeprecations: "6.0", customConditions: [] } },
  clean: true,
});
