import { defineConfig } from "tsup";

export default defineConfig({
  entry: ["src/index.ts", "src/public/storage.ts", "src/public/jsonapi.ts", "src/public/schemas.ts", "src/public/geo.ts", "src/testing/index.ts"],
  format: "esm",
  dts: true,
  clean: true,
});
