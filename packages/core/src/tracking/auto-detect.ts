import { shippingLineByScac, UNSUPPORTED_SCACS } from "../reference/index.js";
import { inferNumber } from "./infer-number.js";

/**
 * The SCAC auto-detection settles on for a tracking request created with `auto_detect_vocc_scac`
 * and no `scac` (pure): the carrier `inferNumber` selects, when it is a known line that is not
 * unsupported and that the carrier source fetches. Null when there is none: the request then fails
 * with `scac_auto_detect_failed`. The refresh pass asks on the request's first attempt, so the
 * create answers `pending` with `scac: null` as the hosted service documents.
 */
export function detectedScac(requestNumber: string, supports: (scac: string) => boolean): string | null {
  const scac = inferNumber(requestNumber).shipping_line.selected?.scac;
  return scac !== undefined && !UNSUPPORTED_SCACS[scac] && shippingLineByScac(scac) !== undefined && supports(scac) ? scac : null;
}
