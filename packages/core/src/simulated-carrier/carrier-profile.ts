import { carrierStyle, type CarrierStyle } from "../demo/carrier-styles.js";
import type { Rng } from "../demo/random.js";
import { TRADE_LANES, type TradeLane } from "../demo/voyages.js";
import { shippingLineByScac } from "../reference/index.js";

/** The carriers with a hand-made numbering style in the demo data. */
const STYLED = new Set(TRADE_LANES.flatMap((lane) => lane.carriers));

const digits = (rng: Rng, count: number): string => Array.from({ length: count }, () => String(rng.int(0, 9))).join("");

// Most lines' owner code is their SCAC's first three letters plus the category letter U
// (WHLC → WHLU, OOLU → OOLU, YMLU → YMLU), which is close enough for lines without a demo style.
function genericStyle(scac: string): CarrierStyle {
  return {
    scac,
    ownerCodes: [`${scac.slice(0, 3)}U`],
    wording: "default",
    billOfLading: (rng, origin) => `${scac}${origin.slice(2)}${digits(rng, 8)}`,
    sealNumber: (rng) => `${scac.slice(0, 2)}${digits(rng, 7)}`,
  };
}

const styles = new Map<string, CarrierStyle>();

/**
 * The numbering and wording style of the shipping line with this SCAC (or alternative SCAC):
 * the demo's own style for the lines it knows, a generic one built from the SCAC otherwise.
 */
export function carrierProfile(scac: string): CarrierStyle {
  const primary = shippingLineByScac(scac)?.scac ?? scac.toUpperCase();
  let style = styles.get(primary);
  if (!style) {
    style = STYLED.has(primary) ? carrierStyle(primary) : genericStyle(primary);
    styles.set(primary, style);
  }
  return style;
}

/** The trade lanes a carrier sails: the ones selling it, or every lane for a line the demo lanes do not list. */
export function lanesOf(scac: string): readonly TradeLane[] {
  const own = TRADE_LANES.filter((lane) => lane.carriers.includes(scac));
  return own.length > 0 ? own : TRADE_LANES;
}
