import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { Hono, type Context } from "hono";

/** What `GET /` names: where everything of this server is. */
export interface SiteIndex {
  /** The version of the `bollard` command serving. */
  version: string;
  /** The metrics address, when metrics are served. */
  metrics?: string;
  /** True when the dashboard is served: browsers asking for `/` get it instead of the page of links. */
  dashboard?: boolean;
}

/** The Swagger UI files `/docs` serves, from the `swagger-ui-dist` package installed with the CLI. */
const SWAGGER_FILES: Record<string, string> = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
};

const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Bollard API</title>
<link rel="stylesheet" href="/docs/swagger-ui.css">
</head>
<body>
<div id="docs"></div>
<script src="/docs/swagger-ui-bundle.js"></script>
<script src="/docs/init.js"></script>
</body>
</html>
`;

// No validator badge: it would call validator.swagger.io. The document is this server's own.
const DOCS_INIT = `window.ui = SwaggerUIBundle({ url: "/v2/openapi.json", dom_id: "#docs", validatorUrl: null, deepLinking: true, tryItOutEnabled: false });\n`;

/**
 * The routes around the API: `GET /` names the version and where things are (JSON, or a small
 * HTML page for browsers), and `GET /docs` is an interactive page of the OpenAPI document, from
 * files bundled with the CLI (nothing is fetched from elsewhere, so it works offline).
 */
export function siteRoutes(index: SiteIndex): Hono {
  const routes = new Hono();
  const swaggerDir = dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));
  const assets = new Map(Object.entries(SWAGGER_FILES).map(([file, type]) => [file, { body: readFileSync(join(swaggerDir, file)), type }]));
  const links = { ...(index.dashboard && { dashboard: "/" }), api: "/v2", openapi: "/v2/openapi.json", docs: "/docs", health: "/healthz", ...(index.metrics && { metrics: `http://${index.metrics}/metrics` }) };
  // An API client gets JSON; a browser gets the dashboard (answered by the API app behind) or, without it, a page of links.
  routes.get("/", async (c, next) => {
    if (!wantsHtml(c)) return c.json({ name: "bollard", version: index.version, links });
    if (index.dashboard) return next();
    return c.html(indexPage(index.version, links));
  });
  routes.get("/docs", (c) => c.html(DOCS_PAGE));
  routes.get("/docs/init.js", (c) => c.body(DOCS_INIT, 200, { "content-type": "text/javascript; charset=utf-8", "cache-control": "no-cache" }));
  routes.get("/docs/:file", (c) => {
    const asset = assets.get(c.req.param("file"));
    if (!asset) return c.json({ errors: [{ status: "404", title: "Not Found", detail: "No such file", code: "route_not_found" }] }, 404);
    return c.body(asset.body, 200, { "content-type": asset.type, "cache-control": "public, max-age=86400" });
  });
  return routes;
}

function wantsHtml(c: Context): boolean {
  const accept = c.req.header("accept") ?? "";
  return accept.includes("text/html") && !accept.startsWith("application/json");
}

function indexPage(version: string, links: Record<string, string>): string {
  const items = Object.entries(links)
    .map(([name, href]) => `<li><a href="${href}">${name}</a> <code>${href}</code></li>`)
    .join("\n");
  return `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>Bollard ${version}</title></head>\n<body><h1>Bollard ${version}</h1>\n<ul>\n${items}\n</ul></body></html>\n`;
}
