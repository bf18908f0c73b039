import type { CarrierBill } from "./edi-feed-carrier.js";

/** A fictional Atlantic Container Line bill of lading: two boxes from Antwerp to New York in May 2026. */
export const SAMPLE_BILL: CarrierBill = {
  number: "ACLU260501",
  origin: "BEANR",
  destination: "USNYC",
  vessel: { name: "ATLANTIC EXAMPLE", imo: "9876543", mmsi: "235000001" },
  voyage: "26W05",
  eta: "2026-05-20T06:00:00Z",
  containers: [
    { number: "ACLU1234569", isoType: "45G1" },
    { number: "ACLU7654321", isoType: "22G1" },
  ],
  statuses: [
    { container: "ACLU1234569", code: "EE", at: "2026-05-04T08:10:00Z", locode: "BEANR" },
    { container: "ACLU7654321", code: "EE", at: "2026-05-04T09:25:00Z", locode: "BEANR" },
    { container: "ACLU1234569", code: "I", at: "2026-05-06T13:40:00Z", locode: "BEANR" },
    { container: "ACLU7654321", code: "I", at: "2026-05-06T15:05:00Z", locode: "BEANR" },
    { container: "ACLU1234569", code: "AE", at: "2026-05-09T21:30:00Z", locode: "BEANR" },
    { container: "ACLU7654321", code: "AE", at: "2026-05-09T22:15:00Z", locode: "BEANR" },
    { container: "ACLU1234569", code: "VD", at: "2026-05-10T06:00:00Z", locode: "BEANR" },
    { container: "ACLU7654321", code: "VD", at: "2026-05-10T06:00:00Z", locode: "BEANR" },
    { container: "ACLU1234569", code: "VA", at: "2026-05-20T04:45:00Z", locode: "USNYC" },
    { container: "ACLU7654321", code: "VA", at: "2026-05-20T04:45:00Z", locode: "USNYC" },
    { container: "ACLU1234569", code: "UV", at: "2026-05-20T17:20:00Z", locode: "USNYC" },
    { container: "ACLU7654321", code: "UV", at: "2026-05-20T19:05:00Z", locode: "USNYC" },
  ],
};
