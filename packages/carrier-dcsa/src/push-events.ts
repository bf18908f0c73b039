import type { DcsaEvent } from "./dcsa-types.js";
import { eventProblem } from "./event-shape.js";
import { documentReference } from "./events-to-snapshot.js";

/** Why a notification is refused (a `400` with the standard's error body): the error's `reason` and `message`. */
export interface PushRefusal {
  /**
   * `invalidBody` (not a JSON list), `invalidEvent` (one event the mapping cannot read, named by its
   * index), `invalidEvents` (the events of one reference do not make a valid snapshot together), or
   * `tooManyReferences` (more new transport documents than one notification may add).
   */
  reason: "invalidBody" | "invalidEvent" | "invalidEvents" | "tooManyReferences";
  /** What is wrong, in words. */
  message: string;
}

/**
 * A notification's body as DCSA events, or why it is refused: it must be a JSON list, and every
 * item an event the mapping can read (see {@link eventProblem}); the first one that is not is named
 * by its index, e.g. `events[3].documentReferences must be a list`. Never throws.
 */
export function readNotificationEvents(body: Uint8Array): { events: DcsaEvent[] } | { refusal: PushRefusal } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString("utf8"));
  } catch {
    parsed = undefined;
  }
  if (!Array.isArray(parsed)) return { refusal: { reason: "invalidBody", message: "The body must be a JSON list of DCSA events" } };
  for (const [i, event] of parsed.entries()) {
    const problem = eventProblem(event);
    if (problem) return { refusal: { reason: "invalidEvent", message: `events[${i}]${problem.at} ${problem.message}` } };
  }
  return { events: parsed as DcsaEvent[] };
}

/** The container an equipment event names, without surrounding blanks; null when none. */
function containerOf(event: DcsaEvent): string | null {
  return (event.eventType === "EQUIPMENT" && event.equipmentReference?.trim()) || null;
}

/** The reference a notification's event belongs under: its transport document, else its booking, else its container; null when it names none. */
export function groupKey(event: DcsaEvent): string | null {
  return documentReference(event, "TRD") ?? documentReference(event, "BKG") ?? containerOf(event);
}

/** A notification's events by the reference they belong under ({@link groupKey}), in the order each reference first appears; events naming none are left out. */
export function groupByReference(events: readonly DcsaEvent[]): Map<string, DcsaEvent[]> {
  const groups = new Map<string, DcsaEvent[]>();
  for (const event of events) {
    const key = groupKey(event);
    if (key === null) continue;
    const group = groups.get(key);
    if (group) group.push(event);
    else groups.set(key, [event]);
  }
  return groups;
}

/** The references events name (transport documents and bookings, containers): where their shipment may already be tracked. */
export function pushedNumbers(events: readonly DcsaEvent[]): { documents: string[]; containers: string[] } {
  const documents = new Set<string>();
  const containers = new Set<string>();
  for (const event of events) {
    for (const ref of [documentReference(event, "TRD"), documentReference(event, "BKG")]) if (ref) documents.add(ref);
    const container = containerOf(event);
    if (container) containers.add(container);
  }
  return { documents: [...documents], containers: [...containers] };
}
