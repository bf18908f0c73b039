import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { DcsaEvent } from "./dcsa-types.js";
import { eventProblem } from "./event-shape.js";
import { documentReference } from "./events-to-snapshot.js";
import { dcsaJourney, POL_CALL } from "./testing/dcsa-journey.js";

const load = { eventType: "EQUIPMENT", eventClassifierCode: "ACT", eventCreatedDateTime: "2026-05-09T21:35:00Z", eventDateTime: "2026-05-09T21:30:00Z", equipmentEventTypeCode: "LOAD", emptyIndicatorCode: "LADEN", equipmentReference: "APZU4812090", transportCall: POL_CALL, documentReferences: [{ documentReferenceType: "TRD", documentReferenceValue: "TRD1" }] };
const where = (event: unknown) => {
  const found = eventProblem(event);
  return found && `${found.at} ${found.message}`;
};

describe("eventProblem", () => {
  it("reads every event of a journey built from the standard's examples", () => {
    for (const event of dcsaJourney({ containers: ["APZU4812090", "MSKU1234565"] })) expect(eventProblem(event)).toBeNull();
  });

  it("names the first field the mapping cannot read", () => {
    expect(where(null)).toBe(" must be an object");
    expect(where([load])).toBe(" must be an object");
    expect(where({ ...load, documentReferences: "TRD1" })).toBe(".documentReferences must be a list");
    expect(where({ ...load, documentReferences: [null] })).toBe(".documentReferences[0] must be an object");
    expect(where({ ...load, documentReferences: [{ documentReferenceType: "TRD", documentReferenceValue: 7 }] })).toBe(".documentReferences[0].documentReferenceValue must be text of at most 100 characters");
    expect(where({ ...load, documentReferences: [{ documentReferenceType: "TRD", documentReferenceValue: "T".repeat(101) }] })).toMatch(/^\.documentReferences\[0\]\.documentReferenceValue /);
    expect(where({ ...load, eventType: "constructor" })).toBe(".eventType must be one of TRANSPORT, EQUIPMENT, SHIPMENT");
    expect(where({ ...load, equipmentEventTypeCode: 4 })).toBe(".equipmentEventTypeCode must be text of 1 to 50 characters");
    expect(where({ ...load, emptyIndicatorCode: undefined })).toBe(".emptyIndicatorCode must be one of EMPTY, LADEN");
    expect(where({ ...load, eventClassifierCode: "act" })).toBe(".eventClassifierCode must be one of ACT, EST, PLN");
    expect(where({ ...load, eventDateTime: "2026-05-09T21:30:00" })).toMatch(/^\.eventDateTime must be an RFC 3339 date-time/);
    expect(where({ ...load, eventCreatedDateTime: "yesterday" })).toMatch(/^\.eventCreatedDateTime must be/);
    expect(where({ ...load, transportCall: "NLRTM" })).toBe(".transportCall must be an object");
    expect(where({ ...load, transportCall: { ...POL_CALL, vessel: { vesselIMONumber: 9321483 } } })).toBe(".transportCall.vessel.vesselIMONumber must be text of at most 100 characters");
    expect(where({ ...load, transportCall: { ...POL_CALL, modeOfTransport: "SHIP" } })).toBe(".transportCall.modeOfTransport must be one of VESSEL, RAIL, TRUCK, BARGE");
    expect(where({ eventType: "TRANSPORT", eventClassifierCode: "ACT", eventCreatedDateTime: load.eventCreatedDateTime, eventDateTime: load.eventDateTime, transportEventTypeCode: "DEPA" })).toBe(".transportCall must be an object");
    expect(where({ eventType: "SHIPMENT", eventClassifierCode: "ACT", eventCreatedDateTime: load.eventCreatedDateTime, eventDateTime: load.eventDateTime, shipmentEventTypeCode: "ISSU", documentTypeCode: "TRD", documentID: ["TRD1"] })).toBe(".documentID must be text of at most 100 characters");
  });

  it("takes an optional field sent as null as absent, an empty reference or facility as none, and a code it does not know as it is", () => {
    expect(eventProblem({ ...load, documentReferences: null, eventLocation: null, ISOEquipmentCode: null, transportCall: null })).toBeNull();
    const blank = { ...load, equipmentReference: "", documentReferences: [{}, { documentReferenceType: "TRD", documentReferenceValue: "  " }], transportCall: { ...POL_CALL, facilityCode: "" } };
    expect(eventProblem(blank)).toBeNull();
    expect(documentReference(blank as DcsaEvent, "TRD")).toBeNull();
    expect(documentReference({ ...load, documentReferences: [{ documentReferenceType: "TRD (Transport Document)", documentReferenceValue: " TRD1 " }] } as DcsaEvent, "TRD")).toBe("TRD1");
    expect(eventProblem({ ...load, equipmentEventTypeCode: "ZZZZ" })).toBeNull();
  });

  it("never throws, and documentReference never throws on what it refuses", () => {
    const garbage = fc.oneof(fc.jsonValue(), fc.record({ eventType: fc.constantFrom("TRANSPORT", "EQUIPMENT", "SHIPMENT", "__proto__"), documentReferences: fc.jsonValue(), documentTypeCode: fc.jsonValue(), documentID: fc.jsonValue() }));
    fc.assert(fc.property(garbage, (value) => {
      eventProblem(value);
      expect(() => documentReference(value as unknown as DcsaEvent, "TRD")).not.toThrow();
    }), { seed: 7, numRuns: 500 });
  });
});
