import { z } from "zod";
import { defineTool } from "../tool-kit.js";

/*
 * The sandbox controls, on a server started with --sandbox only: the clock, scenarios, faults,
 * reset and snapshots of the session's account (docs/sandbox.md).
 */

const ClockSchema = z.object({ now: z.string(), speed: z.number(), paused: z.boolean() });
const FaultSchema = z.object({ id: z.string(), target: z.string(), effect: z.string(), scac: z.string().nullable(), request_number: z.string().nullable(), url: z.string().nullable(), status_code: z.number().int().nullable(), delay_ms: z.number().int().nullable(), times: z.number().int().nullable(), remaining: z.number().int().nullable(), hits: z.number().int() });
const SnapshotSchema = z.object({ id: z.string(), created_at: z.string(), record_counts: z.record(z.string(), z.number().int()) });
const DataChangeSchema = { deleted: z.number().int(), restored: z.number().int(), note: z.string() };

const faultView = (f: z.infer<typeof FaultSchema>) => ({ id: f.id, target: f.target, effect: f.effect, scac: f.scac, request_number: f.request_number, url: f.url, status_code: f.status_code, delay_ms: f.delay_ms, times: f.times, remaining: f.remaining, hits: f.hits });

/** `sandbox_get_clock`: the sandbox's time. */
export const sandboxGetClock = defineTool({
  name: "sandbox_get_clock",
  title: "Sandbox: Get Clock",
  access: "read",
  sandboxOnly: true,
  description: "The sandbox clock: its current instant, speed and whether it is paused.",
  input: {},
  output: { clock: ClockSchema },
  async run(_args, { session }) {
    return { clock: session.sandbox.clock.get() };
  },
});

/** `sandbox_set_clock`: moves, pauses or speeds the sandbox clock, running what falls due on the way. */
export const sandboxSetClock = defineTool({
  name: "sandbox_set_clock",
  title: "Sandbox: Move Clock",
  access: "write",
  sandboxOnly: true,
  description: "Move the sandbox clock forward (advance_by_seconds or a later now), change its speed, or pause/resume it. Moving time runs every refresh, exception pass and webhook delivery that falls due on the way, in order.",
  input: {
    advance_by_seconds: z.number().positive().max(316_224_000).optional().describe("Seconds to move forward (e.g. 86400 for a day)"),
    now: z.string().optional().describe("A later instant to move to (ISO 8601); not with advance_by_seconds"),
    speed: z.number().positive().max(1_000_000).optional().describe("Sandbox seconds per real second from now on"),
    paused: z.boolean().optional().describe("Pause (true) or resume (false) the clock"),
  },
  output: { clock: ClockSchema, advanced: z.boolean(), summary: z.record(z.string(), z.unknown()).nullable() },
  async run(args, { session }) {
    const change = await session.sandbox.clock.update(Object.fromEntries(Object.entries(args).filter(([, value]) => value !== undefined)));
    return { clock: change.clock, advanced: change.advance !== null, summary: change.advance ? JSON.parse(JSON.stringify(change.advance)) as Record<string, unknown> : null };
  },
});

/** `sandbox_list_scenarios`: the built-in and the account's own scripted shipments. */
export const sandboxListScenarios = defineTool({
  name: "sandbox_list_scenarios",
  title: "Sandbox: List Scenarios",
  access: "read",
  sandboxOnly: true,
  description: "The scripted shipments the sandbox can track: built-in ones (rollover, transshipment, holds, …; scac TEST) and the account's own scenario documents.",
  input: {},
  output: { scenarios: z.array(z.object({ id: z.string(), name: z.string().nullable(), builtin: z.boolean(), scac: z.string(), number: z.string(), summary: z.string().nullable() })) },
  async run(_args, { session }) {
    const result = await session.sandbox.scenarios.list({ page: { number: 1, size: 100 } });
    return { scenarios: result.data.map((s) => ({ id: s.id, name: s.name, builtin: s.builtin, scac: s.scac, number: s.number, summary: s.summary })) };
  },
});

/** `sandbox_track_scenario`: tracks a built-in scenario by name, or registers a scenario document and tracks it. */
export const sandboxTrackScenario = defineTool({
  name: "sandbox_track_scenario",
  title: "Sandbox: Track Scenario",
  access: "write",
  sandboxOnly: true,
  description: "Track a scripted shipment: a built-in scenario by name (see sandbox_list_scenarios), or a scenario document of your own (docs/sandbox.md). Creates its tracking request and runs the refresh due now.",
  input: {
    name: z.string().optional().describe("A built-in scenario's name"),
    document: z.record(z.string(), z.unknown()).optional().describe("A scenario document (instead of name)"),
  },
  output: { scenario_id: z.string(), tracking_request: z.object({ id: z.string(), request_number: z.string(), scac: z.string().nullable(), status: z.string(), shipment_id: z.string().nullable() }) },
  async run({ name, document }, { session }) {
    if ((name === undefined) === (document === undefined)) throw new Error("Give name (a built-in scenario) or document (your own), not both and not neither");
    const created = await session.sandbox.scenarios.create(document ?? { name });
    const request = created.tracking_request;
    return { scenario_id: created.scenario.id, tracking_request: { id: request.id, request_number: request.request_number, scac: request.scac, status: request.status, shipment_id: request.tracked_object_id } };
  },
});

/** `sandbox_list_faults`: faults injected into the carrier and webhook deliveries. */
export const sandboxListFaults = defineTool({
  name: "sandbox_list_faults",
  title: "Sandbox: List Faults",
  access: "read",
  sandboxOnly: true,
  description: "The faults injected into the carrier source and webhook deliveries, with how often they still apply and how many times they hit.",
  input: {},
  output: { faults: z.array(FaultSchema) },
  async run(_args, { session }) {
    return { faults: (await session.sandbox.faults.list({ page: { number: 1, size: 100 } })).data.map(faultView) };
  },
});

/** `sandbox_add_fault`: injects a carrier or webhook fault. */
export const sandboxAddFault = defineTool({
  name: "sandbox_add_fault",
  title: "Sandbox: Add Fault",
  access: "write",
  sandboxOnly: true,
  description: "Inject a fault: target carrier (effect fail, timeout or not_found; for a scac and/or request_number) or webhook (effect status with status_code, timeout, or delay with delay_ms; for a url). times limits how often it applies.",
  input: {
    target: z.enum(["carrier", "webhook"]),
    effect: z.enum(["fail", "timeout", "not_found", "status", "delay"]),
    scac: z.string().optional(),
    request_number: z.string().optional(),
    url: z.string().optional(),
    status_code: z.number().int().min(100).max(599).optional(),
    delay_ms: z.number().int().min(1).max(60_000).optional(),
    times: z.number().int().min(1).max(10_000).optional(),
  },
  output: { fault: FaultSchema },
  async run(args, { session }) {
    const input = Object.fromEntries(Object.entries(args).filter(([, value]) => value !== undefined));
    return { fault: faultView(await session.sandbox.faults.create(input as Parameters<typeof session.sandbox.faults.create>[0])) };
  },
});

/** `sandbox_remove_fault`: deletes a fault. */
export const sandboxRemoveFault = defineTool({
  name: "sandbox_remove_fault",
  title: "Sandbox: Remove Fault",
  access: "write",
  sandboxOnly: true,
  description: "Delete an injected fault by its id (as sandbox_add_fault or sandbox_list_faults give it).",
  input: { id: z.string().uuid() },
  output: { deleted: z.string() },
  async run({ id }, { session }) {
    await session.sandbox.faults.delete(id);
    return { deleted: id };
  },
});

/** `sandbox_reset`: deletes the account's data (keys, faults and snapshots stay). */
export const sandboxReset = defineTool({
  name: "sandbox_reset",
  title: "Sandbox: Reset",
  access: "write",
  sandboxOnly: true,
  description: "Delete the account's data (shipments, containers, events, tracking requests, webhooks, scenarios, …). The account, its keys, faults and snapshots stay. Take a snapshot first to come back.",
  input: {},
  output: DataChangeSchema,
  async run(_args, { session }) {
    const change = await session.sandbox.reset();
    return { deleted: change.deleted, restored: change.restored, note: `Deleted ${change.deleted} records.` };
  },
});

/** `sandbox_list_snapshots`: the account's saved copies. */
export const sandboxListSnapshots = defineTool({
  name: "sandbox_list_snapshots",
  title: "Sandbox: List Snapshots",
  access: "read",
  sandboxOnly: true,
  description: "The account's snapshots, oldest first, with the records each holds.",
  input: {},
  output: { snapshots: z.array(SnapshotSchema) },
  async run(_args, { session }) {
    return { snapshots: (await session.sandbox.snapshots.list({ page: { number: 1, size: 100 } })).data.map((s) => ({ id: s.id, created_at: s.created_at, record_counts: { ...s.record_counts } })) };
  },
});

/** `sandbox_create_snapshot`: saves the account's data now. */
export const sandboxCreateSnapshot = defineTool({
  name: "sandbox_create_snapshot",
  title: "Sandbox: Create Snapshot",
  access: "write",
  sandboxOnly: true,
  description: "Save the account's data now, to restore later with sandbox_restore_snapshot.",
  input: {},
  output: { snapshot: SnapshotSchema },
  async run(_args, { session }) {
    const s = await session.sandbox.snapshots.create();
    return { snapshot: { id: s.id, created_at: s.created_at, record_counts: { ...s.record_counts } } };
  },
});

/** `sandbox_restore_snapshot`: replaces the account's data with a snapshot's. */
export const sandboxRestoreSnapshot = defineTool({
  name: "sandbox_restore_snapshot",
  title: "Sandbox: Restore Snapshot",
  access: "write",
  sandboxOnly: true,
  description: "Replace the account's data with a snapshot's.",
  input: { id: z.string().uuid() },
  output: DataChangeSchema,
  async run({ id }, { session }) {
    const change = await session.sandbox.snapshots.restore(id);
    return { deleted: change.deleted, restored: change.restored, note: `Deleted ${change.deleted} records and restored ${change.restored}.` };
  },
});
