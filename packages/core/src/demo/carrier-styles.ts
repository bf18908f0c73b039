import { containerCheckDigit } from "../domain/validators.js";
import type { Rng } from "./random.js";

/** Which family of carrier wording a line's raw events use. */
export type WordingFamily = "default" | "maersk" | "cosco";

/** How a carrier writes its numbers: bill of lading, container owner codes, seals, event wording. */
export interface CarrierStyle {
  readonly scac: string;
  /** ISO 6346 owner codes (with the `U` category letter) of the line's own boxes. */
  readonly ownerCodes: readonly string[];
  readonly wording: WordingFamily;
  /** A bill of lading number as the line prints it; `origin` is the port of lading's UN/LOCODE. */
  billOfLading(rng: Rng, origin: string, issuedAt: Date): string;
  /** A seal number; `origin` is the port of lading's UN/LOCODE. */
  sealNumber(rng: Rng, origin: string): string;
}

// Leasing companies' boxes (Triton, Textainer, Seaco, Florens) turn up under every carrier.
const LEASING_OWNER_CODES = ["TGHU", "TCNU", "TCLU", "TEMU", "SEGU", "FCIU"] as const;

const digits = (rng: Rng, count: number): string => Array.from({ length: count }, () => String(rng.int(0, 9))).join("");
const letters = (rng: Rng, count: number): string =>
  Array.from({ length: count }, () => String.fromCharCode(65 + rng.int(0, 25))).join("");
const yymm = (date: Date): string =>
  `${String(date.getUTCFullYear() % 100).padStart(2, "0")}${String(date.getUTCMonth() + 1).padStart(2, "0")}`;
// Offices are named after the port of lading (Busan → PUS), as most lines do.
const office = (origin: string): string => origin.slice(2);

const STYLES: readonly CarrierStyle[] = [
  {
    scac: "MAEU", ownerCodes: ["MSKU", "MRKU", "MRSU"], wording: "maersk",
    billOfLading: (rng) => `MAEU2${digits(rng, 8)}`,
    sealNumber: (rng, origin) => `ML-${origin.slice(0, 2)}${digits(rng, 7)}`,
  },
  {
    scac: "HLCU", ownerCodes: ["HLXU", "HLBU", "UACU"], wording: "default",
    billOfLading: (rng, origin, issuedAt) => `HLCU${office(origin)}${yymm(issuedAt)}${digits(rng, 5)}`,
    sealNumber: (rng) => `HLD${digits(rng, 7)}`,
  },
  {
    scac: "COSU", ownerCodes: ["CSNU", "CBHU", "CCLU"], wording: "cosco",
    billOfLading: (rng) => `COSU6${digits(rng, 9)}`,
    sealNumber: (rng) => `C${digits(rng, 7)}`,
  },
  {
    scac: "ONEY", ownerCodes: ["ONEU", "NYKU", "KKFU"], wording: "default",
    billOfLading: (rng, origin) => `ONEY${office(origin)}${letters(rng, 1)}${digits(rng, 8)}`,
    sealNumber: (rng) => `ONE${digits(rng, 6)}`,
  },
  {
    scac: "CMDU", ownerCodes: ["CMAU", "CGMU", "APZU"], wording: "default",
    billOfLading: (rng, origin) => `CMDU${office(origin)}${digits(rng, 7)}`,
    sealNumber: (rng) => `F${digits(rng, 7)}`,
  },
  {
    // MSC prints its bills under its alternative SCAC MEDU.
    scac: "MSCU", ownerCodes: ["MSCU", "MEDU", "MSDU"], wording: "default",
    billOfLading: (rng) => `MEDU${letters(rng, 2)}${digits(rng, 6)}`,
    sealNumber: (rng) => `FX${digits(rng, 8)}`,
  },
  {
    scac: "ZIMU", ownerCodes: ["ZCSU", "ZIMU"], wording: "default",
    billOfLading: (rng, origin) => `ZIMU${office(origin)}${digits(rng, 7)}`,
    sealNumber: (rng) => `ZIM${digits(rng, 7)}`,
  },
  {
    scac: "EGLV", ownerCodes: ["EGHU", "EMCU", "EITU"], wording: "default",
    billOfLading: (rng) => `EGLV${digits(rng, 12)}`,
    sealNumber: (rng) => `EMCD${digits(rng, 6)}`,
  },
];

/** The numbering style of the carrier with this SCAC; throws for a SCAC the demo does not use. */
export function carrierStyle(scac: string): CarrierStyle {
  const style = STYLES.find((candidate) => candidate.scac === scac);
  if (!style) throw new Error(`no demo carrier style for ${scac}`);
  return style;
}

/**
 * An ISO 6346 container number with a valid check digit: mostly the carrier's own owner codes,
 * sometimes a leasing company's. Serials whose check remainder is 10 are skipped, as ISO 6346 advises.
 */
export function containerNumber(rng: Rng, style: CarrierStyle): string {
  const owner = rng.chance(0.2) ? rng.pick(LEASING_OWNER_CODES) : rng.pick(style.ownerCodes);
  for (;;) {
    const prefix = `${owner}${digits(rng, 6)}`;
    const sum = checkRemainder(prefix);
    if (sum !== 10) return `${prefix}${containerCheckDigit(prefix)}`;
  }
}

// ISO 6346 letter values (from A=10 up, skipping multiples of 11), for the raw mod-11 remainder.
const LETTER_VALUES: ReadonlyMap<string, number> = (() => {
  const values = new Map<string, number>();
  let value = 10;
  for (const letter of "ABCDEFGHIJKLMNOPQRSTUVWXYZ") {
    if (value % 11 === 0) value += 1;
    values.set(letter, value);
    value += 1;
  }
  return values;
})();

// The raw remainder, to tell a genuine 0 from a remainder of 10 that the check digit maps to 0.
function checkRemainder(prefix10: string): number {
  let sum = 0;
  for (let i = 0; i < 10; i += 1) {
    const char = prefix10.charAt(i);
    sum += (LETTER_VALUES.get(char) ?? Number(char)) * 2 ** i;
  }
  return sum % 11;
}
