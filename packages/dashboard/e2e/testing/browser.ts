import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type BrowserContext, type Page } from "playwright-core";

/** Debian's chromium (apt-get install chromium); override with CHROMIUM_PATH. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * Whether the browser tests can run here: yes when {@link CHROMIUM} exists. When it does not, they
 * are skipped with the reason printed, except in CI (`CI` set), where a missing browser is an
 * error: CI installs chromium and must never pass by skipping them.
 */
export function chromiumAvailable(): boolean {
  if (existsSync(CHROMIUM)) return true;
  const reason = `no Chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH)`;
  if (process.env.CI) throw new Error(`The browser tests cannot be skipped in CI: ${reason}`);
  console.warn(`Skipping the browser tests: ${reason}`);
  return false;
}

/** Where the browser tests put their screenshots (git-ignored). */
export const TEST_OUTPUT = fileURLToPath(new URL("../../test-output/", import.meta.url));

/** A headless Chromium on a fresh profile, and how to close it. */
export interface TestBrowser {
  /** The browser's one context (its profile is a new temporary folder). */
  context: BrowserContext;
  /** Closes the browser and deletes its profile. */
  close(): Promise<void>;
}

/**
 * Launches the system Chromium headless on a fresh profile. The network flags keep it from
 * calling home (the machines have no internet; its background connections would only fail).
 */
export async function launchBrowser(): Promise<TestBrowser> {
  const profile = mkdtempSync(join(tmpdir(), "bollard-chromium-"));
  // Playwright passes the profile as --user-data-dir itself.
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    viewport: { width: 1400, height: 900 },
    // axe-core is injected into the page; the dashboard's CSP (script-src 'self') would refuse it.
    bypassCSP: true,
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Saves a full-page screenshot as `test-output/<name>.png` and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(TEST_OUTPUT, { recursive: true });
  const path = join(TEST_OUTPUT, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** A violation axe-core reports. */
export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/**
 * Runs axe-core (from node_modules, injected into the page) with the WCAG 2 A and AA rules and
 * resolves to the serious and critical violations.
 */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(axeSource);
  // As text: this file is also compiled without the DOM library (the benchmarks import it).
  const violations = await page.evaluate<AxeViolation[]>(`(async () => {
    const result = await window.axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } });
    return result.violations.map((violation) => ({ id: violation.id, impact: violation.impact, help: violation.help, nodes: violation.nodes.map((node) => node.target.join(" ")) }));
  })()`);
  return violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
}
