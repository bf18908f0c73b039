import { createServer, type IncomingMessage, type Server } from "node:http";
import { verifyStandardWebhook, verifyT49 } from "./verify.js";

/** A verified notification, as the receiver logs it. */
export interface ReceivedNotification {
  /** The notification id (`webhook-id`, also `data.id`): the key to de-duplicate on. */
  id: string;
  event: string;
  referenceObject: { type: string; id: string } | null;
  /** `type:id` of every included record. */
  included: string[];
  document: unknown;
}

/** Options of {@link createWebhookReceiver}. */
export interface WebhookReceiverOptions {
  /** The webhook's `secret`, as `POST /v2/webhooks` returned it (or a function reading it per request). */
  secret: string | (() => string);
  /** Called once per new notification (duplicates are acknowledged but not passed on). */
  onNotification?: (notification: ReceivedNotification) => void;
  /** Where log lines go. @default console.log */
  log?: (line: string) => void;
  /** @default 1 MiB */
  maxBodyBytes?: number;
}

function readBody(request: IncomingMessage, limit: number): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    request.on("end", () => resolve(size > limit ? null : Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

/**
 * A webhook receiver: accepts `POST` requests whose body carries both valid signatures, answers
 * 204 (Bollard counts 200, 201, 202 and 204 as delivered), remembers notification ids so a retried
 * delivery is acknowledged without being processed twice, and answers 401 to anything unsigned.
 */
export function createWebhookReceiver(options: WebhookReceiverOptions): Server {
  const log = options.log ?? console.log;
  const seen = new Set<string>();
  return createServer(async (request, response) => {
    if (request.method !== "POST") return void response.writeHead(405, { allow: "POST" }).end();
    const body = await readBody(request, options.maxBodyBytes ?? 1024 * 1024);
    if (body === null) return void response.writeHead(413).end();
    const header = (name: string) => request.headers[name] as string | undefined;
    const secret = typeof options.secret === "function" ? options.secret() : options.secret;
    const t49 = verifyT49(body, secret, header("x-t49-webhook-signature"));
    const standard = verifyStandardWebhook(body, secret, { id: header("webhook-id"), timestamp: header("webhook-timestamp"), signature: header("webhook-signature") });
    if (!t49 || !standard) {
      log(`rejected: signatures ${t49 ? "ok" : "bad"} (X-T49), ${standard ? "ok" : "bad"} (Standard Webhooks)`);
      return void response.writeHead(401).end();
    }
    let document: { data?: { id?: string; attributes?: { event?: string }; relationships?: { reference_object?: { data?: { type: string; id: string } } } }; included?: { type: string; id: string }[] };
    try {
      document = JSON.parse(body);
    } catch {
      return void response.writeHead(400).end();
    }
    const id = header("webhook-id")!;
    if (seen.has(id)) {
      log(`duplicate ${id} acknowledged`);
      return void response.writeHead(204).end();
    }
    seen.add(id);
    const notification: ReceivedNotification = {
      id,
      event: document.data?.attributes?.event ?? "unknown",
      referenceObject: document.data?.relationships?.reference_object?.data ?? null,
      included: (document.included ?? []).map((r) => `${r.type}:${r.id}`),
      document,
    };
    log(`${notification.event} ${id} → ${notification.referenceObject?.type ?? "?"} (${notification.included.length} included)`);
    options.onNotification?.(notification);
    response.writeHead(204).end();
  });
}
