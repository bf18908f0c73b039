import type { WebhookHttpRequest } from "@bollard/core";
import { WebhookEventNameSchema } from "@bollard/core/schemas";
import { beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../testing/http-harness.js";

const DNS: Record<string, string[]> = { "hooks.example.com": ["93.184.215.14"], "internal.example.com": ["93.184.215.14", "10.0.0.5"] };
const sent: WebhookHttpRequest[] = [];

let h: Harness;
beforeAll(async () => {
  h = await createHarness({
    tracker: {
      webhooks: {
        lookup: async (name) => DNS[name] ?? Promise.reject(Object.assign(new Error("nx"), { code: "ENOTFOUND" })),
        transport: async (request) => {
          sent.push(request);
          return { status: 202, headers: { "content-type": "text/plain" }, body: "queued", error: null, durationMs: 3 };
        },
      },
    },
  });
});

const body = (attributes: Record<string, unknown>) => ({ data: { type: "webhook", attributes } });
const create = (attributes: Record<string, unknown>, key?: string) =>
  h.request("POST", "/v2/webhooks", { body: body({ url: "https://hooks.example.com/t49", events: ["tracking_request.succeeded"], ...attributes }), ...(key && { key }) });

describe("POST /v2/webhooks", () => {
  it("creates an active webhook with a generated secret and capitalized custom header names", async () => {
    const res = await create({ active: true, headers: [{ name: "x-secret-sauce", value: "sriracha" }] });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      type: "webhook",
      attributes: { url: "https://hooks.example.com/t49", active: true, events: ["tracking_request.succeeded"], headers: [{ name: "X-Secret-Sauce", value: "sriracha" }] },
    });
    expect(res.body.data.attributes.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(res.body.links.self).toBe(`http://localhost/v2/webhooks/${res.body.data.id}`);
    expect((await create({})).body.data.attributes).toMatchObject({ active: true, headers: null });
  });

  it("answers 422 with pointers for bad urls, events and headers, and for a secret", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ url: "ftp://hooks.example.com/x" }, "/data/attributes/url"],
      [{ url: "" }, "/data/attributes/url"],
      [{ events: [] }, "/data/attributes/events"],
      [{ events: ["tracking_request.succeeded", "shipment.sunk"] }, "/data/attributes/events/1"],
      [{ headers: [{ name: "X Bad", value: "1" }] }, "/data/attributes/headers/0/name"],
      [{ headers: [{ name: "webhook-signature", value: "forged" }] }, "/data/attributes/headers/0/name"],
      [{ active: "yes" }, "/data/attributes/active"],
      [{ secret: "mine" }, "/data/attributes/secret"],
    ];
    for (const [attributes, pointer] of cases) {
      const res = await create(attributes);
      expect(res.status, pointer).toBe(422);
      expect(res.body.errors[0].source, JSON.stringify(attributes)).toEqual({ pointer });
    }
  });

  it("refuses private, loopback and link-local targets (literal or resolved) with unsafe_url", async () => {
    for (const url of ["http://127.0.0.1:9000/hook", "http://localhost/hook", "http://[::ffff:127.0.0.1]/hook", "http://169.254.169.254/latest", "https://internal.example.com/hook", "http://[fd00::1]/x"]) {
      const res = await create({ url });
      expect(res.status, url).toBe(422);
      expect(res.body.errors[0]).toMatchObject({ code: "unsafe_url", source: { pointer: "/data/attributes/url" } });
    }
  });

  it("is editor-only", async () => {
    expect((await create({}, h.keys.viewer)).status).toBe(403);
  });
});

describe("GET, PATCH and DELETE /v2/webhooks/{id}", () => {
  it("reads (viewers too), lists newest first, edits and deletes; other accounts get 404", async () => {
    const created = (await create({ events: ["container.updated"] })).body.data;
    const path = `/v2/webhooks/${created.id}`;
    const read = await h.request("GET", path, { key: h.keys.viewer });
    expect(read.status).toBe(200);
    expect(read.body.data.attributes.secret).toBe(created.attributes.secret);
    const list = await h.request("GET", "/v2/webhooks?page[size]=1");
    expect(list.body.data[0].id).toBe(created.id);
    expect(list.body.meta.total).toBeGreaterThan(1);

    const patched = await h.request("PATCH", path, { body: body({ active: false, events: ["container.created", "container.updated"], headers: null }) });
    expect(patched.status).toBe(200);
    expect(patched.body.data.attributes).toMatchObject({ active: false, events: ["container.created", "container.updated"], headers: null, secret: created.attributes.secret, url: created.attributes.url });
    expect((await h.request("PATCH", path, { body: body({ url: "http://10.1.2.3/x" }) })).body.errors[0].code).toBe("unsafe_url");
    expect((await h.request("PATCH", path, { body: body({ secret: "x" }) })).status).toBe(422);
    expect((await h.request("PATCH", path, { body: body({ active: true }), key: h.keys.viewer })).status).toBe(403);

    for (const method of ["GET", "PATCH", "DELETE"]) {
      const res = await h.request(method, path, { key: h.keys.other, ...(method === "PATCH" && { body: body({ active: true }) }) });
      expect(res.status, method).toBe(404);
    }
    expect((await h.request("DELETE", path, { key: h.keys.viewer })).status).toBe(403);
    expect((await h.request("DELETE", path)).status).toBe(200);
    expect((await h.request("GET", path)).status).toBe(404);
    expect((await h.request("DELETE", path)).status).toBe(404);
    expect((await h.request("GET", "/v2/webhooks/not-a-uuid")).status).toBe(404);
  });
});

describe("GET /v2/webhooks/events", () => {
  it("lists webhook_event_category resources covering every event", async () => {
    const res = await h.request("GET", "/v2/webhooks/events", { key: h.keys.viewer });
    expect(res.status).toBe(200);
    expect(res.body.data[0]).toMatchObject({ id: "tracking-request-events", type: "webhook_event_category", attributes: { name: "Tracking Request Events" } });
    const names = res.body.data.flatMap((c: any) => c.attributes.events.map((e: { name: string }) => e.name));
    expect(names.sort()).toEqual([...WebhookEventNameSchema.options].sort());
  });

  it("answers 405 for other methods on the literal paths", async () => {
    const patch = await h.request("PATCH", "/v2/webhooks/events", { body: body({}) });
    expect(patch.status).toBe(405);
    expect(patch.headers.get("allow")).toBe("GET");
    const get = await h.request("GET", "/v2/webhooks/trigger");
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
  });
});

describe("POST /v2/webhooks/trigger", () => {
  it("sends a signed sample of the event and reports the exchange (flat body, as upstream)", async () => {
    const res = await h.request("POST", "/v2/webhooks/trigger", { body: { url: "https://hooks.example.com/test", event: "container.updated", secret: "s3cret" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json");
    expect(res.body).toMatchObject({ url: "https://hooks.example.com/test", succeeded: true, error: null, status_code: 202, response_headers: { "content-type": "text/plain" }, response_body: "queued" });
    const request = sent.at(-1)!;
    expect(request.body).toBe(res.body.request_body);
    expect(request.headers).toEqual(res.body.request_headers);
    expect(res.body.request_headers).toMatchObject({ "User-Agent": "Bollard Webhook Bot", "X-T49-Webhook-Signature": expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(JSON.parse(res.body.request_body).data.attributes.event).toBe("container.updated");
  });

  it("accepts a JSON:API body, sends no signatures without a secret, and validates with pointers", async () => {
    const res = await h.request("POST", "/v2/webhooks/trigger", { body: { data: { attributes: { url: "https://hooks.example.com/test", event: "tracking_request.failed" } } } });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.request_headers)).toEqual(["Content-Type", "User-Agent", "webhook-id", "webhook-timestamp"]);
    const missing = await h.request("POST", "/v2/webhooks/trigger", { body: { event: "tracking_request.failed" } });
    expect(missing.status).toBe(422);
    expect(missing.body.errors[0].source).toEqual({ pointer: "/url" });
    const unknown = await h.request("POST", "/v2/webhooks/trigger", { body: { data: { attributes: { url: "https://hooks.example.com/x", event: "nope" } } } });
    expect(unknown.body.errors[0].source).toEqual({ pointer: "/data/attributes/event" });
    const unsafe = await h.request("POST", "/v2/webhooks/trigger", { body: { url: "http://127.0.0.1/x", event: "tracking_request.failed" } });
    expect(unsafe.body.errors[0]).toMatchObject({ code: "unsafe_url", source: { pointer: "/url" } });
    expect((await h.request("POST", "/v2/webhooks/trigger", { raw: "{", headers: { "content-type": "application/json" } })).status).toBe(400);
    expect((await h.request("POST", "/v2/webhooks/trigger", { body: { url: "https://hooks.example.com/x", event: "container.updated" }, key: h.keys.viewer })).status).toBe(403);
  });
});
