import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projectionOf, type ProjectionParameters } from "../src/app/map/projection.js";
import { formatExact } from "../src/app/lib/lfd.js";
import { REPOSITORY_ROOT, startBollardServer, type BollardServer } from "./testing/bollard-server.js";
import { chromiumAvailable, launchBrowser, screenshot, seriousViolations, type TestBrowser } from "./testing/browser.js";

// The dashboard in Debian's Chromium against a real `bollard serve` (from source, temp SQLite,
// demo data, a real socket). Every test saves a screenshot under test-output/.

let server: BollardServer;
let browser: TestBrowser;
let page: Page;

interface ApiContainer {
  id: string;
  attributes: { number: string; current_status: string; pickup_lfd: string | null; pod_full_out_at: string | null; pod_timezone: string | null };
  relationships: { shipment: { data: { id: string } } };
}

async function allContainers(): Promise<ApiContainer[]> {
  const body = await server.api<{ data: ApiContainer[]; meta: { total: number } }>("/containers?page%5Bsize%5D=100");
  expect(body.meta.total).toBeLessThanOrEqual(100);
  return body.data;
}

async function signIn(key = server.apiKey): Promise<void> {
  await page.goto(`${server.base}/`);
  await page.getByLabel("API key").fill(key);
  await page.getByRole("button", { name: "Open the dashboard" }).click();
}

/** Opens a path of the app, entering the key when the page asks for it (each test stands alone). */
async function open(path: string): Promise<void> {
  await page.goto(`${server.base}${path}`);
  const form = page.getByLabel("API key");
  await page.waitForSelector("main h1");
  if (await form.isVisible()) {
    await form.fill(server.apiKey);
    await page.getByRole("button", { name: "Open the dashboard" }).click();
  }
  await page.locator("header.top").waitFor();
}

const runsHere = chromiumAvailable();

beforeAll(async () => {
  if (!runsHere) return;
  server = await startBollardServer(["--allow-private-webhooks"]);
  browser = await launchBrowser();
  page = await browser.context.newPage();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe.skipIf(!runsHere)("the dashboard in a browser", () => {
  it("shows a clear message for a wrong key and keeps it out of the address", async () => {
    await signIn("bol_not-a-real-key");
    const alert = page.getByRole("alert");
    await expect.poll(() => alert.textContent()).toContain("This API key was not accepted (401 Unauthorized)");
    expect(page.url()).not.toContain("bol_");
    expect(await page.evaluate(() => sessionStorage.getItem("bollard.apiKey"))).toBeNull();
    await screenshot(page, "wrong-key");
    expect(await seriousViolations(page)).toEqual([]);
  });

  it("lists every demo container, filters and searches them, under 300 KB of compressed JavaScript, keyboard first", async () => {
    const scripts: { url: string; bytes: number }[] = [];
    const onResponse = async (response: import("playwright-core").Response) => {
      if (response.request().resourceType() === "script") scripts.push({ url: response.url(), bytes: (await response.request().sizes()).responseBodySize });
    };
    // A first visit: nothing from the cache (the previous test loaded the same files).
    const cdp = await browser.context.newCDPSession(page);
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    page.on("response", onResponse);
    await page.goto(`${server.base}/`, { waitUntil: "load" });
    page.off("response", onResponse);
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: false });
    await cdp.detach();
    const jsBytes = scripts.reduce((sum, script) => sum + script.bytes, 0);
    expect(scripts.length).toBeGreaterThan(0);
    expect(jsBytes).toBeLessThan(300 * 1024);

    // Keyboard: the first Tab reaches the key field, the form submits with Enter.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("api-key");
    await page.keyboard.type(server.apiKey);
    await page.keyboard.press("Enter");
    const containers = await allContainers();
    const count = page.getByTestId("match-count");
    await expect.poll(() => count.getAttribute("data-count"), { timeout: 30_000 }).toBe(String(containers.length));
    expect(await page.evaluate(() => sessionStorage.getItem("bollard.apiKey"))).toBe(server.apiKey);
    expect(page.url()).not.toContain(server.apiKey);

    // Focus is visible: the skip link, then the first view link, each with an outline.
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => ({ text: document.activeElement?.textContent, outline: getComputedStyle(document.activeElement!).outlineStyle }));
    expect(focused).toEqual({ text: "Skip to content", outline: "solid" });

    await page.getByLabel("Status").selectOption("on_ship");
    const onShip = containers.filter((container) => container.attributes.current_status === "on_ship");
    await expect.poll(() => count.getAttribute("data-count")).toBe(String(onShip.length));
    expect(await page.locator("table.containers tbody tr").count()).toBe(Math.min(50, onShip.length));
    expect(page.url()).toContain("status=on_ship");

    await page.getByRole("button", { name: "Clear filters" }).click();
    await page.getByLabel("With holds only").check();
    const rows = page.locator("table.containers tbody tr");
    await expect.poll(() => rows.count()).toBeGreaterThan(0);
    for (const text of await rows.locator("ul.holds").allTextContents()) expect(text.length).toBeGreaterThan(0);

    await page.getByRole("button", { name: "Clear filters" }).click();
    const target = onShip[0]!.attributes.number;
    await page.getByLabel("Search").fill(target.toLowerCase());
    await expect.poll(() => count.getAttribute("data-count")).toBe("1");
    await screenshot(page, "containers-search");
    await page.getByRole("button", { name: "Clear filters" }).click();
    await expect.poll(() => count.getAttribute("data-count")).toBe(String(containers.length));
    await screenshot(page, "containers");
    expect(await seriousViolations(page)).toEqual([]);
  }, 90_000);

  it("downloads every container as a CSV file from the containers view, through the export and with the key", async () => {
    await open("/app/");
    const button = page.getByRole("button", { name: "Download all containers (CSV)" });
    const [download] = await Promise.all([page.waitForEvent("download"), button.click()]);
    expect(download.suggestedFilename()).toMatch(/^containers-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = readFileSync((await download.path())!, "utf8").replace(/^\uFEFF/, "");
    expect(text.startsWith("id,number,shipment_id")).toBe(true);
    // Records, not lines: a quoted cell may hold a line break.
    const records = text.replace(/"(?:[^"]|"")*"/g, "").split(/\r?\n/).filter((line) => line !== "");
    const { meta } = await server.api<{ meta: { total: number } }>("/containers?page%5Bsize%5D=1");
    expect(records.length - 1).toBe(meta.total);
    await expect.poll(() => button.isEnabled()).toBe(true);
    await screenshot(page, "containers-download");
    expect(await seriousViolations(page)).toEqual([]);
  }, 90_000);

  it("opens a container whose map has its ports, past path and current vessel where the API puts them", async () => {
    const containers = await allContainers();
    let chosen: { container: ApiContainer; map: any } | null = null;
    for (const container of containers.filter((c) => c.attributes.current_status === "on_ship")) {
      const map = await server.api(`/containers/${container.id}/map_geojson`);
      const types = map.features.map((feature: any) => feature.properties.feature_type);
      if (types.includes("current_vessel") && types.includes("past_vessel_locations") && (!chosen || types.length > chosen.map.features.length)) chosen = { container, map };
    }
    expect(chosen).not.toBeNull();
    const { container, map } = chosen!;
    await open("/app/");
    await page.getByLabel("Search").fill(container.attributes.number);
    await page.getByRole("link", { name: container.attributes.number }).click();
    await page.waitForURL(`**/app/containers/${container.id}`);
    const svg = page.locator("svg.route-map");
    await svg.waitFor();
    await expect.poll(() => svg.getAttribute("data-land"), { timeout: 20_000 }).toBe("loaded");
    expect(await page.locator("h1").textContent()).toContain(container.attributes.number);

    const parameters: ProjectionParameters = {
      kind: (await svg.getAttribute("data-projection")) as ProjectionParameters["kind"],
      rotate: Number(await svg.getAttribute("data-rotate")),
      scale: Number(await svg.getAttribute("data-scale")),
      translate: (await svg.getAttribute("data-translate"))!.split(",").map(Number) as [number, number],
    };
    const projection = projectionOf(parameters);
    const placedAt = async (selector: string) => {
      const marker = page.locator(selector);
      const transform = (await marker.getAttribute("transform"))!;
      const [, x, y] = /translate\(([-\d.e]+) ([-\d.e]+)\)/.exec(transform)!;
      return { lon: Number(await marker.getAttribute("data-lon")), lat: Number(await marker.getAttribute("data-lat")), x: Number(x), y: Number(y) };
    };
    const expectAt = (placed: { lon: number; lat: number; x: number; y: number }, coordinates: [number, number]) => {
      expect([placed.lon, placed.lat]).toEqual(coordinates);
      const [x, y] = projection(coordinates)!;
      expect(Math.abs(placed.x - x)).toBeLessThan(0.01);
      expect(Math.abs(placed.y - y)).toBeLessThan(0.01);
      expect(placed.x).toBeGreaterThanOrEqual(0);
      expect(placed.x).toBeLessThanOrEqual(960);
    };
    for (const label of ["POL", "POD"]) {
      const port = map.features.find((feature: any) => feature.properties.feature_type === "port" && feature.properties.label === label);
      expectAt(await placedAt(`g[data-feature="port"][data-label="${label}"]`), port.geometry.coordinates);
    }
    const vessel = map.features.find((feature: any) => feature.properties.feature_type === "current_vessel");
    expectAt(await placedAt('g[data-feature="current_vessel"]'), vessel.geometry.coordinates);
    expect(Number(await page.locator('g[data-feature="current_vessel"]').getAttribute("data-heading"))).toBe(vessel.properties.vessel_location_heading);
    const past = map.features.filter((feature: any) => feature.properties.feature_type === "past_vessel_locations");
    const drawn = page.locator('path[data-feature="past_vessel_locations"]');
    expect(await drawn.count()).toBe(past.length);
    expect(Number(await drawn.first().getAttribute("data-point-count"))).toBe(past[0].geometry.coordinates.length);
    expect((await drawn.first().getAttribute("d"))!.length).toBeGreaterThan(20);
    expect(await page.locator('path[data-feature="estimated_partial_leg"]').count()).toBe(map.features.filter((feature: any) => feature.properties.feature_type === "estimated_partial_leg").length);

    // The journey lists the API's transport events, in local time.
    const events = await server.api(`/containers/${container.id}/transport_events`);
    await expect.poll(() => page.locator(".timeline li.actual").count()).toBe(events.data.length);
    await page.waitForTimeout(300);
    const shot = await screenshot(page, "container-page");
    if (process.env.UPDATE_README_SCREENSHOT) {
      mkdirSync(join(REPOSITORY_ROOT, "docs/images"), { recursive: true });
      copyFileSync(shot, join(REPOSITORY_ROOT, "docs/images/container-page.png"));
    }
    expect(await seriousViolations(page)).toEqual([]);
  }, 90_000);

  it("orders the last free day board as the API's data says", async () => {
    await open("/app/lfd");
    const containers = await allContainers();
    const done = new Set(["picked_up", "off_dock", "delivered", "dropped", "loaded", "empty_returned", "on_rail"]);
    const now = Date.now();
    const localDate = (at: number, timeZone: string | null) => new Date(at).toLocaleDateString("en-CA", { timeZone: timeZone ?? "UTC" });
    const days = (lfd: string, timeZone: string | null) => (Date.parse(localDate(Date.parse(lfd), timeZone)) - Date.parse(localDate(now, timeZone))) / 86_400_000;
    const expected: Record<string, string[]> = { overdue: [], today: [], soon: [], later: [] };
    const waiting = containers
      .filter((c) => c.attributes.pickup_lfd !== null && !done.has(c.attributes.current_status) && c.attributes.pod_full_out_at === null)
      .sort((a, b) => Date.parse(a.attributes.pickup_lfd!) - Date.parse(b.attributes.pickup_lfd!) || a.attributes.number.localeCompare(b.attributes.number));
    for (const c of waiting) {
      const d = days(c.attributes.pickup_lfd!, c.attributes.pod_timezone);
      expected[d < 0 ? "overdue" : d === 0 ? "today" : d <= 3 ? "soon" : "later"]!.push(c.attributes.number);
    }
    expect(waiting.length).toBeGreaterThan(3);
    for (const bucket of Object.keys(expected)) {
      const titles = page.locator(`section[data-bucket="${bucket}"] .card-title`);
      await expect.poll(() => titles.allTextContents(), { timeout: 20_000 }).toEqual(expected[bucket]);
    }
    // Each card shows the money at risk the API works out from the demo's sample rules, exactly.
    type Money = { amount: string; currency: string };
    const exposure = await server.api<{ data: { attributes: { key: string; accrued: Money[]; projected: Money[] } }[] }>("/demurrage_exposure?group_by=container&page%5Bsize%5D=100");
    const byId = new Map(exposure.data.map((group) => [group.attributes.key, group.attributes]));
    const priced = waiting.filter((c) => (byId.get(c.id)?.accrued.length ?? 0) > 0);
    expect(priced.length).toBeGreaterThan(2);
    for (const c of priced) {
      const figures = byId.get(c.id)!;
      await expect
        .poll(() => page.locator(`li[data-container-id="${c.id}"] [data-testid="card-money"]`).textContent(), { timeout: 20_000 })
        .toBe(`${figures.accrued.map(formatExact).join(", ")} accrued · ${figures.projected.map(formatExact).join(", ")} projected`);
    }
    await screenshot(page, "lfd-board");
    expect(await seriousViolations(page)).toEqual([]);
  }, 60_000);

  it("shows a container's demurrage with its basis, money and the working, as the API works them out", async () => {
    type Charge = { charge_type: string; status: string; accrued: { amount: string; currency: string } | null; charged_days: number; working: unknown[] };
    const containers = await allContainers();
    let found: { id: string; charge: Charge } | null = null;
    for (const c of containers) {
      const body = await server.api<{ data: { attributes: { charges: Charge[] } } }>(`/containers/${c.id}/demurrage`);
      const charge = body.data.attributes.charges.find((x) => x.status === "charging" && x.accrued !== null);
      if (charge) {
        found = { id: c.id, charge };
        break;
      }
    }
    expect(found).not.toBeNull();
    await open(`/app/containers/${found!.id}`);
    const panel = page.getByTestId("demurrage-panel");
    const { charge } = found!;
    await expect.poll(() => panel.getByTestId(`accrued-${charge.charge_type}`).textContent(), { timeout: 20_000 }).toBe(`${formatExact(charge.accrued!)} (${charge.charged_days} day${charge.charged_days === 1 ? "" : "s"})`);
    await panel.locator(`[data-charge="${charge.charge_type}"] summary`).click();
    await expect.poll(() => panel.locator(`[data-charge="${charge.charge_type}"] table.working tbody tr`).count()).toBe(charge.working.length);
    await screenshot(page, "container-demurrage");
    expect(await seriousViolations(page)).toEqual([]);
  }, 60_000);

  it("lists the open exceptions as the API has them, newest first, with a count per rule", async () => {
    type ApiException = { id: string; attributes: { kind: string; detail: string }; relationships: { container: { data: { id: string } | null } } };
    const openExceptions = () => server.api<{ data: ApiException[]; meta: { total: number } }>("/exceptions?filter%5Bstatus%5D=open&page%5Bsize%5D=100");
    // The server evaluates its rules as its background loops start.
    await expect.poll(async () => (await openExceptions()).meta.total, { timeout: 60_000 }).toBeGreaterThan(0);
    const body = await openExceptions();
    await open("/app/exceptions");
    const rows = page.locator("table.exceptions tbody tr");
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(body.data.length);
    expect(await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-exception-id")))).toEqual(body.data.map((e) => e.id));
    expect(await page.locator("table.exceptions tbody tr td.detail").first().textContent()).toBe(body.data[0]!.attributes.detail);
    const kinds = new Map<string, number>();
    for (const e of body.data) kinds.set(e.attributes.kind, (kinds.get(e.attributes.kind) ?? 0) + 1);
    for (const [kind, count] of kinds) expect(await page.locator(`.exception-counts li[data-kind="${kind}"] .count`).textContent()).toBe(String(count));
    const onBox = body.data.find((e) => e.relationships.container.data !== null);
    if (onBox) expect(await page.locator(`tr[data-exception-id="${onBox.id}"] a`).getAttribute("href")).toBe(`/app/containers/${onBox.relationships.container.data!.id}`);
    await screenshot(page, "exceptions");
    expect(await seriousViolations(page)).toEqual([]);
  }, 90_000);

  it("shows the vessels at sea with a count each, and lists a vessel's containers when clicked", async () => {
    await open("/app/at-sea");
    const markers = page.locator("g.vessel-marker");
    await expect.poll(() => markers.count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await expect.poll(() => page.locator("p.help[role=status]").textContent(), { timeout: 30_000 }).not.toContain("locating");
    const first = markers.first();
    const count = Number(await first.locator("text.count").textContent());
    await first.click();
    const list = page.getByTestId("vessel-containers").locator("li");
    await expect.poll(() => list.count()).toBe(count);
    // Each listed container's map puts it on that vessel, where the marker is.
    const vesselId = await first.getAttribute("data-vessel-id");
    const href = await list.first().locator("a").getAttribute("href");
    const map = await server.api(`/containers/${href!.split("/").pop()}/map_geojson`);
    const vessel = map.features.find((feature: any) => feature.properties.feature_type === "current_vessel");
    expect(vessel.properties.vessel_id).toBe(vesselId);
    expect([Number(await first.getAttribute("data-lon")), Number(await first.getAttribute("data-lat"))]).toEqual(vessel.geometry.coordinates);
    await screenshot(page, "at-sea");
    expect(await seriousViolations(page)).toEqual([]);
  }, 60_000);

  it("stops and resumes tracking from the container page, and the API says so", async () => {
    const container = (await allContainers()).find((c) => c.attributes.current_status === "on_ship")!;
    const shipmentId = container.relationships.shipment.data.id;
    await open(`/app/containers/${container.id}`);
    const state = page.getByTestId("tracking-state");
    await expect.poll(() => state.textContent(), { timeout: 20_000 }).toContain("Active");
    await page.getByRole("button", { name: "Stop tracking" }).click();
    await expect.poll(() => state.textContent()).toContain("Stopped");
    const stopped = await server.api(`/shipments/${shipmentId}`);
    expect(stopped.data.attributes.line_tracking_stopped_at).not.toBeNull();
    expect(stopped.data.attributes.line_tracking_stopped_reason).not.toBeNull();
    await screenshot(page, "tracking-stopped");
    await page.getByRole("button", { name: "Resume tracking" }).click();
    await expect.poll(() => state.textContent()).toContain("Active");
    expect((await server.api(`/shipments/${shipmentId}`)).data.attributes.line_tracking_stopped_at).toBeNull();
  }, 60_000);

  it("updates the open page without a reload when the data changes (ETag polling)", async () => {
    const container = (await allContainers()).find((c) => c.attributes.current_status === "on_ship")!;
    const shipmentId = container.relationships.shipment.data.id;
    const statuses: number[] = [];
    page.on("response", (response) => {
      if (response.url().includes(`/v2/containers/${container.id}?`)) statuses.push(response.status());
    });
    await open(`/app/containers/${container.id}`);
    const state = page.getByTestId("tracking-state");
    await expect.poll(() => state.textContent(), { timeout: 20_000 }).toContain("Active");
    await page.evaluate(() => ((window as unknown as { marker: boolean }).marker = true));
    await server.api(`/shipments/${shipmentId}/stop_tracking`, { method: "PATCH" });
    await expect.poll(() => state.textContent(), { timeout: 25_000, interval: 500 }).toContain("Stopped");
    expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true); // no reload happened
    expect(statuses[0]).toBe(200);
    expect(statuses.at(-1)).toBe(200);
    await screenshot(page, "live-update");
    // Unchanged since: the next polls are 304s, with nothing to parse.
    await expect.poll(() => statuses.filter((status) => status === 304).length, { timeout: 25_000, interval: 500 }).toBeGreaterThan(0);
    await server.api(`/shipments/${shipmentId}/resume_tracking`, { method: "PATCH" });
  }, 90_000);

  it("lists webhooks and sends a signed test notification", async () => {
    const received: { headers: Record<string, unknown>; body: string }[] = [];
    const receiver: Server = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk) => (body += chunk));
      request.on("end", () => {
        received.push({ headers: request.headers, body });
        response.writeHead(200).end("ok");
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    try {
      const port = (receiver.address() as { port: number }).port;
      await server.api("/webhooks", { method: "POST", body: JSON.stringify({ data: { type: "webhook", attributes: { url: `http://127.0.0.1:${port}/hook`, events: ["container.transport.vessel_arrived"] } } }) });
      await open("/app/webhooks");
      await page.getByRole("button", { name: "Send test notification" }).click();
      await expect.poll(() => page.getByTestId("test-result").textContent(), { timeout: 20_000 }).toContain("Delivered: 200");
      expect(received).toHaveLength(1);
      expect(received[0]!.headers["x-t49-webhook-signature"]).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.parse(received[0]!.body).data.attributes.event).toBe("container.transport.vessel_arrived");
      await screenshot(page, "webhooks");
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      receiver.close();
    }
  }, 60_000);

  it("creates a webhook through the form (the server's errors beside their fields, its secret once) and redelivers a notification; a viewer key is told it cannot", async () => {
    const received: { path: string; id: string; signature: unknown }[] = [];
    const receiver: Server = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk) => (body += chunk));
      request.on("end", () => {
        received.push({ path: request.url ?? "", id: JSON.parse(body).data.id, signature: request.headers["x-t49-webhook-signature"] });
        response.writeHead(200).end("ok");
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/created`;
      await open("/app/webhooks");
      const create = page.getByRole("button", { name: "Create webhook" });

      // Nothing filled in: the server answers 422, and each error is shown beside its field.
      await create.click();
      await expect.poll(() => page.locator("#webhook-url-error").count(), { timeout: 20_000 }).toBe(1);
      expect(await page.locator("#webhook-url-error").textContent()).not.toBe("");
      expect(await page.locator("#webhook-events-error").textContent()).not.toBe("");
      expect(await page.locator("#webhook-url").getAttribute("aria-invalid")).toBe("true");
      expect(await page.getByTestId("webhook-form-error").textContent()).toContain("422");

      await page.locator("#webhook-url").fill(url);
      await page.getByLabel("tracking_request.succeeded", { exact: true }).check();
      await create.click();
      const secret = page.getByTestId("new-webhook-secret");
      await expect.poll(() => secret.textContent(), { timeout: 20_000 }).toMatch(/^[0-9a-f]{64}$/);
      expect(await page.locator("#webhook-url-error").count()).toBe(0);
      const webhooks = await server.api<{ data: { id: string; attributes: { url: string; events: string[]; active: boolean; secret: string } }[] }>("/webhooks?page%5Bsize%5D=100");
      const made = webhooks.data.find((webhook) => webhook.attributes.url === url)!;
      expect(made.attributes).toMatchObject({ events: ["tracking_request.succeeded"], active: true, secret: await secret.textContent() });
      await expect.poll(() => page.locator(`li[data-webhook-id="${made.id}"]`).count(), { timeout: 20_000 }).toBe(1);
      await screenshot(page, "webhooks-created");
      expect(await seriousViolations(page)).toEqual([]);

      // A real notification: tracking a test number fires tracking_request.succeeded at the new webhook.
      const request = { data: { type: "tracking_request", attributes: { request_type: "bill_of_lading", request_number: "TEST-TR-SUCCEEDED", scac: "TEST" } } };
      await server.api("/tracking_requests", { method: "POST", body: JSON.stringify(request) });
      await expect.poll(() => received.length, { timeout: 60_000 }).toBe(1);
      const notificationId = received[0]!.id;
      const row = page.locator(`tr[data-notification-id="${notificationId}"]`);
      await expect.poll(() => row.getAttribute("data-delivery-status"), { timeout: 60_000 }).toBe("succeeded");
      await row.getByRole("button", { name: "Redeliver" }).click();
      await expect.poll(() => row.getByTestId("redeliver-result").textContent(), { timeout: 20_000 }).toContain("Queued");
      // The same notification, sent again: same id, signed again.
      await expect.poll(() => received.length, { timeout: 60_000 }).toBe(2);
      expect(received.map((delivery) => [delivery.path, delivery.id])).toEqual([["/created", notificationId], ["/created", notificationId]]);
      expect(received[1]!.signature).toMatch(/^[0-9a-f]{64}$/);
      await expect.poll(() => row.getAttribute("data-delivery-status"), { timeout: 60_000 }).toBe("succeeded");
      await screenshot(page, "webhooks-redelivered");

      // A viewer key reads the page; creating and redelivering say that it cannot write.
      const viewerKey = (await server.cli(["keys", "create", "--db", server.db, "--account", "Demo", "--role", "viewer"])).trim();
      await page.getByRole("button", { name: "Forget key" }).click();
      await page.getByLabel("API key").fill(viewerKey);
      await page.getByRole("button", { name: "Open the dashboard" }).click();
      await page.locator("#webhook-url").fill(`${url}-viewer`);
      await page.getByLabel("tracking_request.failed", { exact: true }).check();
      await create.click();
      await expect.poll(() => page.getByTestId("webhook-form-error").textContent(), { timeout: 20_000 }).toContain("viewer role");
      await expect.poll(() => row.getAttribute("data-delivery-status"), { timeout: 60_000 }).toBe("succeeded");
      await row.getByRole("button", { name: "Redeliver" }).click();
      await expect.poll(() => row.getByTestId("redeliver-result").textContent(), { timeout: 20_000 }).toContain("viewer role");
      expect(received).toHaveLength(2);
      expect((await server.api<{ data: { attributes: { url: string } }[] }>("/webhooks?page%5Bsize%5D=100")).data.map((webhook) => webhook.attributes.url)).not.toContain(`${url}-viewer`);
    } finally {
      // The next test signs in with the editor key again.
      if (await page.getByRole("button", { name: "Forget key" }).isVisible()) await page.getByRole("button", { name: "Forget key" }).click();
      receiver.close();
    }
  }, 240_000);

  it("imports a CSV on the Import page: a dry run shows how its columns are read and each row's result, then Import creates the good rows; the server's refusals show in place", async () => {
    const dir = mkdtempSync(join(tmpdir(), "bollard-dashboard-import-"));
    // Two valid container numbers (ISO 6346 check digits 6 and 0) and one with a wrong check digit.
    const boxes = join(dir, "boxes.csv");
    writeFileSync(boxes, "Container #,Carrier\nMSCU1234566,MSC\nTGHU7654320,Maersk\nMSCU1234560,MSC\n");
    const countsOf = (results: Locator) => results.getByTestId("job-counts").locator("li").evaluateAll((items) => Object.fromEntries(items.map((item) => [item.getAttribute("data-status"), item.querySelector(".count")!.textContent])));
    const linesOf = (results: Locator) => results.locator("table.bulk-rows tbody tr").evaluateAll((trs) => trs.map((tr) => [tr.getAttribute("data-line"), tr.getAttribute("data-status")]));
    const badCheckDigit = "Container #: Request number 'MSCU1234560' is not a valid ISO 6346 container number";
    try {
      await open("/app/import");
      const file = page.getByLabel("File to check (CSV, XLSX or JSON)");
      await file.setInputFiles(boxes);
      const check = page.getByTestId("check-results");
      await expect.poll(() => check.getAttribute("data-status"), { timeout: 30_000 }).toBe("completed");
      expect(await check.locator("table.column-mapping tbody tr").evaluateAll((trs) => trs.map((tr) => [tr.querySelector("th")!.textContent, tr.querySelector("td")!.textContent]))).toEqual([
        ["Container #", "container_number"],
        ["Carrier", "scac"],
      ]);
      expect(await countsOf(check)).toEqual({ total: "3", valid: "2", duplicate: "0", invalid: "1" });
      await expect.poll(() => linesOf(check), { timeout: 20_000 }).toEqual([["2", "valid"], ["3", "valid"], ["4", "invalid"]]);
      expect(await check.locator('tr[data-status="invalid"] ul.row-errors').textContent()).toBe(badCheckDigit);
      // Filtered to the invalid rows.
      await check.getByLabel("Show rows").selectOption("invalid");
      await expect.poll(() => linesOf(check)).toEqual([["4", "invalid"]]);
      await screenshot(page, "import-checked");
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByRole("button", { name: "Import 2 rows" }).click();
      const imported = page.getByTestId("import-results");
      await expect.poll(() => imported.getAttribute("data-status"), { timeout: 30_000 }).toBe("completed");
      expect(await countsOf(imported)).toEqual({ total: "3", created: "2", duplicate: "0", invalid: "1" });
      await expect.poll(() => linesOf(imported), { timeout: 20_000 }).toEqual([["2", "created"], ["3", "created"], ["4", "invalid"]]);
      expect(await imported.locator('tr[data-status="invalid"] ul.row-errors').textContent()).toBe(badCheckDigit);
      // The API has the two tracking requests the rows point at.
      const jobId = (await imported.getAttribute("data-job-id"))!;
      const requestIds = await imported.locator('tr[data-status="created"]').evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-tracking-request-id")));
      const created = await server.api<{ data: { relationships: { tracking_request: { data: { id: string } } } }[] }>(`/bulk_jobs/${jobId}/rows?filter%5Bstatus%5D=created`);
      expect(created.data.map((row) => row.relationships.tracking_request.data.id)).toEqual(requestIds);
      const requests = await Promise.all(requestIds.map((id) => server.api<{ data: { attributes: { request_number: string; scac: string } } }>(`/tracking_requests/${id}`)));
      expect(requests.map((request) => [request.data.attributes.request_number, request.data.attributes.scac])).toEqual([
        ["MSCU1234566", "MSCU"],
        ["TGHU7654320", "MAEU"],
      ]);
      await expect.poll(() => page.locator(`table.recent-imports tr[data-job-id="${jobId}"]`).textContent(), { timeout: 20_000 }).toContain("2 created, 0 already tracked, 1 invalid");
      await screenshot(page, "import-done");
      expect(await seriousViolations(page)).toEqual([]);

      // A file with no column of numbers: the server's 422, in place.
      const customers = join(dir, "customers.csv");
      writeFileSync(customers, "Carrier,Customer\nMSCU,Acme\n");
      await file.setInputFiles(customers);
      await expect.poll(() => page.getByTestId("import-error").textContent(), { timeout: 20_000 }).toContain("No column holds the numbers to track");
      expect(await page.getByTestId("check-results").count()).toBe(0);

      // A viewer key is told that importing needs an editor key.
      const viewerKey = (await server.cli(["keys", "create", "--db", server.db, "--account", "Demo", "--role", "viewer"])).trim();
      await page.getByRole("button", { name: "Forget key" }).click();
      await page.getByLabel("API key").fill(viewerKey);
      await page.getByRole("button", { name: "Open the dashboard" }).click();
      await page.getByLabel("File to check (CSV, XLSX or JSON)").setInputFiles(boxes);
      await expect.poll(() => page.getByTestId("import-error").textContent(), { timeout: 20_000 }).toContain("viewer role");
    } finally {
      // The next test signs in with the editor key again.
      if (await page.getByRole("button", { name: "Forget key" }).isVisible()) await page.getByRole("button", { name: "Forget key" }).click();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it("shows every view, and a JSON page of the API, with no console error: the favicon is there", async () => {
    // A browser of its own: a fresh profile has no icon cached, so it asks for every one.
    const fresh = await launchBrowser();
    const tab = await fresh.context.newPage();
    const errors: string[] = [];
    tab.on("console", (message) => {
      if (message.type() === "error") errors.push(`${message.text()} (${message.location().url})`);
    });
    tab.on("pageerror", (error) => errors.push(error.message));
    const icons: { path: string; status: number; type: string | undefined }[] = [];
    tab.on("response", (response) => {
      const path = new URL(response.url()).pathname;
      if (path.includes("favicon")) icons.push({ path, status: response.status(), type: response.headers()["content-type"] });
    });
    try {
      const container = (await allContainers()).find((c) => c.attributes.current_status === "on_ship")!;
      await tab.goto(`${server.base}/`);
      await tab.getByLabel("API key").fill(server.apiKey);
      await tab.getByRole("button", { name: "Open the dashboard" }).click();
      await tab.locator("header.top").waitFor();
      for (const path of ["/app/", "/app/at-sea", "/app/lfd", "/app/exceptions", "/app/webhooks", "/app/import", `/app/containers/${container.id}`]) {
        await tab.goto(`${server.base}${path}`, { waitUntil: "networkidle" });
        await tab.locator("header.top").waitFor();
      }
      expect(await tab.locator('link[rel="icon"]').getAttribute("href")).toBe("/app/favicon.svg");
      await expect.poll(() => icons.some((icon) => icon.path === "/app/favicon.svg"), { timeout: 30_000 }).toBe(true);
      for (const icon of icons) expect(icon).toMatchObject({ status: 200, type: "image/svg+xml" });
      // A page with no icon link (the API's JSON): the browser itself asks for /favicon.ico (a request
      // the page's events do not show; a 404 would be logged as a console error), and gets the icon.
      await tab.goto(`${server.base}/v2/openapi.json`, { waitUntil: "networkidle" });
      const ico = await fetch(`${server.base}/favicon.ico`);
      expect([ico.status, ico.headers.get("content-type")]).toEqual([200, "image/svg+xml"]);
      await tab.goto(`${server.base}/app/webhooks`, { waitUntil: "networkidle" });
      await tab.locator("header.top").waitFor();
      expect(errors).toEqual([]);
    } finally {
      await fresh.close();
    }
  }, 120_000);
});
