import { createTracker, generateDemoDataset, manualClock, type Session, type Tracker } from "@bollard/core";
import { memoryStorage } from "@bollard/storage-memory";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import Big from "big.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMcpServer } from "./mcp-server.js";

/*
 * The scripted evaluation: questions an assistant is asked, each answered by a fixed sequence of
 * tool calls (no model), checked against facts worked out independently with the SDK on the same
 * seeded demo data.
 */

type Answer = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
let tracker: Tracker;
let session: Session;
let client: Client;
const TAGGED_AT = "2026-03-02T09:00:00.000Z";
let tagsBefore: string[];

/** Calls a tool and returns its structured answer (failing the question on an error). */
async function ask(name: string, args: Record<string, unknown> = {}): Promise<Answer> {
  const result = await client.callTool({ name, arguments: args });
  expect(result.isError, `${name}: ${JSON.stringify(result.content)}`).toBeFalsy();
  return result.structuredContent as Answer;
}

/** Every record of a listing, read with the SDK. */
async function all<T>(read: (page: { number: number; size: number }) => Promise<{ data: T[]; total: number }>): Promise<T[]> {
  const items: T[] = [];
  for (let number = 1; ; number++) {
    const page = await read({ number, size: 100 });
    items.push(...page.data);
    if (items.length >= page.total || page.data.length === 0) return items;
  }
}

const sorted = (values: readonly string[]) => [...values].sort();
const plusDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  const clock = manualClock("2026-03-02T08:00:00Z");
  tracker = await createTracker({ storage: memoryStorage(), clock });
  const { account } = await tracker.accounts.ensure("Demo");
  await tracker.accounts.loadDemo(generateDemoDataset({ seed: 1, accountId: account.id, now: clock.now() }));
  await tracker.exceptions.runDue();
  const { apiKey } = await tracker.accounts.issueKey(account.id, { role: "editor" });
  session = tracker.session(await tracker.accounts.authenticate(apiKey));
  // A change to look back on: tags set an hour after the data was loaded.
  clock.set(TAGGED_AT);
  const first = (await session.shipments.list({ page: { number: 1, size: 1 } })).data[0]!;
  tagsBefore = first.tags;
  await session.shipments.update(first.id, { tags: ["vip"] });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await createMcpServer(tracker, { session }).connect(serverSide);
  client = new Client({ name: "evaluation", version: "1.0.0" });
  await client.connect(clientSide);
  await client.listTools(); // the client checks every answer against these output schemas
}, 120_000);

afterAll(async () => {
  await client?.close();
  await tracker?.close();
});

const questions: [string, () => Promise<void>][] = [
  ["How many shipments do we track?", async () => {
    expect((await ask("list_shipments", { page_size: 1 })).meta.total).toBe((await session.shipments.list()).total);
  }],
  ["How many containers do we track?", async () => {
    expect((await ask("list_containers", { page_size: 1 })).meta.total).toBe((await session.containers.list()).total);
  }],
  ["Where is container N? (search, then get it)", async () => {
    const container = (await all((page) => session.containers.list({ page }))).find((c) => c.pod_discharged_at !== null)!;
    const found = await ask("search_container", { query: container.number });
    expect(found.containers.map((c: Answer) => c.id)).toStrictEqual([container.id]);
    const answer = await ask("get_container", { id: found.containers[0].id, include: ["shipment", "pod_terminal"] });
    expect(answer.container.status).toBe(container.current_status);
    expect(answer.container.pickup_lfd).toBe(container.pickup_lfd);
    expect(answer.shipment.id).toBe(container.shipment_id);
    expect(answer._metadata.container_state).toBe("at_terminal");
  }],
  ["Which bill of lading is container N on, and how many boxes does it hold?", async () => {
    const container = (await session.containers.list({ page: { number: 1, size: 1 } })).data[0]!;
    const shipment = await session.shipments.get(container.shipment_id, { include: ["containers"] });
    const answer = await ask("get_container", { id: container.id });
    const details = await ask("get_shipment_details", { id: answer.shipment.id });
    expect(details.shipment.bill_of_lading_number).toBe(shipment.bill_of_lading_number);
    expect(details.containers_total).toBe(shipment.containers.length);
  }],
  ["Find the shipment with bill of lading B", async () => {
    const shipment = (await session.shipments.list({ page: { number: 1, size: 5 } })).data[4]!;
    const found = await ask("search_container", { query: shipment.bill_of_lading_number });
    expect(found.shipments.map((s: Answer) => s.id)).toContain(shipment.id);
  }],
  ["Which containers are available for pickup right now?", async () => {
    const expected = (await all((page) => session.containers.list({ page }))).filter((c) => c.current_status === "available").map((c) => c.number);
    const answer = await ask("list_containers", { status: "available", page_size: 50 });
    expect(sorted(answer.items.map((c: Answer) => c.number))).toStrictEqual(sorted(expected));
    expect(expected.length).toBeGreaterThan(0);
  }],
  ["Which containers are on a ship, and to which ports?", async () => {
    const expected = (await all((page) => session.containers.list({ include: ["shipment"], page }))).filter((c) => c.current_status === "on_ship");
    const answer = await ask("list_containers", { status: "on_ship", include: "shipment", page_size: 50 });
    expect(answer.meta.total).toBe(expected.length);
    expect(sorted(answer.items.map((c: Answer) => `${c.number}@${c.shipment.port_of_discharge_locode}`))).toStrictEqual(sorted(expected.slice(0, 50).map((c) => `${c.number}@${c.shipment!.port_of_discharge_locode}`)));
  }],
  ["Which shipments are still at sea, by carrier?", async () => {
    const shipments = await all((page) => session.shipments.list({ page }));
    const atSea = shipments.filter((s) => s.line_tracking_stopped_at === null && s.pol_atd_at !== null && s.pod_ata_at === null && s.destination_ata_at === null);
    const carrier = atSea[0]!.shipping_line_scac;
    const answer = await ask("list_shipments", { status: "in_transit", carrier, page_size: 50 });
    expect(sorted(answer.items.map((s: Answer) => s.id))).toStrictEqual(sorted(atSea.filter((s) => s.shipping_line_scac === carrier).map((s) => s.id)));
  }],
  ["Which shipments are discharging at port P?", async () => {
    const shipments = await all((page) => session.shipments.list({ page }));
    const port = shipments[0]!.port_of_discharge_locode!;
    const answer = await ask("list_shipments", { port, page_size: 50 });
    expect(answer.meta.total).toBe(shipments.filter((s) => s.port_of_discharge_locode === port).length);
  }],
  ["Do you support Maersk, and what is its SCAC?", async () => {
    const answer = await ask("get_supported_shipping_lines", { search: "maersk" });
    expect(answer.shipping_lines.map((line: Answer) => line.scac)).toContain("MAEU");
    expect(answer.total_lines).toBe((await session.reference.shippingLines({ search: "maersk" })).total);
  }],
  ["When was container N loaded on its vessel, and how many events does it have?", async () => {
    const container = (await all((page) => session.containers.list({ page }))).find((c) => c.pol_vessel_loaded_at !== null)!;
    const events = await all((page) => session.containers.transportEvents(container.id, { page }));
    const answer = await ask("get_container_transport_events", { id: container.id });
    expect(answer.total_events).toBe(events.length);
    expect(answer.milestones.vessel_loaded_at).toBe(events.find((e) => e.event === "container.transport.vessel_loaded")!.timestamp);
  }],
  ["Which ports does container N call at, in order?", async () => {
    const container = (await all((page) => session.containers.list({ page }))).find((c) => c.pol_vessel_loaded_at !== null)!;
    const events = await all((page) => session.containers.transportEvents(container.id, { page }));
    const ports = [...new Set(events.filter((e) => /\.(vessel|transshipment|feeder)_(loaded|departed|arrived|discharged|berthed)$/.test(e.event) && e.location_locode).map((e) => e.location_locode))];
    const answer = await ask("get_container_route", { id: container.id });
    expect(answer.route_locations.map((stop: Answer) => stop.port.code)).toStrictEqual(ports);
    expect(answer.total_legs).toBe(ports.length - 1);
  }],
  ["Which containers pass their last free day this week, and what will they cost?", async () => {
    const containers = (await all((page) => session.containers.list({ page }))).filter((c) => c.empty_terminated_at === null && c.current_status !== "empty_returned");
    const expected: { number: string; lfd: string; projected: Big }[] = [];
    for (const container of containers) {
      const today = await session.demurrage.container(container.id);
      if (today.last_free_day === null) continue;
      const days = Math.round((Date.parse(today.last_free_day) - Date.parse(today.as_of)) / 86_400_000);
      if (days < 0 || days > 7) continue;
      const week = await session.demurrage.container(container.id, { projectedThrough: plusDays(today.as_of, 7) });
      expected.push({ number: container.number, lfd: week.last_free_day!, projected: week.charges.reduce((sum, c) => (c.projected ? sum.plus(c.projected.amount) : sum), new Big(0)) });
    }
    const answer = await ask("list_last_free_days", { within_days: 7 });
    expect(sorted(answer.containers.map((c: Answer) => `${c.number} ${c.last_free_day}`))).toStrictEqual(sorted(expected.map((e) => `${e.number} ${e.lfd}`)));
    for (const row of expected) {
      const listed = answer.containers.find((c: Answer) => c.number === row.number);
      expect(listed.projected.reduce((sum: Big, m: Answer) => sum.plus(m.amount), new Big(0)).eq(row.projected), row.number).toBe(true);
    }
    expect(expected.length).toBeGreaterThan(0);
  }],
  ["What is container N's demurrage, and why is the last free day that day?", async () => {
    const containers = await all((page) => session.containers.list({ page }));
    let figures;
    for (const container of containers) {
      figures = await session.demurrage.container(container.id);
      if (figures.charges.some((charge) => charge.accrued !== null && Number(charge.accrued.amount) > 0)) break;
    }
    const answer = await ask("get_container_demurrage", { id: figures!.container_id });
    expect(answer.last_free_day).toBe(figures!.last_free_day);
    expect(answer.last_free_day_basis).toBe(figures!.last_free_day_basis);
    expect(answer.charges.map((c: Answer) => c.accrued)).toStrictEqual(figures!.charges.map((c) => c.accrued));
    expect(answer.charges.map((c: Answer) => c.charged_days)).toStrictEqual(figures!.charges.map((c) => c.charged_days));
  }],
  ["Which terminal has the most money accrued in demurrage?", async () => {
    const groups = await session.demurrage.exposureGroups({ groupBy: "terminal" });
    const answer = await ask("get_demurrage_exposure", { group_by: "terminal", page_size: 50 });
    expect(answer.groups.map((g: Answer) => [g.key, g.accrued])).toStrictEqual(groups.slice(0, 50).map((g) => [g.key, g.accrued]));
  }],
  ["How many containers are charging per carrier?", async () => {
    const groups = await session.demurrage.exposureGroups({ groupBy: "carrier" });
    const answer = await ask("get_demurrage_exposure", { group_by: "carrier", page_size: 50 });
    expect(answer.groups.map((g: Answer) => [g.key, g.charging, g.containers])).toStrictEqual(groups.map((g) => [g.key, g.charging, g.containers]));
  }],
  ["Which shipments are running more than a day late?", async () => {
    const late = (await all((page) => session.shipments.list({ page }))).filter((s) => s.pod_eta_delay_hours !== null && s.pod_eta_delay_hours >= 24);
    const answer = await ask("list_delayed_shipments", { min_delay_hours: 24 });
    expect(sorted(answer.shipments.map((s: Answer) => s.bill_of_lading_number))).toStrictEqual(sorted(late.map((s) => s.bill_of_lading_number)));
  }],
  ["When will shipment S arrive, how late is it, and what does Bollard predict?", async () => {
    const shipment = (await all((page) => session.shipments.list({ page }))).find((s) => s.predicted_eta_at !== null) ?? (await session.shipments.list()).data[0]!;
    const answer = await ask("get_eta", { shipment_id: shipment.id });
    expect(answer.pod.eta_at).toBe(shipment.pod_eta_at);
    expect(answer.pod.delay_hours).toBe(shipment.pod_eta_delay_hours);
    expect(answer.prediction.predicted_eta_at).toBe(shipment.predicted_eta_at);
    expect(answer.prediction.p90_at).toBe(shipment.predicted_eta_p90_at);
  }],
  ["How far can we trust carrier ETAs?", async () => {
    const report = await session.eta.accuracy();
    const answer = await ask("get_eta_accuracy");
    expect(answer.shipments).toBe(report.shipments);
    expect(answer.rows.map((r: Answer) => [r.source, r.horizon, r.samples, r.mae_hours])).toStrictEqual(report.rows.map((r) => [r.source, r.horizon, r.samples, r.mae_hours]));
  }],
  ["What needs attention: which exceptions are open?", async () => {
    const open = await all((page) => session.exceptions.list({ status: "open", page }));
    const answer = await ask("list_exceptions", { page_size: 50 });
    expect(answer.meta.total).toBe(open.length);
    expect(sorted(answer.exceptions.map((e: Answer) => e.id))).toStrictEqual(sorted(open.slice(0, 50).map((e) => e.id)));
    expect(open.length).toBeGreaterThan(0);
  }],
  ["Which containers have passed their last free day (exceptions)?", async () => {
    const open = await all((page) => session.exceptions.list({ status: "open", kind: "last_free_day_passed", page }));
    const answer = await ask("list_exceptions", { kind: "last_free_day_passed", page_size: 50 });
    expect(sorted(answer.exceptions.map((e: Answer) => e.container_id ?? e.shipment_id))).toStrictEqual(sorted(open.map((e) => e.container_id ?? e.shipment_id)));
  }],
  ["What changed on shipment S, and when were its tags set?", async () => {
    const shipment = (await session.shipments.list({ page: { number: 1, size: 1 } })).data[0]!;
    const changes = await session.shipments.changes(shipment.id);
    const answer = await ask("get_history", { resource: "shipment", id: shipment.id, attribute: "tags" });
    expect(answer.meta.total).toBe(changes.total);
    expect(answer.changes).toHaveLength(1);
    expect(answer.changes[0]).toMatchObject({ after: JSON.stringify(["vip"]), before: JSON.stringify(tagsBefore), learned_at: TAGGED_AT });
  }],
  ["What did we know about shipment S before its tags were set?", async () => {
    const shipment = (await session.shipments.list({ page: { number: 1, size: 1 } })).data[0]!;
    const answer = await ask("get_as_of", { resource: "shipment", id: shipment.id, as_of: "2026-03-02T08:30:00Z" });
    expect(answer.existed).toBe(true);
    expect(answer.shipment_then.tags).toStrictEqual(tagsBefore);
    expect(answer.shipment_now.tags).toStrictEqual(["vip"]);
  }],
  ["How many tracking requests succeeded?", async () => {
    const answer = await ask("list_tracking_requests", { status: "created", page_size: 5 });
    expect(answer.meta.total).toBe((await session.trackingRequests.list({ status: "created" })).total);
  }],
  ["Track container N (already tracked): does it create anything?", async () => {
    const container = (await session.containers.list({ page: { number: 1, size: 1 } })).data[0]!;
    const before = (await session.trackingRequests.list()).total;
    const answer = await ask("track_container", { containerNumber: container.number });
    expect(answer).toMatchObject({ tracking_request_created: false, container: { id: container.id } });
    expect((await session.trackingRequests.list()).total).toBe(before);
  }],
  ["Would this import file work?", async () => {
    const tracked = (await session.trackingRequests.list({ page: { number: 1, size: 1 } })).data[0]!;
    const before = (await session.trackingRequests.list()).total;
    const answer = await ask("bulk_import_dry_run", {
      rows: [
        { "Request number": tracked.request_number, Carrier: tracked.scac, Type: tracked.request_type },
        { "Container #": "MSCU1234560", Carrier: "MSCU" },
        { "Container #": "MSCU1234566", Carrier: "MSCU" },
      ],
    });
    expect(answer.counts).toMatchObject({ duplicate: 1, invalid: 1, valid: 1 });
    expect(answer.rows.find((row: Answer) => row.status === "invalid").errors[0].detail).toMatch(/MSCU1234560/);
    expect((await session.trackingRequests.list()).total).toBe(before);
  }],
  ["Are our webhooks delivering?", async () => {
    const answer = await ask("list_webhook_deliveries");
    expect(answer.meta.total).toBe((await session.webhookNotifications.list()).total);
    expect((await ask("list_webhooks")).meta.total).toBe((await session.webhooks.list()).total);
  }],
];

describe("the scripted evaluation on the demo dataset", () => {
  it("has at least 20 questions", () => expect(questions.length).toBeGreaterThanOrEqual(20));
  it.each(questions)("%s", async (_question, check) => check());
});
