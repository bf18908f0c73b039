import { resolve } from "node:path";
import { Hono, type Context } from "hono";
import type { AppEnv } from "../app-env.js";
import { readStaticFile } from "./static-files.js";

/** Options of the dashboard that {@link createHttpApp} serves at `/`. */
export interface DashboardOptions {
  /** The folder of the built web app (`dashboardAssetsDir()` of `@bollard/dashboard`). */
  assetsDir: string;
}

// The page talks to its own origin only, loads nothing from elsewhere and is never framed.
const PAGE_HEADERS: Readonly<Record<string, string>> = {
  "cache-control": "no-cache",
  "content-security-policy": "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; font-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
};

const NOT_BUILT = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Bollard</title><p>The dashboard is not built. Run <code>pnpm install</code> (or <code>pnpm --filter @bollard/dashboard build:app</code>) and reload. The API is at <a href="/v2/openapi.json">/v2</a>.</p></html>`;

/**
 * The dashboard's routes: `index.html` at `/`, `/app` and every `/app/*` path that is not a
 * file (the app routes in the browser); the built files under `/app/`, and its icon at
 * `/favicon.ico`. Hashed files under `/app/assets/` are immutable; a missing one is a 404 (never
 * the page, which a stale script tag would then try to run).
 */
export function dashboardRoutes(options: DashboardOptions): Hono<AppEnv> {
  const root = resolve(options.assetsDir);
  const routes = new Hono<AppEnv>();
  const page = async (c: Context<AppEnv>) => {
    const file = await readStaticFile(root, "index.html", c.req.header("accept-encoding") ?? "");
    if (!file) return c.body(NOT_BUILT, 503, { ...PAGE_HEADERS, "content-type": "text/html; charset=utf-8" });
    return c.body(file.body as Uint8Array<ArrayBuffer>, 200, { ...file.headers, ...PAGE_HEADERS });
  };
  routes.get("/", page);
  routes.get("/app", page);
  // Browsers ask for /favicon.ico on pages with no icon link (the API's JSON, a 404): the app's icon.
  routes.get("/favicon.ico", async (c, next) => {
    const file = await readStaticFile(root, "favicon.svg", c.req.header("accept-encoding") ?? "");
    if (!file) return next();
    return c.body(file.body as Uint8Array<ArrayBuffer>, 200, { ...file.headers, "x-content-type-options": "nosniff", "cache-control": "public, max-age=86400" });
  });
  routes.get("/app/*", async (c, next) => {
    let path: string;
    try {
      path = decodeURIComponent(new URL(c.req.url).pathname).slice("/app/".length);
    } catch {
      return next(); // malformed percent-encoding: the JSON 404
    }
    const file = path === "" ? null : await readStaticFile(root, path, c.req.header("accept-encoding") ?? "");
    if (file) {
      const immutable = path.startsWith("assets/");
      return c.body(file.body as Uint8Array<ArrayBuffer>, 200, { ...file.headers, "x-content-type-options": "nosniff", "cache-control": immutable ? "public, max-age=31536000, immutable" : "no-cache" });
    }
    if (path.startsWith("assets/")) return next();
    return page(c);
  });
  return routes;
}
