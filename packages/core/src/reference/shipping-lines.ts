import type { ShippingLine, ShippingLineAttributes } from "../domain/shipping-line-schema.js";
import { referenceId } from "./reference-ids.js";

type Row = readonly [scac: string, name: string, shortName: string, alternativeScacs: readonly string[], support: "all" | "no-container" | Support];
type Support = readonly [billOfLading: boolean, booking: boolean, container: boolean];

// Names, short names, alternative SCACs and support flags as the hosted service lists them
// (its SDK fixture `shipping-lines.list.json`, 38 lines). TEST is its sandbox carrier.
const SHIPPING_LINE_DATA: readonly Row[] = [
  ["ACLU", "Atlantic Container Line", "ACL", [], "all"],
  ["ANNU", "Australia National Line", "ANL", [], "all"],
  ["APLU", "American President Lines", "APL", [], "all"],
  ["ARKU", "Arkas Container Transport", "Arkas", [], "all"],
  ["CHVW", "Swire Shipping", "CHVW", ["QWJA", "PLLU"], "no-container"],
  ["CLAM", "Crowley", "Crowley", ["CWLQ"], "no-container"],
  ["CMDU", "CMA CGM", "CMA CGM", [], "all"],
  ["COSU", "COSCO", "COSCO", [], "all"],
  ["CULU", "China United Lines", "CULines", [], "all"],
  ["EGLV", "Evergreen", "Evergreen", [], "all"],
  ["GOSU", "Gold Star Line", "GSL", [], "no-container"],
  ["HDMU", "Hyundai Merchant Marine", "Hyundai", [], "all"],
  ["HDUJ", "HEDE Shipping", "HEDE", [], "all"],
  ["HLCU", "Hapag-Lloyd", "Hapag-Lloyd", [], "all"],
  ["IILU", "Independent Container Line", "ICL", [], "no-container"],
  ["MAEU", "Maersk", "Maersk", [], "all"],
  ["MATS", "Matson Navigation Company", "Matson", [], "no-container"],
  ["MSCU", "Mediterranean Shipping Company", "MSC", ["MEDU"], "all"],
  ["ONEY", "Ocean Network Express", "ONE", [], "all"],
  ["OOLU", "Orient Overseas Container Line", "OOCL", [], "all"],
  ["PCIU", "Pacific International Lines", "PIL", [], "all"],
  ["SAFM", "Safmarine Container Line", "Safmarine Container Line", [], "no-container"],
  ["SEAU", "Sealand Americas", "SeaLand Americas", ["SEAL"], "all"],
  ["SEJJ", "SeaLand Europe", "SeaLand Europe", [], "all"],
  ["SMLM", "SM Line", "SM Line", [], "all"],
  ["SMLU", "Seaboard Marine", "Seaboard Marine", [], "all"],
  ["SQQY", "SeaLead", "SeaLead", ["SJHH"], "all"],
  ["SSBF", "Swire", "Swire", ["WWSU"], "no-container"],
  ["SSPH", "Seth Shipping", "Seth", [], "no-container"],
  ["TEST", "T49 Test Carrier", "T49 line", [], "no-container"],
  ["TJFH", "Transfar", "Transfar", [], "no-container"],
  ["TRBR", "Trailer Bridge", "Trailer Bridge", ["TBIE", "PYRR"], [false, true, false]],
  ["TRKU", "Turkon Line", "Turkon", [], "all"],
  ["TXZJ", "T.S. Lines", "TS Lines", [], "all"],
  ["WDSB", "World Direct Shipping", "WDS", [], [false, false, false]],
  ["WHLC", "Wan Hai Lines", "Wan Hai Lines", [], "all"],
  ["YMLU", "Yangming Marine Transport", "Yangming", ["YMPR", "YMSG", "YMJA"], "all"],
  ["ZIMU", "Zim American Integrated Shipping Services", "Zim Line", [], "all"],
];

/** A line's pages: its tracking page (`${BLNUM}` marks where the bill of lading goes) and its contact page. */
type LinePages = readonly [trackingUrl: string, contactUrl: string];

// The lines whose public pages Bollard knows; the others have `null` for both.
const LINE_PAGES: Readonly<Record<string, LinePages>> = {
  CMDU: ["https://www.cma-cgm.com/ebusiness/tracking/search?SearchBy=BL&Reference=${BLNUM}", "https://www.cma-cgm.com/contact"],
  HLCU: ["https://www.hapag-lloyd.com/en/online-business/track/track-by-booking-solution.html?blno=${BLNUM}", "https://www.hapag-lloyd.com/en/contact.html"],
  MAEU: ["https://www.maersk.com/tracking/${BLNUM}", "https://www.maersk.com/contact"],
  MSCU: ["https://www.msc.com/en/track-a-shipment?agencyPath=msc&trackingNumber=${BLNUM}", "https://www.msc.com/en/contact-us"],
  ONEY: ["https://ecomm.one-line.com/one-ecom/manage-shipment/cargo-tracking?trakNoParam=${BLNUM}", "https://www.one-line.com/en/contact-us"],
  ZIMU: ["https://www.zim.com/tools/track-a-shipment?consnumber=${BLNUM}", "https://www.zim.com/contact-us"],
};

/**
 * The prefixes a line puts before its bill of lading numbers, where they are not its SCACs: none
 * when the line's numbers keep their prefix in `normalized_number` (the live service keeps
 * `HLCUSEL251063257` whole), another code when the line writes one (ANL's `ANLC`). Every other
 * line's SCACs are stripped (`COSUFAKE260001` becomes `FAKE260001`, MSC's `MEDU...` loses `MEDU`).
 */
const BILL_OF_LADING_PREFIXES: Readonly<Record<string, readonly string[]>> = {
  ANNU: ["ANLC", "ANNU"],
  HLCU: [],
};

/**
 * The prefixes stripped from a line's bill of lading numbers to give `normalized_number`: the
 * line's own rule (see the reference data), else its SCAC and alternative SCACs; none when its
 * numbers keep their prefix.
 */
export function billOfLadingPrefixes(scac: string): readonly string[] {
  const key = scac.trim().toUpperCase();
  const line = shippingLineByScac(key);
  if (!line) return [key];
  return BILL_OF_LADING_PREFIXES[line.scac] ?? [line.scac, ...line.alternative_scacs];
}

/**
 * SCACs Bollard recognizes but cannot track, with the carrier's name. A tracking request for
 * one of them is refused as "not supported" rather than "unknown".
 */
export const UNSUPPORTED_SCACS: Readonly<Record<string, string>> = Object.freeze({
  UALC: "Universal Africa Lines",
});

interface ShippingLineIndex {
  list: readonly ShippingLine[];
  byScac: ReadonlyMap<string, ShippingLine>;
}

let index: ShippingLineIndex | undefined;

function toAttributes([scac, name, shortName, alternativeScacs, support]: Row): ShippingLineAttributes {
  const [bl, booking, container] = support === "all" ? [true, true, true] : support === "no-container" ? [true, true, false] : support;
  return {
    scac,
    name,
    short_name: shortName,
    alternative_scacs: [...alternativeScacs],
    bill_of_lading_tracking_support: bl,
    booking_number_tracking_support: booking,
    container_number_tracking_support: container,
    tracking_url: LINE_PAGES[scac]?.[0] ?? null,
    contact_url: LINE_PAGES[scac]?.[1] ?? null,
    provided_data: LINE_PROVIDED_DATA,
  };
}

/**
 * What a line's tracking reports, in the live service's `provided_data` shape and key set (its SDK
 * fixture `shipping-lines.list.json`): a flag per container field, each with its `_notes` but the
 * line's last free day (`ssl_lfd`). Bollard's carrier sources fill every one of them for every line.
 */
const LINE_PROVIDED_DATA: Readonly<Record<string, boolean | string>> = Object.freeze({
  ssl_lfd: true,
  ...Object.fromEntries(
    ["seal_number", "weight_in_lbs", "equipment_type", "pod_arrived_at", "pod_full_out_at", "equipment_height", "equipment_length", "pod_discharged_at", "empty_terminated_at", "final_destination_full_out_at"].flatMap((field) => [
      [field, true],
      [`${field}_notes`, ""],
    ]),
  ),
});

function shippingLineIndex(): ShippingLineIndex {
  if (index) return index;
  const list = SHIPPING_LINE_DATA.map((row): ShippingLine => {
    const attributes = toAttributes(row);
    Object.freeze(attributes.alternative_scacs);
    return Object.freeze({ id: referenceId("shipping_line", attributes.scac), ...attributes });
  });
  const byScac = new Map<string, ShippingLine>();
  // Primary SCACs first, so an alternative SCAC never shadows another line's primary one.
  for (const line of list) byScac.set(line.scac, line);
  for (const line of list) for (const alt of line.alternative_scacs) if (!byScac.has(alt)) byScac.set(alt, line);
  index = { list, byScac };
  return index;
}

/** Every supported shipping line, ordered by SCAC. Records are frozen and shared. */
export function allShippingLines(): ShippingLine[] {
  return [...shippingLineIndex().list];
}

/**
 * The shipping line whose SCAC or one of whose `alternative_scacs` equals `scac`
 * (case-insensitive), or undefined. Unsupported carriers (a known list) are not returned.
 */
export function shippingLineByScac(scac: string): ShippingLine | undefined {
  return shippingLineIndex().byScac.get(scac.trim().toUpperCase());
}

/** The shipping line with this id, or undefined. */
export function shippingLineById(id: string): ShippingLine | undefined {
  const wanted = id.toLowerCase();
  return shippingLineIndex().list.find((line) => line.id === wanted);
}
