import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTracker } from "@bollard/core";
import { dashboardAssetsDir, dashboardBuilt } from "@bollard/dashboard";
import { createHttpApp, startServer } from "@bollard/http";
import { sqliteStorage } from "@bollard/storage-sqlite";
import { launchBrowser } from "../packages/dashboard/e2e/testing/browser.js";
import { makeShipments } from "./bench-data.js";
import { median, type BenchResult } from "./measure.js";
import { trackerStorage } from "@bollard/core/storage";

const SHIPMENTS = Number(process.env.BENCH_DASHBOARD_SHIPMENTS ?? 3_334); // × 3 containers ≈ 10,000
const RUNS = 7;

/**
 * The dashboard in Debian's chromium (headless) over a real server with ~10,000 containers:
 * the time to load them all through the API, and the time to render 1,000 rows of the
 * containers table (from the page-size change to the frame after the 1,000th row exists),
 * next to a plain innerHTML table of the same 1,000 rows built in the same page.
 */
export async function run(): Promise<BenchResult[]> {
  if (!dashboardBuilt()) throw new Error("the dashboard is not built: run pnpm install or pnpm --filter @bollard/dashboard build:app");
  const dir = mkdtempSync(join(tmpdir(), "bollard-bench-dashboard-"));
  const tracker = await createTracker({ storage: sqliteStorage({ filename: join(dir, "bench.sqlite") }) });
  const browser = await launchBrowser();
  try {
    const { account } = await tracker.accounts.ensure("Dashboard bench");
    const { shipments, containers } = makeShipments(account.id, SHIPMENTS);
    await trackerStorage(tracker).transaction(async (tx) => {
      for (const shipment of shipments) await tx.shipments.insert(shipment);
      for (const container of containers) await tx.containers.insert(container);
    });
    const { apiKey } = await tracker.accounts.issueKey(account.id, { role: "viewer" });
    const server = await startServer(createHttpApp(tracker, { dashboard: { assetsDir: dashboardAssetsDir() } }), { port: 0 });
    try {
      const page = await browser.context.newPage();
      await page.goto(`http://${server.address}/`);
      await page.getByLabel("API key").fill(apiKey);
      const loadStart = performance.now();
      await page.getByRole("button", { name: "Open the dashboard" }).click();
      await page.waitForFunction(`document.querySelector("[data-testid=match-count]")?.getAttribute("data-count") === "${containers.length}"`, undefined, { timeout: 300_000, polling: 100 });
      const loadMs = performance.now() - loadStart;

      const renders: number[] = [];
      const floors: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        renders.push(await page.evaluate<number>(renderThousandRows));
        await page.selectOption("#page-size", "50");
        await page.waitForFunction(`document.querySelectorAll("table.containers tbody tr").length === 50`);
        floors.push(await page.evaluate<number>(plainThousandRows));
      }
      return [
        { name: "dashboard: render 1,000 table rows", value: median(renders), unit: "ms", baseline: { name: "innerHTML table", value: median(floors) }, target: { value: 1_000, lowerIsBetter: true }, notes: `median of ${RUNS}; chromium headless` },
        { name: `dashboard: load ${containers.length.toLocaleString("en-US")} containers via /v2`, value: loadMs, unit: "ms", notes: "100 per page, 3 requests at a time, include=shipment" },
      ];
    } finally {
      await server.close();
    }
  } finally {
    await browser.close();
    await tracker.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

// In-page code as text: tsx would otherwise wrap inner functions in a `__name` helper the page lacks.

/** In the page: 50 → 1,000 rows per page, until the frame after the 1,000th row is in the DOM. */
const renderThousandRows = `(async () => {
  const select = document.querySelector("#page-size");
  const started = performance.now();
  select.value = "1000";
  select.dispatchEvent(new Event("change", { bubbles: true }));
  await new Promise((resolve) => {
    const check = () => (document.querySelectorAll("table.containers tbody tr").length >= 1000 ? resolve() : requestAnimationFrame(check));
    check();
  });
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  return performance.now() - started;
})()`;

/** In the page: the floor, a 1,000-row, 9-cell table of short text built as one HTML string. */
const plainThousandRows = `(async () => {
  const started = performance.now();
  const cells = Array.from({ length: 8 }, (_, i) => "<td>cell " + i + "</td>").join("");
  const host = document.createElement("div");
  host.innerHTML = "<table><tbody>" + Array.from({ length: 1000 }, (_, i) => '<tr><th><a href="#r' + i + '">ROW' + i + "</a></th>" + cells + "</tr>").join("") + "</tbody></table>";
  document.body.append(host);
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  const elapsed = performance.now() - started;
  host.remove();
  return elapsed;
})()`;
