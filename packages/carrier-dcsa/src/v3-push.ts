import { isBollardError, type Tracker } from "@bollard/core";
import type { DcsaFeedbackElement } from "./dcsa-v3-types.js";
import { ingestPush, NO_STORED_SHIPMENT, pushTarget, type PushOwner } from "./push-ingest.js";
import { MAX_SOURCE_CODES } from "./sensor-codes.js";
import { groupKeyOf, type PushedEvent, readPushedEvent, v3Snapshot } from "./v3-events-to-snapshot.js";

/** A push whose body is not `{"events":[…]}`: refused as a whole (400). */
export interface V3BodyError {
  /** What is wrong with the body. */
  error: string;
}

const warn = (index: number, message: string, path = ""): DcsaFeedbackElement => ({ severity: "WARN", message: message.slice(0, 5000), propertyPath: `$.events[${index}]${path}` });

/** The body's events, or why it is not `{"events":[…]}`. */
function eventsOf(body: Uint8Array): unknown[] | V3BodyError {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(body).toString("utf8"));
  } catch {
    return { error: "The body is not JSON: send {\"events\":[…]}" };
  }
  const events = typeof parsed === "object" && parsed !== null ? (parsed as { events?: unknown }).events : undefined;
  return Array.isArray(events) ? events : { error: "The body must be a JSON object with an events list: {\"events\":[…]}" };
}

/** Applies one shipment's events; the feedback for them when they could not be applied. */
async function applyGroup(tracker: Tracker, owner: PushOwner, key: string, group: readonly PushedEvent[]): Promise<DcsaFeedbackElement[]> {
  const present = (values: (string | null)[]) => values.filter((n): n is string => n !== null);
  const numbers = { documents: present(group.flatMap((e) => [e.references.trd, e.references.bkg])), containers: present(group.map((e) => e.references.equipment)) };
  const target = await pushTarget(tracker, owner, numbers);
  const snapshot = v3Snapshot(group, { requestNumber: key, push: target?.push ?? NO_STORED_SHIPMENT });
  if (!snapshot) return [];
  try {
    if (await ingestPush(tracker, owner, target, snapshot, group.some((e) => e.references.trd !== null))) return [];
    return group.map((e) => warn(e.index, `Not applied: no shipment of this account is tracked by ${key.slice(0, 100)} (its transport document, booking or container)`));
  } catch (error) {
    if (isBollardError(error) && error.status < 500) return group.map((e) => warn(e.index, `Not applied: ${error.message}`));
    throw error;
  }
}

/**
 * Applies a DCSA T&T 3.0 push (`{"events":[…]}`) to the owner's shipments: each event is read
 * (see `readPushedEvent`), grouped by its transport document, else booking, else container, and
 * each group is ingested as a partial snapshot into the tracked shipment it names (see
 * `pushTarget`). Returns the feedback, one `WARN` per event not applied (unreadable, naming no
 * tracked shipment, refused by core) or applied without some of its readings, with its JSONPath
 * (`$.events[3]`); or a {@link V3BodyError} when the body is not a push at all.
 */
export async function applyV3Push(tracker: Tracker, owner: PushOwner, body: Uint8Array): Promise<DcsaFeedbackElement[] | V3BodyError> {
  const events = eventsOf(body);
  if (!Array.isArray(events)) return events;
  const receivedAt = tracker.clock.now().toISOString();
  const feedback: DcsaFeedbackElement[] = [];
  const groups = new Map<string, PushedEvent[]>();
  for (const [index, input] of events.entries()) {
    const read = readPushedEvent(input, index, receivedAt);
    if ("path" in read) {
      feedback.push(warn(index, `Not applied: ${read.message}`, read.path));
      continue;
    }
    if (read.readingsLeft > 0) feedback.push(warn(index, `${read.readingsLeft} readings left out: Bollard keeps at most ${MAX_SOURCE_CODES} codes and readings per event, each of the standard's type and at most 100 characters`));
    const key = groupKeyOf(read);
    if (key === null) feedback.push(warn(index, "Not applied: the event names no transport document (TRD), booking (BKG) or equipment", ".shipmentDetails"));
    else if (groups.has(key)) groups.get(key)!.push(read);
    else groups.set(key, [read]);
  }
  for (const [key, group] of groups) feedback.push(...(await applyGroup(tracker, owner, key, group)));
  return feedback;
}
