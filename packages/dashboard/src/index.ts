import { existsSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The folder of the dashboard's built files: `index.html` and the hashed `assets/` it loads,
 * each text file with precompressed `.br` and `.gz` siblings. Serve `index.html` at `/` and for
 * every `/app/*` path that is not a file (the app routes in the browser), and the files under
 * `/app/`. `@bollard/http`'s `dashboard` option does exactly that.
 *
 * The files are built by `pnpm install` in the repository (the package's `prepare` script) and by
 * `pnpm build`; an installed package ships them.
 * @example
 * const app = createHttpApp(tracker, { dashboard: { assetsDir: dashboardAssetsDir() } });
 */
export function dashboardAssetsDir(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  // From source (src/index.ts) the build is in ../dist/app; from the build (dist/index.js), in ./app.
  return basename(here) === "src" ? join(here, "..", "dist", "app") : join(here, "app");
}

/** True when {@link dashboardAssetsDir} holds a build (its `index.html`). */
export function dashboardBuilt(): boolean {
  return existsSync(join(dashboardAssetsDir(), "index.html"));
}
