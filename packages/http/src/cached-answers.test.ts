import { request as httpRequest } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { cachedAnswersOf, type NodeAnswer } from "./cached-answers.js";
import type { LogEntry } from "./middleware/request-log.js";
import { type RunningServer, startServer } from "./server.js";
import { createHarness } from "./testing/http-harness.js";
import { STORAGES } from "./testing/storages.js";

/** A response as it came off the socket: status, header lines in order, body bytes. */
interface RawResponse {
  status: number;
  rawHeaders: string[];
  body: Buffer;
}

function get(port: number, path: string, headers: Record<string, string>): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode!, rawHeaders: res.rawHeaders, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** Header lines with the values that differ per response (date, request id; length and tag of a body naming its server's port) masked. */
const headerLines = (response: RawResponse) => response.rawHeaders.map((value, i) => (i % 2 === 1 && ["date", "x-request-id", "content-length", "etag"].includes(response.rawHeaders[i - 1]!.toLowerCase()) ? "…" : value));
/** The value of a response's header line. */
const header = (response: RawResponse, name: string) => response.rawHeaders[response.rawHeaders.findIndex((line) => line.toLowerCase() === name) + 1];

let servers: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
});

/**
 * The app and two servers of it: one answering from the cache first (as `bollard serve` does), one
 * leaving every request to the app; and whether the last request was answered before the app.
 */
async function serveBoth(makeStorage: (typeof STORAGES)[number][1]) {
  const entries: LogEntry[] = [];
  const harness = await createHarness({ storage: makeStorage(), app: { log: (entry) => entries.push(entry) } });
  const answer = cachedAnswersOf(harness.app)!;
  expect(answer).toBeDefined();
  let answeredFirst = false;
  const spy: NodeAnswer = (request, response) => {
    answeredFirst = false;
    const answering = answer(request, response);
    return answering && answering.then((answered) => (answeredFirst = answered));
  };
  const first = await startServer(harness.app, { port: 0, answerFirst: spy });
  const plain = await startServer(harness.app, { port: 0 });
  servers.push(first, plain);
  const auth = { authorization: `Token ${harness.keys.editor}` };
  return { ...harness, entries, first, plain, auth, answeredFirst: () => answeredFirst };
}

describe.each(STORAGES)("answers from the response cache before the app, on %s", (_name, makeStorage) => {
  it("sends the bytes, header lines and log entry of the app's own answer from the cache", async () => {
    const { data, first, plain, auth, entries, answeredFirst } = await serveBoth(makeStorage);
    const path = `/v2/shipments/${data.acme.shipments[0]!.id}?include=containers`;
    const built = await get(first.port, path, auth);
    expect(answeredFirst()).toBe(false); // nothing kept yet: the app built it
    expect(built.status).toBe(200);

    // The URL (host and port included) is part of what a response is kept under: the plain server's are its own.
    await get(plain.port, path, auth);
    const fromApp = await get(plain.port, path, auth);
    const appEntry = entries.at(-1)!;
    expect(appEntry.cache).toBe("hit");
    const fromFirst = await get(first.port, path, auth);
    expect(answeredFirst()).toBe(true);
    const firstEntry = entries.at(-1)!;

    expect(fromFirst.status).toBe(200);
    expect(fromFirst.body.equals(built.body)).toBe(true);
    // Links name the server they came from: the same body once the port is the same.
    expect(fromApp.body.toString().replaceAll(`:${plain.port}/`, `:${first.port}/`)).toBe(built.body.toString());
    expect(headerLines(fromFirst)).toStrictEqual(headerLines(fromApp));
    expect(header(fromFirst, "content-length")).toBe(String(fromFirst.body.byteLength));
    expect(header(fromFirst, "etag")).toBe(header(built, "etag"));
    const requestId = (response: RawResponse) => header(response, "x-request-id");
    expect(requestId(fromFirst)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(firstEntry.request_id).toBe(requestId(fromFirst));
    const comparable = ({ request_id, ms, ...entry }: LogEntry) => ({ ...entry, ms: typeof ms });
    expect(Object.keys(firstEntry)).toStrictEqual(Object.keys(appEntry));
    expect(comparable(firstEntry)).toStrictEqual(comparable(appEntry));
    expect(firstEntry).toMatchObject({ method: "GET", path: path.split("?")[0], route: "/v2/shipments/:id", status: 200, cache: "hit" });
  });

  it("leaves to the app what it cannot answer as the app would", async () => {
    const { data, first, auth, keys, request, answeredFirst } = await serveBoth(makeStorage);
    const path = "/v2/shipments?include=containers";
    const kept = await get(first.port, path, auth);
    expect((await get(first.port, path, auth)).body.equals(kept.body)).toBe(true);
    expect(answeredFirst()).toBe(true);

    // No key, an unknown key: the app's 401.
    expect((await get(first.port, path, {})).status).toBe(401);
    expect(answeredFirst()).toBe(false);
    expect((await get(first.port, path, { authorization: "Token bol_unknown" })).status).toBe(401);
    expect(answeredFirst()).toBe(false);
    // A conditional GET: the app's 304.
    const etag = header(kept, "etag")!;
    expect((await get(first.port, path, { ...auth, "if-none-match": etag })).status).toBe(304);
    expect(answeredFirst()).toBe(false);
    // Another user: their own answer, built by the app.
    expect((await get(first.port, path, { authorization: `Token ${keys.viewer}` })).status).toBe(200);
    expect(answeredFirst()).toBe(false);
    // A percent-encoded path: left to the app, which decodes it.
    await get(first.port, "/v2/shipment%73?include=containers", auth);
    expect(answeredFirst()).toBe(false);

    // A write: the kept answer is stale, so the app answers with the change.
    const edit = await request("PATCH", `/v2/shipments/${data.acme.shipments[0]!.id}`, { body: { data: { attributes: { tags: ["changed-under-the-cache"] } } } });
    expect(edit.status).toBe(200);
    const after = await get(first.port, path, auth);
    expect(answeredFirst()).toBe(false);
    expect(after.body.toString()).toContain("changed-under-the-cache");
    expect((await get(first.port, path, auth)).body.equals(after.body)).toBe(true);
    expect(answeredFirst()).toBe(true);
  });

  it("refuses a revoked key as the app does", async () => {
    const { first, tracker, accounts, answeredFirst } = await serveBoth(makeStorage);
    const issued = await tracker.accounts.issueKey(accounts.acme.id, { role: "editor" });
    const auth = { authorization: `Token ${issued.apiKey}` };
    const path = "/v2/tracking_requests";
    await get(first.port, path, auth);
    await get(first.port, path, auth);
    expect(answeredFirst()).toBe(true);
    const summary = (await tracker.accounts.listKeys({ accountId: accounts.acme.id })).data.find((key) => key.user_id === issued.user.id)!;
    await tracker.accounts.revokeKey(summary.id);
    await new Promise((resolve) => setTimeout(resolve, 1_100)); // a key is remembered for 1 s
    expect((await get(first.port, path, auth)).status).toBe(401);
    expect(answeredFirst()).toBe(false);
  });
});

describe("an app without answers before it", () => {
  it("has none when the response cache is off or each request counts against a rate limit", async () => {
    const off = await createHarness({ app: { responseCache: false } });
    expect(cachedAnswersOf(off.app)).toBeUndefined();
    const limited = await createHarness({ app: { rateLimit: { limit: 100, windowMs: 60_000 } } });
    expect(cachedAnswersOf(limited.app)).toBeUndefined();
  });
});
