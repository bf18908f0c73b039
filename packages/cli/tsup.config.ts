import { defineConfig } from "tsup";

export default defineConfig({
  entry: ["src/index.ts", "src/bin.ts", "src/background-worker.ts"],
  format: "esm",
  // tsup's declaration step sets `baseUrl`, which TypeScript 6 reports as deprecated (TS5101).
  dts: { compilerOptions: { ignoreDeprecations: "6.0" } },
  clean: true,
});
