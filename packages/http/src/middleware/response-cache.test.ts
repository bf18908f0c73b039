import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Session } from "@bollard/core";
import { keepingTexts, versionedStorage, trackerStorage } from "@bollard/core/storage";
import { sqliteStorage } from "@bollard/storage-sqlite";
import { Hono } from "hono";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AppEnv } from "../app-env.js";
import { jsonApiText } from "../respond.js";
import { startServer } from "../server.js";
import { createHarness } from "../testing/http-harness.js";
import { STORAGES } from "../testing/storages.js";
import type { LogEntry } from "./request-log.js";
import { responseCache } from "./response-cache.js";

/** A harness whose request log is kept, and the cache outcome of each request by path. */
async function loggedHarness(options: Parameters<typeof createHarness>[0] = {}) {
  const entries: LogEntry[] = [];
  const harness = await createHarness({ ...options, app: { ...options.app, log: (entry) => entries.push(entry) } });
  const hit = () => {
    const last = entries.at(-1);
    // A hit runs no route: the log still names the pattern that built the response.
    if (last?.cache === "hit") expect(last.route).not.toBe("/v2/*");
    return last?.cache === "hit";
  };
  return { ...harness, entries, hit };
}

afterEach(() => vi.useRealTimers());

const tagsOf = (body: any, id: string): unknown => body.data.find((shipment: any) => shipment.id === id)?.attributes.tags;

describe.each(STORAGES)("the response cache on %s", (_name, makeStorage) => {
  it("answers a repeated GET from memory, per user, until a write changes the data", async () => {
    const { app, request, keys, data, hit } = await loggedHarness({ storage: makeStorage() });
    const path = "/v2/shipments?include=containers";
    const first = await request("GET", path);
    expect(hit()).toBe(false);
    const second = await request("GET", path);
    expect(hit()).toBe(true);
    expect(second.body).toStrictEqual(first.body);
    expect(second.headers.get("etag")).toBe(first.headers.get("etag"));
    expect(second.headers.get("content-type")).toBe("application/vnd.api+json");
    expect(second.headers.get("x-request-id")).not.toBe(first.headers.get("x-request-id"));
    // A hit carries the same headers as the answer it keeps, the request id its own.
    expect([...second.headers.keys()].sort()).toStrictEqual([...first.headers.keys()].sort());
    expect(second.headers.get("cache-control")).toBe(first.headers.get("cache-control"));
    const conditional = await app.request(path, { headers: { authorization: `Token ${keys.editor}`, "if-none-match": first.headers.get("etag")! } });
    expect(conditional.status).toBe(304);
    expect(hit()).toBe(true);

    // Another user, another account: their own answers, never the editor's.
    await request("GET", path, { key: keys.viewer });
    expect(hit()).toBe(false);
    const globex = await request("GET", path, { key: keys.other });
    expect(hit()).toBe(false);
    expect(globex.body.meta.total).toBe(data.globex.shipments.length);
    expect(first.body.meta.total).toBe(data.acme.shipments.length);

    const id = data.acme.shipments[0]!.id;
    expect((await request("PATCH", `/v2/shipments/${id}`, { body: { data: { attributes: { tags: ["changed"] } } } })).status).toBe(200);
    const third = await request("GET", path);
    expect(hit()).toBe(false);
    expect(tagsOf(third.body, id)).toStrictEqual(["changed"]);
    expect(third.headers.get("etag")).not.toBe(first.headers.get("etag"));
    await request("GET", path);
    expect(hit()).toBe(true);
  });

  it("keeps another account's answers when one account writes; shared data changes only the answers that include records", async () => {
    const { request, keys, tracker, data, hit } = await loggedHarness({ storage: makeStorage() });
    const acme = data.acme.shipments[0]!;
    const paths = ["/v2/shipments", `/v2/shipments/${data.globex.shipments[0]!.id}?include=containers`];
    for (const path of paths) {
      await request("GET", path, { key: keys.other });
      await request("GET", "/v2/shipments");
    }
    expect((await request("PATCH", `/v2/shipments/${acme.id}`, { body: { data: { attributes: { tags: ["acme wrote"] } } } })).status).toBe(200);
    for (const path of paths) {
      await request("GET", path, { key: keys.other });
      expect(hit(), `globex ${path} after acme wrote`).toBe(true);
    }
    expect(tagsOf((await request("GET", "/v2/shipments")).body, acme.id)).toStrictEqual(["acme wrote"]);
    expect(hit()).toBe(false);
    // A port (reference data shared by every account) changes: answers with an include are read again, the others stay.
    const port = (await trackerStorage(tracker).ports.getByLocode("USLAX"))!;
    await trackerStorage(tracker).ports.upsertMany([{ ...port, name: "RENAMED" }]);
    await request("GET", paths[0]!, { key: keys.other });
    expect(hit(), "globex's list without include").toBe(true);
    await request("GET", paths[1]!, { key: keys.other });
    expect(hit(), "globex's shipment with include").toBe(false);
  });

  it("keeps answers that cannot include a vessel while vessels move (an AIS feed); reads again those that may", async () => {
    const { request, keys, tracker, data, hit } = await loggedHarness({ storage: makeStorage() });
    const container = data.globex.containers[0]!;
    const paths = [
      `/v2/shipments/${data.globex.shipments[0]!.id}?include=containers`,
      `/v2/containers/${container.id}/transport_events?include=vessel`,
      `/v2/containers/${container.id}/transport_events?%69nclude=vessel`,
    ];
    for (const path of paths) expect((await request("GET", path, { key: keys.other })).status, path).toBe(200);
    await trackerStorage(tracker).vessels.upsertMany([{ ...data.acme.vessels[0]!, latitude: 1, longitude: 2, position_timestamp: "2026-05-22T12:00:00Z" }]);
    await request("GET", paths[0]!, { key: keys.other });
    expect(hit(), "a shipment with its containers").toBe(true);
    for (const path of paths.slice(1)) {
      await request("GET", path, { key: keys.other });
      expect(hit(), path).toBe(false);
    }
  });

  it("sees writes made to the storage directly, behind the app's back", async () => {
    const { request, tracker, data, hit } = await loggedHarness({ storage: makeStorage() });
    const shipment = data.acme.shipments[0]!;
    await request("GET", "/v2/shipments");
    await request("GET", "/v2/shipments");
    expect(hit()).toBe(true);
    await trackerStorage(tracker).shipments.update({ ...shipment, tags: ["direct"] });
    expect(tagsOf((await request("GET", "/v2/shipments")).body, shipment.id)).toStrictEqual(["direct"]);
    expect(hit()).toBe(false);
  });

  it("keeps its answers while the same key goes on being used: recording the key's use is not a write each minute", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const { request, hit } = await loggedHarness({ storage: makeStorage() });
    const start = Date.now();
    await request("GET", "/v2/shipments");
    await request("GET", "/v2/shipments");
    expect(hit()).toBe(true);
    for (const minutes of [2, 30, 59]) {
      vi.setSystemTime(start + minutes * 60_000);
      await request("GET", "/v2/shipments");
      expect(hit(), `${minutes} minutes on`).toBe(true);
    }
  });

  it("never keeps vessels, maps or errors, and is off when told", async () => {
    const { request, data, hit } = await loggedHarness({ storage: makeStorage() });
    const container = data.acme.containers[0]!;
    for (const path of [`/v2/containers/${container.id}/map_geojson`, `/v2/vessels/${data.acme.vessels[0]!.id}`, "/v2/shipments/00000000-0000-4000-8000-000000000000"]) {
      await request("GET", path);
      await request("GET", path);
      expect(hit(), path).toBe(false);
    }
    const off = await loggedHarness({ storage: makeStorage(), app: { responseCache: false } });
    await off.request("GET", "/v2/containers");
    await off.request("GET", "/v2/containers");
    expect(off.hit()).toBe(false);
  });
});

describe("the response cache on a SQLite file shared with another connection", () => {
  it("drops what it kept when another connection (a background thread, another process) commits", async () => {
    const filename = join(mkdtempSync(join(tmpdir(), "bollard-cache-")), "bollard.sqlite");
    const { request, data, hit, tracker } = await loggedHarness({ storage: sqliteStorage({ filename }) });
    // As another process's tracker writes: through core's versioned storage and read model.
    const other = keepingTexts(versionedStorage(sqliteStorage({ filename })));
    await other.open();
    const shipment = data.acme.shipments[1]!;
    const path = `/v2/shipments/${shipment.id}?include=containers`;
    await request("GET", path);
    await request("GET", path);
    expect(hit()).toBe(true);
    await other.shipments.update({ ...shipment, tags: ["from another connection"] });
    const after = await request("GET", path);
    expect(hit()).toBe(false);
    expect(after.body.data.attributes.tags).toStrictEqual(["from another connection"]);
    await other.close();
    await trackerStorage(tracker).close();
  });
});

describe("the response cache over a real socket", () => {
  it("answers a hit with the bytes and headers of the answer it keeps, and 304 to its tag", async () => {
    const { app, keys, data, hit } = await loggedHarness();
    const server = await startServer(app, { port: 0 });
    try {
      const url = `http://127.0.0.1:${server.port}/v2/shipments/${data.acme.shipments[0]!.id}?include=containers`;
      const get = (headers: Record<string, string> = {}) => fetch(url, { headers: { authorization: `Token ${keys.editor}`, ...headers } });
      const miss = await get();
      const missBody = await miss.text();
      expect(hit()).toBe(false);
      const kept = await get();
      expect(hit()).toBe(true);
      expect(kept.status).toBe(200);
      expect(await kept.text()).toBe(missBody);
      const headers = (response: Response) => Object.fromEntries([...response.headers].filter(([name]) => name !== "date" && name !== "x-request-id"));
      expect(headers(kept)).toStrictEqual(headers(miss));
      expect(headers(kept)["content-length"]).toBe(String(Buffer.byteLength(missBody)));
      expect(kept.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
      expect(kept.headers.get("x-request-id")).not.toBe(miss.headers.get("x-request-id"));
      const notModified = await get({ "if-none-match": miss.headers.get("etag")! });
      expect(hit()).toBe(true);
      expect(notModified.status).toBe(304);
      expect(notModified.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await server.close();
    }
  });
});

describe("responseCache (the middleware alone)", () => {
  /** An app whose one route counts its builds and may write (change the version) while building. */
  function counted() {
    let version = 0;
    let builds = 0;
    let writeWhileBuilding = false;
    let release: () => void = () => {};
    let held: Promise<void> | undefined;
    const app = new Hono<AppEnv>();
    app.use("*", async (c, next) => {
      c.set("session", { principal: { user: { id: "user" }, account: { id: "account" } } } as unknown as Session);
      await next();
    });
    app.use("*", responseCache(async (keys) => keys.map(() => version)).middleware);
    app.get("/v2/shipments", async (c) => {
      builds += 1;
      if (held) await held;
      if (writeWhileBuilding) version += 1;
      return jsonApiText(c, 200, JSON.stringify({ data: [], meta: { build: builds } }));
    });
    return {
      app,
      builds: () => builds,
      writeWhileBuilding: (on: boolean) => (writeWhileBuilding = on),
      hold: () => (held = new Promise<void>((resolve) => (release = resolve))),
      release: () => {
        held = undefined;
        release();
      },
    };
  }

  it("keeps nothing built while the data changed", async () => {
    const route = counted();
    route.writeWhileBuilding(true);
    await route.app.request("/v2/shipments");
    await route.app.request("/v2/shipments");
    expect(route.builds()).toBe(2);
    route.writeWhileBuilding(false);
    await route.app.request("/v2/shipments");
    const kept = await route.app.request("/v2/shipments");
    expect(route.builds()).toBe(3);
    expect(await kept.json()).toStrictEqual({ data: [], meta: { build: 3 } });
  });

  it("builds a response once for the identical requests that arrive while it is built", async () => {
    const route = counted();
    route.hold();
    const requests = Array.from({ length: 5 }, () => route.app.request("/v2/shipments"));
    await new Promise((resolve) => setTimeout(resolve, 10));
    route.release();
    const bodies = await Promise.all(requests.map(async (response) => (await response).json()));
    expect(route.builds()).toBe(1);
    expect(bodies).toStrictEqual(Array.from({ length: 5 }, () => ({ data: [], meta: { build: 1 } })));
  });
});
