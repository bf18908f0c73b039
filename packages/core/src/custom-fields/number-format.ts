import Big from "big.js";
import { decimalFromStored, NUMBER_SCALE } from "./number-type.js";

/**
 * A parsed number `default_format`.
 *
 * The syntax is `[prefix]0[,0][.fixed[optional]][suffix]`:
 * - `0` prints the integer part; `0,0` prints it with `,` between groups of three digits;
 * - `.` followed by zeros prints exactly that many decimals (`0.00` → `1234.50`);
 * - `[0…]` after them prints up to that many more decimals, without trailing zeros
 *   (`0.0[00]` → `1234.5`, `1234.125`; `0.[000000]` → `1234.5`); at most 6 decimals in all;
 * - `prefix` and `suffix` are literal text of up to 16 characters each, with no digits and none
 *   of `. , [ ] # - +` (`$0,0.00` → `$1,234.50`; `0.000 kg` → `1234.500 kg`; `%` is literal
 *   text, it does not scale the number).
 * Decimals are rounded half-up (half away from zero) with big.js, never through a float.
 * A negative number is written with `-` before the prefix (`-$1,234.50`); a number that rounds
 * to zero is written without a sign.
 * Without a format, a number is displayed in plain decimal notation without trailing zeros
 * (`1234.5`, `-0.25`, `1000000`).
 */
export interface NumberFormat {
  /** Literal text before the number. */
  prefix: string;
  /** True to separate thousands with `,`. */
  grouping: boolean;
  /** Decimals always printed. */
  fixed: number;
  /** Further decimals printed when not zero. */
  optional: number;
  /** Literal text after the number. */
  suffix: string;
}

const LITERAL = "[^0-9.,\\[\\]#+\\-]{0,16}";
const FORMAT = new RegExp(`^(${LITERAL})(0,0|0)(?:\\.(0*)(?:\\[(0+)\\])?)?(${LITERAL})$`, "u");

/** Parses a number `default_format`; returns null when it does not follow the syntax of {@link NumberFormat}. */
export function parseNumberFormat(format: string): NumberFormat | null {
  const match = FORMAT.exec(format);
  if (!match) return null;
  const [, prefix = "", integer, fixed, optional, suffix = ""] = match;
  const hasPoint = fixed !== undefined;
  const fixedDigits = fixed?.length ?? 0;
  const optionalDigits = optional?.length ?? 0;
  // "0." with nothing after the point is a typo, not a format.
  if (hasPoint && fixedDigits + optionalDigits === 0) return null;
  if (fixedDigits + optionalDigits > NUMBER_SCALE) return null;
  return { prefix, grouping: integer === "0,0", fixed: fixedDigits, optional: optionalDigits, suffix };
}

/** Displays a stored decimal per a number format (see {@link NumberFormat}), or plainly without one. */
export function formatStoredDecimal(stored: string, format: NumberFormat | null): string {
  const value = decimalFromStored(stored);
  if (!format) return value.toFixed();
  const rounded = value.round(format.fixed + format.optional, Big.roundHalfUp);
  const negative = rounded.lt("0");
  const [integer = "0", fraction = ""] = rounded.abs().toFixed(format.fixed + format.optional).split(".");
  let decimals = fraction;
  while (decimals.length > format.fixed && decimals.endsWith("0")) decimals = decimals.slice(0, -1);
  const grouped = format.grouping ? integer.replace(/\B(?=(\d{3})+(?!\d))/g, ",") : integer;
  return `${negative ? "-" : ""}${format.prefix}${grouped}${decimals ? `.${decimals}` : ""}${format.suffix}`;
}
