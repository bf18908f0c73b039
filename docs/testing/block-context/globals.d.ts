/*
 * What a reader of the guides already has when a TypeScript block starts: the values earlier blocks
 * (or the reader's own code) made, with their real types. Each guide block is type-checked with
 * these declared (docs/testing/ts-blocks.ts); a block that defines one of them shadows it. Keep
 * the list short: a name belongs here only when several guides go on from it.
 */
import type { Server } from "node:http";
import type { CarrierSnapshot, containerDemurrage, ManualClock, Principal, Session, Shipment, Storage, Tracker, Webhook } from "@bollard/core";

type Issued = Awaited<ReturnType<Tracker["accounts"]["issueKey"]>>;

declare global {
  /** `await createTracker(…)` (embedding.md). */
  const tracker: Tracker;
  /** The storage given to `createTracker`. */
  const storage: Storage;
  /** The manual clock given to `createTracker` (embedding.md). */
  const clock: ManualClock;
  /** `(await tracker.accounts.ensure("Acme Imports")).account`. */
  const account: Awaited<ReturnType<Tracker["accounts"]["ensure"]>>["account"];
  /** `(await tracker.accounts.issueKey(…)).user` and `.apiKey`. */
  const user: Issued["user"];
  const apiKey: string;
  /** `await tracker.accounts.authenticate(apiKey)` and `tracker.session(principal)`. */
  const principal: Principal;
  const session: Session;
  /** A shipment, its id and a container's id, read earlier. */
  const shipment: Shipment;
  const shipmentId: string;
  const containerId: string;
  /** A webhook created earlier, and what a receiver has of a delivery (webhooks.md). */
  const webhook: Webhook;
  const secret: string;
  const rawBody: string;
  const headers: Record<string, string>;
  /** The Node.js server Bollard runs in (embedding.md). */
  const server: Server;
  /** ingest.md: the result of the snapshot ingested by the guide's first block. */
  const result: Awaited<ReturnType<Tracker["ingest"]["snapshot"]>>;
  /** ingest.md: the reader's own carrier API, which `CarrierSource.fetch` calls. */
  function lookUp(requestNumber: string): Promise<unknown>;
  function toSnapshot(bill: unknown, now: Date): CarrierSnapshot;
  /** sandbox.md: the reader's own client of the tracking API, under test. */
  class MyClient {
    constructor(baseUrl: string, apiKey: string);
    track(scac: string, number: string): Promise<string>;
    status(trackingRequestId: string): Promise<{ podArrived: string | null }>;
  }
  /** demurrage.md: a container's charge facts and the tariffs that apply to it. */
  const facts: Parameters<typeof containerDemurrage>[0];
  const rules: Parameters<typeof containerDemurrage>[1];
}

export {};
