import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { createHarness } from "../testing/http-harness.js";

const dir = mkdtempSync(join(tmpdir(), "bollard-dashboard-assets-"));
mkdirSync(join(dir, "assets"));
writeFileSync(join(dir, "index.html"), "<!doctype html><title>app</title>");
writeFileSync(join(dir, "assets", "index-abc123.js"), "console.log('app')");
writeFileSync(join(dir, "assets", "index-abc123.js.gz"), gzipSync("console.log('app')"));
writeFileSync(join(dir, "assets", "land-xyz.json"), "{}");
writeFileSync(join(dir, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the dashboard option", () => {
  it("serves index.html at /, /app and every app route, uncached, with a strict CSP", async () => {
    const { app } = await createHarness({ app: { dashboard: { assetsDir: dir } } });
    for (const path of ["/", "/app", "/app/", "/app/containers/0193a1b2-0000-7000-8000-000000000000", "/app/lfd"]) {
      const response = await app.request(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(response.headers.get("cache-control")).toBe("no-cache");
      expect(response.headers.get("content-security-policy")).toContain("script-src 'self'");
      expect(await response.text()).toContain("<title>app</title>");
    }
  });

  it("serves hashed assets as immutable with their type, compressed when the client accepts it", async () => {
    const { app } = await createHarness({ app: { dashboard: { assetsDir: dir } } });
    const plain = await app.request("/app/assets/index-abc123.js");
    expect(plain.status).toBe(200);
    expect(plain.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(plain.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await plain.text()).toBe("console.log('app')");
    const gzipped = await app.request("/app/assets/index-abc123.js", { headers: { "accept-encoding": "gzip, deflate" } });
    expect(gzipped.headers.get("content-encoding")).toBe("gzip");
    expect(gzipped.headers.get("vary")).toBe("accept-encoding");
    expect((await app.request("/app/assets/land-xyz.json")).headers.get("content-type")).toBe("application/json");
  });

  it("answers /favicon.ico with the app's SVG icon, which a browser asks for on pages without an icon link", async () => {
    const { app } = await createHarness({ app: { dashboard: { assetsDir: dir } } });
    const icon = await app.request("/favicon.ico");
    expect(icon.status).toBe(200);
    expect(icon.headers.get("content-type")).toBe("image/svg+xml");
    expect(await icon.text()).toContain("<svg");
    expect((await app.request("/app/favicon.svg")).headers.get("content-type")).toBe("image/svg+xml");
  });

  it("answers JSON:API 404s for missing assets, traversal, and paths outside the app; /v2 and /healthz are unchanged", async () => {
    const { app, request } = await createHarness({ app: { dashboard: { assetsDir: dir } } });
    for (const path of ["/app/assets/index-gone.js", "/app/assets/../../../etc/passwd", "/app/%2e%2e/%2e%2e/etc/passwd", "/elsewhere", "/app/assets/%E0%A4%A"]) {
      const response = await app.request(path);
      if (response.status === 200) expect(await response.text(), path).toContain("<title>app</title>");
      else {
        expect(response.status, path).toBe(404);
        expect(((await response.json()) as { errors: { code: string }[] }).errors[0]!.code).toBe("route_not_found");
      }
    }
    expect((await app.request("/healthz")).status).toBe(200);
    expect((await request("GET", "/v2/shipments")).status).toBe(200);
  });

  it("says the dashboard is not built when the folder has no index.html, and is absent without the option", async () => {
    const empty = mkdtempSync(join(tmpdir(), "bollard-dashboard-empty-"));
    try {
      const { app } = await createHarness({ app: { dashboard: { assetsDir: empty } } });
      const response = await app.request("/");
      expect(response.status).toBe(503);
      expect(await response.text()).toContain("not built");
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
    const { app } = await createHarness();
    const none = await app.request("/");
    expect(none.status).toBe(404);
    expect(none.headers.get("content-type")).toContain("application/vnd.api+json");
  });
});
