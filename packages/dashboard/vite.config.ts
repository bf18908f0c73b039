import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { defineConfig, type Plugin } from "vite";

const OUT_DIR = fileURLToPath(new URL("./dist/app", import.meta.url));

/**
 * Writes `.br` and `.gz` siblings of every text asset, so the server sends them compressed
 * without compressing on each request (and the 300 KB budget is what travels).
 */
function precompress(): Plugin {
  return {
    name: "bollard-precompress",
    apply: "build",
    closeBundle() {
      const walk = (dir: string): string[] => readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? walk(join(dir, name)) : [join(dir, name)]));
      for (const file of walk(OUT_DIR)) {
        if (!/\.(js|css|html|json|svg)$/.test(file)) continue;
        const body = readFileSync(file);
        writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

// The app lives under /app/ (index.html is also served at /); hashed files under /app/assets/. The
// files of public/ (the favicon) are copied as they are, so the server can also answer /favicon.ico
// with a name that does not change.
export default defineConfig({
  root: fileURLToPath(new URL("./src/app", import.meta.url)),
  base: "/app/",
  publicDir: fileURLToPath(new URL("./src/app/public", import.meta.url)),
  build: {
    outDir: OUT_DIR,
    emptyOutDir: true,
    assetsInlineLimit: 0,
    target: "es2022",
    reportCompressedSize: false,
  },
  // Preact's automatic JSX runtime (the same settings as tsconfig.json's jsx and jsxImportSource).
  oxc: { jsx: { runtime: "automatic", importSource: "preact" } },
  plugins: [precompress()],
});
