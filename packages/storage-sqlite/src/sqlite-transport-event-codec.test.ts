import { makeTransportEvent } from "@bollard/core/testing";
import { describe, expect, it } from "vitest";
import { TRANSPORT_EVENT_COLUMNS, decodeTransportEvents, writeTransportEventRow, type TransportEventRow } from "./sqlite-transport-event-codec.js";

const ids = ["0190a1b2-c3d4-7e5f-8a6b-000000000001", "0190a1b2-c3d4-7e5f-8a6b-000000000002", "0190a1b2-c3d4-7e5f-8a6b-000000000003"] as const;

function rowOf(values: unknown[]): TransportEventRow {
  return Object.fromEntries(TRANSPORT_EVENT_COLUMNS.map((column, i) => [column, values[i]])) as TransportEventRow;
}

describe("the compact transport event doc", () => {
  it("round-trips an event with its withdrawal and the version it replaces", () => {
    const event = makeTransportEvent(ids[0], ids[1], ids[2], { invalidated_at: "2026-11-02T10:00:00.000Z", previous_version_id: ids[0] });
    const out: unknown[] = [];
    writeTransportEventRow(event, out);
    expect(decodeTransportEvents([rowOf(out)])).toEqual([event]);
  });

  it("reads a row an older version wrote (format 1) with no withdrawal, no earlier version, and `rail` as shipping_line", () => {
    const event = makeTransportEvent(ids[0], ids[1], ids[2]);
    const v1 = JSON.stringify([1, event.event, event.voyage_number, event.location_locode, event.timezone, "rail", event.shipment_id, null, null, "port", null, null, null]);
    const [read] = decodeTransportEvents([rowOf([event.id, event.account_id, event.container_id, event.timestamp, event.created_at, v1])]);
    expect(read).toMatchObject({ id: event.id, event: event.event, data_source: "shipping_line", invalidated_at: null, previous_version_id: null });
  });
});
