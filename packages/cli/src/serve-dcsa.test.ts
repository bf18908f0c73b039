import { createHmac } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runBollard, startBollard } from "./testing/bollard-process.js";

const dir = mkdtempSync(join(tmpdir(), "bollard-dcsa-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const CARRIER_KEY = "carrier-key-that-must-never-show";
const SECRET = Buffer.from("a shared secret that must never show").toString("base64");
const SUBSCRIPTION = "b80d923d-e8ac-4c34-9506-55d3de347034";
const refs = [{ documentReferenceType: "TRD", documentReferenceValue: "TRD0001" }];
const call = { transportCallID: "NLRTM-1", UNLocationCode: "NLRTM", modeOfTransport: "VESSEL", exportVoyageNumber: "2103S", vessel: { vesselIMONumber: "9321483", vesselName: "King of the Seas" } };
const EVENTS = [
  { eventID: "3cecb101-7a1a-43a4-9d62-e88a131651e2", eventType: "EQUIPMENT", eventClassifierCode: "ACT", eventCreatedDateTime: "2026-05-09T21:35:00Z", eventDateTime: "2026-05-09T21:30:00Z", equipmentEventTypeCode: "LOAD", emptyIndicatorCode: "LADEN", equipmentReference: "APZU4812090", transportCall: call, documentReferences: refs },
];

/** A carrier's DCSA endpoint that knows one bill, and wants its API key. */
async function carrier(): Promise<{ baseUrl: string; seen: IncomingMessage["headers"][]; close: () => void }> {
  const seen: IncomingMessage["headers"][] = [];
  const server = createServer((request, response) => {
    seen.push(request.headers);
    const url = new URL(request.url ?? "/", "http://x");
    const ok = request.headers["x-api-key"] === CARRIER_KEY && url.searchParams.get("transportDocumentReference") === "TRD0001";
    response.writeHead(ok ? 200 : 404, { "content-type": "application/json" });
    response.end(JSON.stringify(ok ? EVENTS : []));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2`, seen, close: () => server.close() };
}

describe("bollard serve with DCSA carriers in the config file", () => {
  it("pulls configured SCACs from their DCSA endpoint, keeps TEST simulated, serves /dcsa/v2, takes signed notifications, and never shows a credential", async () => {
    const upstream = await carrier();
    const keyFile = join(dir, "key.txt");
    writeFileSync(keyFile, "dcsa-test-key-0123456789abcdef\n");
    const config = join(dir, "bollard.json");
    writeFileSync(config, JSON.stringify({
      demo: false, "api-key-file": keyFile, "log-level": "debug",
      dcsa: {
        carriers: [{ scacs: ["MAEU"], baseUrl: upstream.baseUrl, auth: { type: "api_key", header: "X-API-Key", key: CARRIER_KEY } }],
        subscriptions: [{ id: SUBSCRIPTION, secret: SECRET, scac: "MAEU", account: "Default" }],
      },
    }));
    const server = startBollard(["serve", "--config", config, "--db", ":memory:", "--port", "0"]);
    const headers = { authorization: "Token dcsa-test-key-0123456789abcdef", "content-type": "application/vnd.api+json" };
    try {
      const base = (await server.waitFor(/listening on (http:\/\/[^ ]+)\/v2/))[1]!;
      const track = (scac: string, number: string) => fetch(`${base}/v2/tracking_requests`, { method: "POST", headers, body: JSON.stringify({ data: { type: "tracking_request", attributes: { request_type: "bill_of_lading", request_number: number, scac } } }) });
      const maeu = (await (await track("MAEU", "TRD0001")).json()) as { data: { id: string } };
      expect((await track("TEST", "TEST-BL-0001")).status).toBe(201);
      let status = "pending";
      for (let i = 0; i < 100 && status === "pending"; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        status = ((await (await fetch(`${base}/v2/tracking_requests/${maeu.data.id}`, { headers })).json()) as { data: { attributes: { status: string } } }).data.attributes.status;
      }
      expect(status).toBe("created");
      expect(upstream.seen[0]!["x-api-key"]).toBe(CARRIER_KEY);

      const events = await fetch(`${base}/dcsa/v2/events?equipmentReference=APZU4812090`, { headers });
      expect(events.status).toBe(200);
      expect(((await events.json()) as { equipmentEventTypeCode?: string }[]).map((e) => e.equipmentEventTypeCode)).toEqual(["LOAD"]);

      const body = JSON.stringify([{ ...EVENTS[0], eventID: "3cecb101-7a1a-43a4-9d62-e88a131651e3", equipmentEventTypeCode: "GTIN", eventDateTime: "2026-05-08T10:00:00Z", transportCall: undefined, eventLocation: { UNLocationCode: "NLRTM" } }]);
      const sign = (secret: string) => `sha256=${createHmac("sha256", Buffer.from(secret, "base64")).update(body).digest("hex")}`;
      const push = (signature: string) => fetch(`${base}/dcsa/v2/notifications/${SUBSCRIPTION}`, { method: "POST", body, headers: { "content-type": "application/json", "notification-signature": signature } });
      expect((await push(sign(Buffer.from("wrong").toString("base64")))).status).toBe(401);
      expect((await push(sign(SECRET))).status).toBe(204);
      const after = (await (await fetch(`${base}/dcsa/v2/events?equipmentReference=APZU4812090`, { headers })).json()) as { equipmentEventTypeCode?: string }[];
      expect(after.map((e) => e.equipmentEventTypeCode).sort()).toEqual(["GTIN", "LOAD"]);
    } finally {
      server.child.kill("SIGTERM");
      expect(await server.exited).toBe(0);
      upstream.close();
    }
    const output = [...server.stdout, ...server.stderr].join("\n");
    expect(output).not.toContain(CARRIER_KEY);
    expect(output).not.toContain(SECRET);
  }, 60_000);

  it("reads dcsa.maxNewReferencesPerNotification: a notification adding more untracked transport documents is a 400 and adds none", async () => {
    const keyFile = join(dir, "cap-key.txt");
    writeFileSync(keyFile, "dcsa-cap-key-0123456789abcdef\n");
    const config = join(dir, "cap.json");
    writeFileSync(config, JSON.stringify({ demo: false, "api-key-file": keyFile, dcsa: { subscriptions: [{ id: SUBSCRIPTION, secret: SECRET, scac: "MAEU", account: "Default" }], maxNewReferencesPerNotification: 1 } }));
    const server = startBollard(["serve", "--config", config, "--db", ":memory:", "--port", "0", "--no-dashboard"]);
    const issued = (trd: string) => ({ eventType: "SHIPMENT", eventClassifierCode: "ACT", eventCreatedDateTime: "2026-05-10T04:10:00Z", eventDateTime: "2026-05-10T04:10:00Z", shipmentEventTypeCode: "ISSU", documentTypeCode: "TRD", documentID: trd });
    try {
      const base = (await server.waitFor(/listening on (http:\/\/[^ ]+)\/v2/))[1]!;
      const push = (events: unknown[]) => {
        const body = JSON.stringify(events);
        const signature = `sha256=${createHmac("sha256", Buffer.from(SECRET, "base64")).update(body).digest("hex")}`;
        return fetch(`${base}/dcsa/v2/notifications/${SUBSCRIPTION}`, { method: "POST", body, headers: { "content-type": "application/json", "notification-signature": signature } });
      };
      const requests = async () => ((await (await fetch(`${base}/v2/tracking_requests`, { headers: { authorization: "Token dcsa-cap-key-0123456789abcdef" } })).json()) as { data: unknown[] }).data.length;
      const refused = await push([issued("TRD-CAP-1"), issued("TRD-CAP-2")]);
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { errors: { reason: string; message: string }[] }).errors[0]).toEqual({
        reason: "tooManyReferences",
        message: "The notification names 2 transport documents Bollard does not track yet; one notification may add at most 1. Nothing was applied",
      });
      expect(await requests()).toBe(0);
      expect((await push([issued("TRD-CAP-1")])).status).toBe(204);
      expect(await requests()).toBe(1);
    } finally {
      server.child.kill("SIGTERM");
      expect(await server.exited).toBe(0);
    }
  }, 60_000);

  it("refuses a bad dcsa section with a usage error that names the path, not the value", async () => {
    const config = join(dir, "bad.json");
    writeFileSync(config, JSON.stringify({ dcsa: { carriers: [{ scacs: ["MAEU"], baseUrl: "ftp://carrier", auth: { type: "api_key", key: CARRIER_KEY } }] } }));
    const result = await runBollard(["serve", "--config", config, "--db", ":memory:", "--port", "0"]);
    expect(result.code).toBe(2);
    expect(result.stderr.join("\n")).toContain('"dcsa.carriers.0.baseUrl"');
    expect(result.stderr.join("\n")).not.toContain(CARRIER_KEY);
    writeFileSync(config, JSON.stringify({ demo: false, dcsa: { subscriptions: [{ id: SUBSCRIPTION, secret: SECRET, scac: "MAEU", account: "Nobody" }] } }));
    const missing = await runBollard(["serve", "--config", config, "--db", ":memory:", "--port", "0"]);
    expect(missing.code).toBe(2);
    expect(missing.stderr.join("\n")).toContain('names the account "Nobody"');
    writeFileSync(config, JSON.stringify({ demo: false, dcsa: { maxNewReferencesPerNotification: -1 } }));
    const negative = await runBollard(["serve", "--config", config, "--db", ":memory:", "--port", "0"]);
    expect(negative.code).toBe(2);
    expect(negative.stderr.join("\n")).toContain('"dcsa.maxNewReferencesPerNotification" must be a whole number from 0');
  }, 60_000);
});
