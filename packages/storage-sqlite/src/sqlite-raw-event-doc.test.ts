import { RawEventSchema } from "@bollard/core/schemas";
import { makeRawEvent } from "@bollard/core/testing";
import { describe, expect, it } from "vitest";
import { parseSqliteDoc, RAW_EVENT_FIELDS, rawEventDoc } from "./sqlite-raw-event-doc.js";

const ids = ["0190a1b2-c3d4-7e5f-8a6b-000000000001", "0190a1b2-c3d4-7e5f-8a6b-000000000002", "0190a1b2-c3d4-7e5f-8a6b-000000000003"] as const;

describe("the compact raw event doc", () => {
  it("lists exactly the raw event schema's fields", () => {
    expect([...RAW_EVENT_FIELDS].sort()).toStrictEqual(Object.keys(RawEventSchema.shape).sort());
  });

  it("keeps a raw event's values without their keys, and reads it back whole, in the schema's key order, at about half the bytes", () => {
    const event = makeRawEvent(ids[0], ids[1], ids[2], { source_codes: { carrier: ["VD"] } as never, terminal_type: null });
    const shuffled = Object.fromEntries(Object.entries(event).reverse()) as typeof event;
    const doc = rawEventDoc(shuffled);
    expect(doc.startsWith('["raw_event/1",')).toBe(true);
    const read = parseSqliteDoc(doc);
    expect(read).toStrictEqual(event);
    expect(Object.keys(read as object)).toStrictEqual([...RAW_EVENT_FIELDS]);
    expect(doc.length).toBeLessThan(JSON.stringify(event).length * 0.6);
  });

  it("keeps any other shape as the whole object, and reads documents written before as they are", () => {
    const event = makeRawEvent(ids[0], ids[1], ids[2]);
    const extra = { ...event, from_a_newer_version: 1 };
    expect(parseSqliteDoc(rawEventDoc(extra as never))).toStrictEqual(extra);
    const { reported_at: _dropped, ...older } = event;
    expect(parseSqliteDoc(rawEventDoc(older as never))).toStrictEqual(older);
    // An undefined field is no exact shape: stored as an object, it is left out, as JSON always did.
    const { updated_at: _undefined, ...withoutUpdatedAt } = event;
    expect(parseSqliteDoc(rawEventDoc({ ...event, updated_at: undefined as never }))).toStrictEqual(withoutUpdatedAt);
    expect(parseSqliteDoc(JSON.stringify(event))).toStrictEqual(event);
    expect(() => parseSqliteDoc('["raw_event/9", 1]')).toThrow(/Unknown compact document format/);
  });
});
