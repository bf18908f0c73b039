import { describe, expect, it } from "vitest";
import { sourceCodes } from "./dcsa-codes.js";
import type { DcsaV3Event } from "./dcsa-v3-types.js";
import { MAX_SOURCE_CODES, readSensorCodes, sensorSourceCodes, sensorWording } from "./sensor-codes.js";
import { dcsaJourney } from "./testing/dcsa-journey.js";
import { kitRequest } from "./testing/kit-messages.js";

const reefer = (details: unknown): DcsaV3Event => ({ ...kitRequest("REEFER").events[0], reeferDetails: details as DcsaV3Event["reeferDetails"] });

describe("sensorSourceCodes and readSensorCodes", () => {
  it("keep an IoT or reefer event's codes, readings and place, and give them back in their standard types", () => {
    // The kit's richest reefer example: three probes, setpoints and measurements (19 entries with the codes).
    const details = {
      temperatureUnit: "CEL", internalSetpointTemperature: -20, temperatureProbeMeasurements: [{ USDAProbeNumber: 1, measuredTemperatureValue: -19.8 }, { COAProbeUDMKey: "P22", measuredTemperatureValue: -20.1 }, { probeLabel: "2", measuredTemperatureValue: -19.9 }],
      ambientMeasuredTemperature: 18.5, setpointParameters: { humidityPercentage: 85, isVentilationOpen: false }, measuredParameters: { humidityPercentage: 84.2, o2Percentage: 20.6, co2Percentage: 0.35, airExchangeUnit: "MQH" },
    };
    const { codes, left } = sensorSourceCodes(reefer(details));
    expect(left).toBe(0);
    expect(Object.keys(codes).length).toBeLessThanOrEqual(MAX_SOURCE_CODES);
    expect(readSensorCodes(codes)).toEqual({ eventType: "REEFER", eventClassifierCode: "ACT", code: "MEAS", iotEventCode: null, reeferDetails: details, place: { latitude: null, longitude: null, facilityTypeCode: "POTE" } });
    const [iot] = kitRequest("IOT").events;
    expect(readSensorCodes(sensorSourceCodes(iot!).codes)).toMatchObject({ eventType: "IOT", code: "DETC", iotEventCode: "DRO", reeferDetails: null, place: { latitude: "52.3676", longitude: "4.9041" } });
  });

  it("keep at most 20 entries, temperatures and probes first, and count what they leave out or cannot read", () => {
    const probes = Array.from({ length: 7 }, (_, i) => ({ USDAProbeNumber: i + 1, measuredTemperatureValue: -18 - i / 10 }));
    const { codes, left } = sensorSourceCodes(reefer({ temperatureUnit: "CEL", internalSetpointTemperature: "cold", ambientMeasuredTemperature: 21, temperatureProbeMeasurements: probes, setpointParameters: { humidityPercentage: 80, airExchangeUnit: "x".repeat(101) } }));
    expect(Object.keys(codes)).toHaveLength(MAX_SOURCE_CODES);
    expect(Object.values(codes).every((value) => value.length <= 100)).toBe(true);
    // 3 codes, the unit and ambient temperature, 14 probe fields, the humidity setpoint: 20. The setpoint "cold" and
    // the 101-character unit are unreadable, the place's facilityTypeCode is past the limit.
    expect(codes["temperatureProbeMeasurements.6.measuredTemperatureValue"]).toBe("-18.6");
    expect(codes["setpointParameters.humidityPercentage"]).toBe("80");
    expect(codes.internalSetpointTemperature).toBeUndefined();
    expect(codes.facilityTypeCode).toBeUndefined();
    expect(left).toBe(3);
  });

  it("read nothing from a 2.2 event's codes, and word each reading with its time", () => {
    expect(readSensorCodes(sourceCodes(dcsaJourney()[0]!))).toBeNull();
    expect(readSensorCodes(null)).toBeNull();
    expect(readSensorCodes({ eventType: "IOT", eventClassifierCode: "ACT" })).toBeNull();
    expect(sensorWording({ eventType: "IOT", code: "DETC", iotEventCode: "LOC" }, "2026-01-20T18:45:00.250+01:00")).toBe("Location update (IOT DETC LOC) at 2026-01-20T17:45:00Z");
    expect(sensorWording({ eventType: "REEFER", code: "ADJU", iotEventCode: null }, "2026-01-20T18:00:00Z")).toBe("Adjusted (REEFER ADJU) at 2026-01-20T18:00:00Z");
  });
});
