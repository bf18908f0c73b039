import Big from "big.js";
import { quote, valueError, VALUE_PATH } from "./field-errors.js";
import type { FieldPath } from "../errors/index.js";

/** Digits after the decimal point a number custom field keeps: decimal(18,6). */
export const NUMBER_SCALE = 6;

/** Digits before the decimal point a number custom field can hold: 18 − 6. */
export const NUMBER_INTEGER_DIGITS = 12;

// A private constructor so Bollard's settings never leak into (or from) other big.js users.
// strict: a JS number can never be turned into a Big implicitly, and `toNumber` throws when the
// conversion would lose digits, which is exactly the test for "exactly representable" below.
const Decimal = Big();
Decimal.strict = true;
Decimal.RM = Big.roundHalfUp;
Decimal.NE = -40;
Decimal.PE = 40;

/** An exact decimal (a big.js value). */
export type ExactDecimal = Big;

// Optional sign, digits with an optional fraction (or a bare fraction), an optional short exponent.
const NUMERIC_TEXT = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d{1,4})?$/;
const MAX_NUMERIC_TEXT = 64;

/**
 * Reads a number custom field input exactly, as a decimal(18,6):
 * - a JSON number is taken as the shortest decimal text that round-trips it (`String(n)`, which is
 *   what `JSON.parse` produced it from for every number with at most 15 significant digits); send a
 *   string for more digits than a double holds;
 * - a string is trimmed and must be plain decimal notation (`"1234.5"`, `"-0.25"`, `".5"`, `"1e3"`);
 *   grouping separators, currency signs and spaces are not accepted (`wrong_type`);
 * - more than 6 decimals are rounded half-up (half away from zero) to 6;
 * - more than 12 integer digits, after rounding, is `out_of_range`.
 * Negative zero becomes zero.
 */
export function parseDecimal(input: unknown, path: FieldPath = VALUE_PATH): ExactDecimal {
  let text: string;
  if (typeof input === "number") {
    if (!Number.isFinite(input)) throw valueError("wrong_type", "A number field takes a finite number", path);
    text = String(input);
  } else if (typeof input === "string") {
    text = input.trim();
  } else {
    throw valueError("wrong_type", `A number field takes a number or a numeric string, not ${quote(input)}`, path);
  }
  if (text.length > MAX_NUMERIC_TEXT || !NUMERIC_TEXT.test(text)) {
    throw valueError("wrong_type", `${quote(text)} is not a number (use plain decimal notation such as 1234.5)`, path);
  }
  let rounded = new Decimal(text).round(NUMBER_SCALE, Big.roundHalfUp);
  if (rounded.eq("0")) rounded = new Decimal("0");
  if (rounded.e >= NUMBER_INTEGER_DIGITS) {
    throw valueError("out_of_range", `${quote(text)} has more than ${NUMBER_INTEGER_DIGITS} integer digits; a number field holds decimal(18,6)`, path);
  }
  return rounded;
}

/** The canonical stored text of a decimal(18,6): fixed six decimals, e.g. `"1234.500000"`, `"-0.250000"`. */
export function storedDecimal(value: ExactDecimal): string {
  return value.toFixed(NUMBER_SCALE);
}

/** Reads a stored decimal text back; it never passes through a JS float. */
export function decimalFromStored(stored: string): ExactDecimal {
  return new Decimal(stored);
}

/**
 * The API `value` of a stored decimal. It is a JSON number when the number's shortest text
 * (what `JSON.stringify` writes and `String(JSON.parse(...))` gives back) is exactly the decimal,
 * e.g. `1234.5` or `0.1`; otherwise, for values with more significant digits than a double keeps
 * (e.g. `"123456789012.123456"`), it is the exact decimal as a string without trailing zeros.
 * Either way the text on the wire is the stored decimal, digit for digit.
 */
export function decimalApiValue(stored: string): number | string {
  const value = decimalFromStored(stored);
  try {
    return value.toNumber();
  } catch {
    return value.toFixed();
  }
}
