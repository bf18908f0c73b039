import { createTracker, generateDemoDataset, manualClock, type DemoDataset, type Storage, type Tracker, type TrackerOptions } from "@bollard/core";
import { memoryStorage } from "@bollard/storage-memory";
import { createHttpApp, type HttpAppOptions } from "../app.js";
import { openApiDocument } from "../openapi/openapi-document.js";
import { createOpenApiValidator } from "./openapi-validator.js";

/** A response as the tests look at it. */
export interface TestResponse {
  status: number;
  headers: Headers;
  body: any;
}

/** Options of one test request. */
export interface TestRequestOptions {
  key?: string | null;
  body?: unknown;
  /** Raw body text, sent as is. */
  raw?: string;
  headers?: Record<string, string>;
}

/**
 * An app over a tracker on a manual clock with two accounts (Acme: editor and viewer keys,
 * demo seed 1; Globex: editor key, demo seed 2). Every response is checked against the served
 * OpenAPI document before the test sees it. With `tracker.sandbox`, the tracker runs on its sandbox
 * clock (`tracker.sandbox.clock`) and the returned manual `clock` is not the tracker's.
 */
export async function createHarness(options: { storage?: Storage; app?: HttpAppOptions; tracker?: Omit<TrackerOptions, "storage" | "clock"> } = {}) {
  const clock = manualClock("2026-11-01T12:00:00Z");
  const tracker: Tracker = await createTracker({ ...options.tracker, storage: options.storage ?? memoryStorage(), ...(!options.tracker?.sandbox && { clock }) });
  const acme = await tracker.accounts.create("Acme Imports");
  const globex = await tracker.accounts.create("Globex Freight");
  const keys = {
    editor: (await tracker.accounts.issueKey(acme.id, { role: "editor" })).apiKey,
    viewer: (await tracker.accounts.issueKey(acme.id, { role: "viewer" })).apiKey,
    other: (await tracker.accounts.issueKey(globex.id, { role: "editor" })).apiKey,
  };
  const data: { acme: DemoDataset; globex: DemoDataset } = {
    acme: generateDemoDataset({ seed: 1, accountId: acme.id, now: tracker.clock.now(), shipments: 12 }),
    globex: generateDemoDataset({ seed: 2, accountId: globex.id, now: tracker.clock.now(), shipments: 6 }),
  };
  await tracker.accounts.loadDemo(data.acme);
  await tracker.accounts.loadDemo(data.globex);
  const app = createHttpApp(tracker, options.app);
  const validate = createOpenApiValidator(openApiDocument(tracker.wireCompat));

  async function request(method: string, path: string, opts: TestRequestOptions = {}): Promise<TestResponse> {
    const headers: Record<string, string> = { ...opts.headers };
    const key = opts.key === undefined ? keys.editor : opts.key;
    if (key !== null) headers.authorization ??= `Token ${key}`;
    let body: string | undefined = opts.raw;
    if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers["content-type"] ??= "application/json";
    }
    const response = await app.request(path, { method, headers, ...(body !== undefined ? { body } : {}) });
    const text = await response.text();
    const parsed = text === "" ? undefined : JSON.parse(text);
    if (path.startsWith("/v2/") && !path.startsWith("/v2/openapi.json")) validate(method, `http://localhost${path}`, response.status, parsed);
    return { status: response.status, headers: response.headers, body: parsed };
  }

  return { tracker, clock, app, keys, accounts: { acme, globex }, data, request };
}

/** The harness type. */
export type Harness = Awaited<ReturnType<typeof createHarness>>;
