import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startBollard } from "./testing/bollard-process.js";

const dir = mkdtempSync(join(tmpdir(), "bollard-serve-dashboard-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("bollard serve and the dashboard", () => {
  it("serves the dashboard to browsers at / and /app/*, JSON to API clients at /, and --no-dashboard leaves browsers a page of links", async () => {
    const served = startBollard(["serve", "--db", join(dir, "a.sqlite"), "--port", "0"]);
    try {
      const [, base] = await served.waitFor(/listening on (http:\/\/[^ ]+)\/v2/);
      await served.waitFor(/^Dashboard: http:\/\//);
      for (const path of ["/", "/app/lfd"]) {
        const page = await fetch(`${base}${path}`, { headers: { accept: "text/html,application/xhtml+xml" } });
        expect(page.status, path).toBe(200);
        expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
        expect(page.headers.get("content-security-policy"), path).toContain("default-src 'none'");
      }
      const index = await fetch(`${base}/`, { headers: { accept: "application/json" } });
      expect(await index.json()).toMatchObject({ name: "bollard", links: { dashboard: "/", api: "/v2" } });
    } finally {
      served.child.kill("SIGTERM");
      await served.exited;
    }
    const bare = startBollard(["serve", "--db", join(dir, "b.sqlite"), "--port", "0", "--no-dashboard"]);
    try {
      const [, base] = await bare.waitFor(/listening on (http:\/\/[^ ]+)\/v2/);
      const root = await fetch(`${base}/`, { headers: { accept: "text/html" } });
      expect(root.status).toBe(200);
      expect(root.headers.get("content-security-policy")).toBeNull();
      expect(await root.text()).toContain('<a href="/docs">');
      expect((await fetch(`${base}/app/lfd`)).status).toBe(404);
      expect(bare.stdout.some((line) => line.startsWith("Dashboard"))).toBe(false);
    } finally {
      bare.child.kill("SIGTERM");
      await bare.exited;
    }
  }, 120_000);
});
