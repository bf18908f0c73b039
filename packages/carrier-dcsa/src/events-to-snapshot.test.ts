import { CarrierSnapshotSchema } from "@bollard/core/schemas";
import { describe, expect, it } from "vitest";
import { readSourceCodes } from "./dcsa-codes.js";
import type { DcsaEvent, DcsaTransportCall } from "./dcsa-types.js";
import { dcsaSnapshot } from "./events-to-snapshot.js";
import { POD_CALL, POL_CALL } from "./testing/dcsa-journey.js";

const EQUIPMENT_CODES = ["LOAD", "DISC", "GTIN", "GTOT", "STUF", "STRP", "PICK", "DROP", "INSP", "RSEA", "RMVD"] as const;
const SHIPMENT_CODES = ["RECE", "DRFT", "PENA", "PENU", "REJE", "APPR", "ISSU", "SURR", "SUBM", "VOID", "CONF", "REQS", "CMPL", "HOLD", "RELS"] as const;
const MODES = ["VESSEL", "RAIL", "TRUCK", "BARGE"] as const;
const refs = [{ documentReferenceType: "TRD", documentReferenceValue: "TRD1" }];
const at = (n: number) => new Date(Date.UTC(2026, 4, 1) + n * 3_600_000).toISOString();

describe("dcsaSnapshot", () => {
  it("keeps every DCSA code as a raw event with its wording, and makes a valid snapshot of them", () => {
    let n = 0;
    const events: DcsaEvent[] = [];
    for (const mode of MODES) {
      const call: DcsaTransportCall = { ...POL_CALL, modeOfTransport: mode, transportCallID: `call-${mode}` };
      for (const code of EQUIPMENT_CODES) {
        for (const empty of ["EMPTY", "LADEN"] as const) {
          events.push({ eventType: "EQUIPMENT", eventClassifierCode: "ACT", eventCreatedDateTime: at(n), eventDateTime: at(n++), equipmentEventTypeCode: code, emptyIndicatorCode: empty, equipmentReference: "APZU4812090", transportCall: call, documentReferences: refs });
        }
      }
      for (const code of ["ARRI", "DEPA"] as const) {
        for (const classifier of ["ACT", "EST", "PLN"] as const) {
          events.push({ eventType: "TRANSPORT", eventClassifierCode: classifier, eventCreatedDateTime: at(n), eventDateTime: at(n++), transportEventTypeCode: code, transportCall: { ...(code === "ARRI" ? POD_CALL : POL_CALL), modeOfTransport: mode, transportCallID: `t-${mode}-${code}` }, documentReferences: refs });
        }
      }
    }
    for (const code of SHIPMENT_CODES) events.push({ eventType: "SHIPMENT", eventClassifierCode: "ACT", eventCreatedDateTime: at(n), eventDateTime: at(n++), shipmentEventTypeCode: code, documentTypeCode: "TRD", documentID: "TRD1" });

    const snapshot = dcsaSnapshot(events, { requestNumber: "TRD1" })!;
    expect(CarrierSnapshotSchema.safeParse(snapshot).success).toBe(true);
    const raw = snapshot.containers[0]!.raw_events!;
    const wordings = new Set(raw.map((e) => e.original_event));
    for (const event of events) {
      const code = event.eventType === "EQUIPMENT" ? event.equipmentEventTypeCode : event.eventType === "TRANSPORT" ? event.transportEventTypeCode : event.shipmentEventTypeCode;
      const kept = raw.map((e) => readSourceCodes(e.source_codes ?? null)).some((codes) => codes?.eventType === event.eventType && codes.code === code);
      expect(kept, `${event.eventType} ${code}`).toBe(true);
    }
    expect(wordings).toContain("Stuffed (EQUIPMENT STUF LADEN VESSEL)");
    expect(wordings).toContain("Issued (SHIPMENT ISSU TRD)");
    expect(wordings).toContain("Arrived (TRANSPORT ARRI BARGE)");
  });

  it("orders events by event time whatever the order given, and skips events it cannot read", () => {
    const load: DcsaEvent = { eventType: "EQUIPMENT", eventClassifierCode: "ACT", eventCreatedDateTime: at(2), eventDateTime: at(2), equipmentEventTypeCode: "LOAD", emptyIndicatorCode: "LADEN", equipmentReference: "APZU4812090", transportCall: POL_CALL, documentReferences: refs };
    const gateIn: DcsaEvent = { ...load, eventDateTime: at(1), eventCreatedDateTime: at(1), equipmentEventTypeCode: "GTIN" };
    const broken = { ...load, eventDateTime: "yesterday" } as DcsaEvent;
    const snapshot = dcsaSnapshot([load, broken, gateIn, { eventType: "OTHER" } as unknown as DcsaEvent], { requestNumber: "TRD1" })!;
    expect(snapshot.containers[0]!.transport_events!.map((e) => e.event)).toEqual(["container.transport.full_in", "container.transport.vessel_loaded"]);
    expect(dcsaSnapshot([broken], { requestNumber: "TRD1" })).toBeNull();
  });
});
