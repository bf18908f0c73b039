import { createHmac, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { documentReference } from "../events-to-snapshot.js";
import type { DcsaEvent } from "../dcsa-types.js";

/** A scripted answer the stand-in gives instead of the real one. */
export interface Fault {
  status: number;
  retryAfter?: string;
}

/** What the stand-in was asked. */
export interface SeenRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
}

/** How clients authenticate at the stand-in. */
export type PublisherAuth = { type: "api_key"; header: string; key: string } | { type: "oauth2"; clientId: string; clientSecret: string; lifetimeSeconds: number } | { type: "none" };

/** A carrier's DCSA T&T 2.2 publisher on a real socket, for tests. */
export interface DcsaPublisher {
  /** e.g. `http://127.0.0.1:5123/v2` */
  baseUrl: string;
  tokenUrl: string;
  events: DcsaEvent[];
  requests: SeenRequest[];
  /** Answers the next requests to `/v2/events` with these, in order. */
  faults: Fault[];
  /** Tokens issued so far. */
  tokensIssued: number;
  /** Forgets the issued tokens, as a carrier does when they are revoked. */
  revokeTokens(): void;
  /** Subscriptions made with `POST /v2/event-subscriptions`. */
  subscriptions: Map<string, { callbackUrl: string; secret: string }>;
  /** POSTs events to a subscription's callback, signed as the standard says (or with `secret` instead). */
  notify(subscriptionId: string, events: DcsaEvent[], options?: { secret?: string }): Promise<Response>;
  close(): Promise<void>;
}

/** Starts the stand-in on 127.0.0.1 on a free port. Unknown references answer 404 (`unknown: "empty"`: an empty page). */
export async function startDcsaPublisher(options: { auth: PublisherAuth; pageSize?: number; unknown?: "404" | "empty" }): Promise<DcsaPublisher> {
  const tokens = new Set<string>();
  const publisher: Omit<DcsaPublisher, "baseUrl" | "tokenUrl" | "close"> & { baseUrl?: string } = {
    events: [],
    requests: [],
    faults: [],
    tokensIssued: 0,
    revokeTokens: () => tokens.clear(),
    subscriptions: new Map(),
    async notify(subscriptionId, events, notifyOptions = {}) {
      const subscription = publisher.subscriptions.get(subscriptionId);
      if (!subscription) throw new Error(`no subscription ${subscriptionId}`);
      const body = JSON.stringify(events);
      const key = Buffer.from(notifyOptions.secret ?? subscription.secret, "base64");
      const signature = createHmac("sha256", key).update(body, "utf8").digest("hex");
      return fetch(subscription.callbackUrl, { method: "POST", body, headers: { "content-type": "application/json", "notification-signature": `sha256=${signature}`, "subscription-id": subscriptionId, "api-version": "2.2.0" } });
    },
  };

  const authorized = (request: IncomingMessage): boolean => {
    const auth = options.auth;
    if (auth.type === "none") return true;
    if (auth.type === "api_key") return request.headers[auth.header.toLowerCase()] === auth.key;
    const header = request.headers.authorization ?? "";
    return header.startsWith("Bearer ") && tokens.has(header.slice(7));
  };

  const send = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    response.writeHead(status, { "content-type": "application/json", "api-version": "2.2.0", ...headers });
    response.end(body === undefined ? undefined : JSON.stringify(body));
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString("utf8");
    publisher.requests.push({ method: request.method ?? "GET", path: url.pathname, query: Object.fromEntries(url.searchParams), headers: request.headers });

    if (url.pathname === "/oauth/token" && request.method === "POST" && options.auth.type === "oauth2") {
      const expected = `Basic ${Buffer.from(`${options.auth.clientId}:${options.auth.clientSecret}`).toString("base64")}`;
      const form = new URLSearchParams(body);
      if (request.headers.authorization !== expected || form.get("grant_type") !== "client_credentials") return send(response, 401, { error: "invalid_client" });
      const token = randomUUID();
      tokens.add(token);
      publisher.tokensIssued++;
      return send(response, 200, { access_token: token, token_type: "Bearer", expires_in: options.auth.lifetimeSeconds });
    }
    if (!authorized(request)) return send(response, 401, dcsaError(request, 401, "Unauthorized", "unauthorized", "Missing or wrong credentials"));

    if (url.pathname === "/v2/events" && request.method === "GET") {
      const fault = publisher.faults.shift();
      if (fault) return send(response, fault.status, dcsaError(request, fault.status, "Fault", "fault", "scripted"), fault.retryAfter ? { "retry-after": fault.retryAfter } : {});
      const trd = url.searchParams.get("transportDocumentReference");
      const bkg = url.searchParams.get("carrierBookingReference");
      const equipment = url.searchParams.get("equipmentReference");
      const matches = publisher.events.filter((event) => {
        if (trd && documentReference(event, "TRD") !== trd) return false;
        if (bkg && documentReference(event, "BKG") !== bkg) return false;
        if (equipment && !(event.eventType === "EQUIPMENT" && event.equipmentReference === equipment)) {
          // Transport and shipment events belong to the equipment's shipment.
          const shipmentsOfEquipment = new Set(publisher.events.filter((e) => e.eventType === "EQUIPMENT" && e.equipmentReference === equipment).map((e) => documentReference(e, "TRD")));
          if (event.eventType === "EQUIPMENT" || !shipmentsOfEquipment.has(documentReference(event, "TRD"))) return false;
        }
        return true;
      });
      if (matches.length === 0 && (trd || bkg || equipment) && (options.unknown ?? "404") === "404") return send(response, 404, dcsaError(request, 404, "Not Found", "notFound", "No events for this reference"));
      const limit = Math.min(Number(url.searchParams.get("limit") ?? options.pageSize ?? 100), options.pageSize ?? 100);
      const offset = Number(Buffer.from(url.searchParams.get("cursor") ?? "", "base64url").toString() || 0);
      const page = matches.slice(offset, offset + limit);
      const headers: Record<string, string> = { "current-page": Buffer.from(String(offset)).toString("base64url") };
      if (offset + limit < matches.length) headers["next-page"] = Buffer.from(String(offset + limit)).toString("base64url");
      return send(response, 200, page, headers);
    }
    if (url.pathname === "/v2/event-subscriptions" && request.method === "POST") {
      const input = JSON.parse(body) as { callbackUrl: string; secret: string };
      const subscriptionID = randomUUID();
      publisher.subscriptions.set(subscriptionID, { callbackUrl: input.callbackUrl, secret: input.secret });
      const { secret: _secret, ...rest } = input;
      return send(response, 201, { subscriptionID, ...rest });
    }
    const existing = /^\/v2\/event-subscriptions\/([\w-]+)$/.exec(url.pathname);
    if (existing && request.method === "PUT" && publisher.subscriptions.has(existing[1]!)) {
      const input = JSON.parse(body) as { callbackUrl: string };
      publisher.subscriptions.get(existing[1]!)!.callbackUrl = input.callbackUrl;
      return send(response, 200, { subscriptionID: existing[1], ...input });
    }
    return send(response, 404, dcsaError(request, 404, "Not Found", "notFound", "No such route"));
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => send(response, 500, { error: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(publisher, {
    baseUrl: `${origin}/v2`,
    tokenUrl: `${origin}/oauth/token`,
    close: () => new Promise<void>((resolve, reject) => {
      server.closeAllConnections();
      server.close((error) => (error ? reject(error) : resolve()));
    }),
  }) as DcsaPublisher;
}

function dcsaError(request: IncomingMessage, status: number, text: string, reason: string, message: string) {
  return { httpMethod: request.method, requestUri: request.url, statusCode: status, statusCodeText: text, errorDateTime: new Date().toISOString(), errors: [{ reason, message }] };
}
