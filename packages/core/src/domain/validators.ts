import { z } from "zod";

// ISO 6346 letter values: counting up from A=10 but skipping multiples of 11 (11, 22, 33),
// because those would collide with the mod-11 check.
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

const CONTAINER_PREFIX = /^[A-Z]{3}[UJZ]\d{6}$/;
const CONTAINER_NUMBER = /^[A-Z]{3}[UJZ]\d{7}$/;

/**
 * Computes the ISO 6346 check digit of the first ten characters of a container number
 * (owner code, category letter, six-digit serial). Returns `null` when the prefix is malformed.
 *
 * A remainder of 10 maps to 0, as carriers print it, even though ISO 6346 advises not to
 * issue such serials.
 */
export function containerCheckDigit(prefix10: string): number | null {
  if (!CONTAINER_PREFIX.test(prefix10)) return null;
  let sum = 0;
  for (let i = 0; i < 10; i += 1) {
    const char = prefix10.charAt(i);
    const value = LETTER_VALUES.get(char) ?? Number(char);
    sum += value * 2 ** i;
  }
  return (sum % 11) % 10;
}

/**
 * True when `s` is an ISO 6346 container number in canonical form (e.g. `CSQU3054383`):
 * a three-letter owner code, category `U`, `J` or `Z`, six digits and a matching check digit.
 * Input is not normalized; see {@link normalizeContainerNumber}.
 */
export function isContainerNumber(s: string): boolean {
  if (!CONTAINER_NUMBER.test(s)) return false;
  return containerCheckDigit(s.slice(0, 10)) === Number(s.charAt(10));
}

/**
 * Brings a user-typed container number to canonical form: upper case, without spaces or dashes
 * (`"msku 907032-3"` → `"MSKU9070323"`). Does not validate.
 */
export function normalizeContainerNumber(s: string): string {
  return s.replace(/[\s-]+/g, "").toUpperCase();
}

/**
 * True when `s` is a seven-digit IMO ship number whose last digit matches the check digit
 * (the first six digits weighted 7 down to 2, summed, mod 10), e.g. `9728253`.
 */
export function isImo(s: string): boolean {
  if (!/^\d{7}$/.test(s)) return false;
  let sum = 0;
  for (let i = 0; i < 6; i += 1) sum += Number(s.charAt(i)) * (7 - i);
  return sum % 10 === Number(s.charAt(6));
}

/**
 * True when `s` is a nine-digit MMSI not starting with 0.
 *
 * Ship stations use a leading 2-7 (the maritime identification digits), but coast stations,
 * SAR aircraft and AIS aids (leading 1, 8, 9) appear in position feeds too, so any leading
 * non-zero digit is accepted; leading 0 is reserved for group calls, never a vessel.
 */
export function isMmsi(s: string): boolean {
  return /^[1-9]\d{8}$/.test(s);
}

/**
 * True when `s` is a Standard Carrier Alpha Code: two to four upper-case letters.
 * Shipping lines use four (`MAEU`); some rail carriers use two (`UP`).
 */
export function isScac(s: string): boolean {
  return /^[A-Z]{2,4}$/.test(s);
}

/**
 * True when `s` is a UN/LOCODE without a space: ISO 3166 country code plus a three-character
 * location code of letters or digits 2-9 (e.g. `USLAX`, `KRPUS`, `DEHAM`).
 */
export function isUnLocode(s: string): boolean {
  return /^[A-Z]{2}[A-Z2-9]{3}$/.test(s);
}

// Every IANA name segment starts with an upper-case letter (America/Port-au-Prince,
// Etc/GMT+5, EST5EDT). Intl itself also accepts lower-case spellings and, on newer
// engines, raw offsets such as "+05:00"; neither is a name, so the shape is checked first.
const TZ_NAME_SHAPE = /^[A-Z][A-Za-z0-9_+-]*(\/[A-Z][A-Za-z0-9_+-]*)*$/;
const TZ_CACHE_LIMIT = 1024;
const tzCache = new Map<string, boolean>();

/**
 * True when `s` is an IANA time zone name accepted by `Intl.DateTimeFormat`, including
 * links such as `Etc/UTC` and `US/Eastern`; false for offsets (`+05:00`) and garbage.
 * Results are cached (bounded, so arbitrary input cannot grow memory without limit).
 */
export function isIanaTimeZone(s: string): boolean {
  const cached = tzCache.get(s);
  if (cached !== undefined) return cached;
  let valid = false;
  if (s.length <= 64 && TZ_NAME_SHAPE.test(s)) {
    try {
      new Intl.DateTimeFormat("en-US", { timeZone: s });
      valid = true;
    } catch {
      valid = false;
    }
  }
  if (tzCache.size >= TZ_CACHE_LIMIT) tzCache.clear();
  tzCache.set(s, valid);
  return valid;
}

/** An ISO 6346 container number in canonical form; see {@link isContainerNumber}. */
export const ContainerNumberSchema = z
  .string()
  .refine(isContainerNumber, "must be an ISO 6346 container number with a valid check digit");

/** A seven-digit IMO ship number with a valid check digit; see {@link isImo}. */
export const ImoSchema = z.string().refine(isImo, "must be a 7-digit IMO number with a valid check digit");

/** A nine-digit MMSI; see {@link isMmsi}. */
export const MmsiSchema = z.string().refine(isMmsi, "must be a 9-digit MMSI");

/** A carrier SCAC of two to four upper-case letters; see {@link isScac}. */
export const ScacSchema = z.string().refine(isScac, "must be a SCAC (2-4 upper-case letters)");

/** A five-character UN/LOCODE; see {@link isUnLocode}. */
export const UnLocodeSchema = z.string().refine(isUnLocode, "must be a UN/LOCODE such as USLAX");

/** An IANA time zone name; see {@link isIanaTimeZone}. */
export const IanaTimeZoneSchema = z.string().refine(isIanaTimeZone, "must be an IANA time zone name");
