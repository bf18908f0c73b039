import fc from "fast-check";
import { containerCheckDigit } from "../domain/index.js";

// Building blocks of the entity arbitraries: every value here is valid for its zod schema,
// and every value survives a trip through any reasonable backend unchanged.

/** `null` or a value of `arb`. */
export function nullable<T>(arb: fc.Arbitrary<T>): fc.Arbitrary<T | null> {
  return fc.option(arb, { nil: null, freq: 3 });
}

/** A lower-case UUID (any version). */
export const uuidArb: fc.Arbitrary<string> = fc.uuid();

/** A canonical stored timestamp anywhere in years 0000-9999, edges included. */
export const timestampArb: fc.Arbitrary<string> = fc
  .date({ min: new Date("0000-01-01T00:00:00.000Z"), max: new Date("9999-12-31T23:59:59.999Z"), noInvalidDate: true })
  .map((date) => date.toISOString());

/** A calendar date `YYYY-MM-DD`. */
export const dateOnlyArb: fc.Arbitrary<string> = timestampArb.map((ts) => ts.slice(0, 10));

// U+0000 is left out: PostgreSQL text cannot hold it, and no carrier sends it.
const codePoint = fc.string({ unit: "binary", minLength: 1, maxLength: 1 }).filter((c) => c !== "\u0000");

/**
 * Any Unicode text (astral planes, combining marks, RTL, control characters), without NUL and
 * without lone surrogates, which UTF-8 backends cannot store.
 */
export function textArb(constraints: { minLength?: number; maxLength?: number } = {}): fc.Arbitrary<string> {
  const unit = fc.oneof(codePoint, fc.string({ unit: "grapheme", minLength: 1, maxLength: 1 }));
  return fc.string({ unit, minLength: constraints.minLength ?? 0, maxLength: constraints.maxLength ?? 40 });
}

/** Non-empty Unicode text. */
export const nonEmptyTextArb: fc.Arbitrary<string> = textArb({ minLength: 1 });

/** A finite double in [min, max] with edges; `-0` becomes `0`, since JSON and SQL cannot keep the sign of zero. */
export function doubleArb(min = -Number.MAX_VALUE, max = Number.MAX_VALUE): fc.Arbitrary<number> {
  const edges = [min, max, 0, Number.MIN_VALUE, Number.EPSILON, 0.1].filter((n) => n >= min && n <= max);
  return fc
    .oneof(fc.constantFrom(...edges), fc.double({ min, max, noNaN: true, noDefaultInfinity: true }))
    .map((n) => (n === 0 ? 0 : n));
}

/** A safe integer in [min, max], edges included. */
export function intArb(min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER): fc.Arbitrary<number> {
  return fc.oneof(fc.constantFrom(min, max), fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31 - 1) }), fc.maxSafeInteger().filter((n) => n >= min && n <= max));
}

/** A latitude in degrees. */
export const latitudeArb = doubleArb(-90, 90);
/** A longitude in degrees. */
export const longitudeArb = doubleArb(-180, 180);
/** A heading in degrees. */
export const headingArb = doubleArb(0, 360);

const upper = fc.constantFrom(..."ABCDEFGHIJKLMNOPQRSTUVWXYZ");
const digit = fc.constantFrom(..."0123456789");

/** An ISO 6346 container number with its check digit. */
export const containerNumberArb: fc.Arbitrary<string> = fc
  .tuple(fc.string({ unit: upper, minLength: 3, maxLength: 3 }), fc.constantFrom("U", "J", "Z"), fc.string({ unit: digit, minLength: 6, maxLength: 6 }))
  .map(([owner, category, serial]) => {
    const prefix = `${owner}${category}${serial}`;
    return `${prefix}${containerCheckDigit(prefix) ?? 0}`;
  });

/** A seven-digit IMO number with its check digit. */
export const imoArb: fc.Arbitrary<string> = fc.string({ unit: digit, minLength: 6, maxLength: 6 }).map((digits) => {
  let sum = 0;
  for (let i = 0; i < 6; i += 1) sum += Number(digits.charAt(i)) * (7 - i);
  return `${digits}${sum % 10}`;
});

/** A nine-digit MMSI not starting with 0. */
export const mmsiArb: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom(..."123456789"), fc.string({ unit: digit, minLength: 8, maxLength: 8 }))
  .map(([first, rest]) => first + rest);

/** A SCAC: two to four upper-case letters. */
export const scacArb: fc.Arbitrary<string> = fc.string({ unit: upper, minLength: 2, maxLength: 4 });

/** A UN/LOCODE such as `USLAX` or `US2X9`. */
export const locodeArb: fc.Arbitrary<string> = fc
  .tuple(fc.string({ unit: upper, minLength: 2, maxLength: 2 }), fc.string({ unit: fc.constantFrom(..."ABCDEFGHIJKLMNOPQRSTUVWXYZ23456789"), minLength: 3, maxLength: 3 }))
  .map(([country, place]) => country + place);

/** An ISO 3166 alpha-2 country code. */
export const countryCodeArb: fc.Arbitrary<string> = fc.string({ unit: upper, minLength: 2, maxLength: 2 });

/** An IANA time zone name the runtime knows. */
export const timeZoneArb: fc.Arbitrary<string> = fc.constantFrom("UTC", "Etc/GMT+5", ...Intl.supportedValuesOf("timeZone"));

/** A custom field `api_slug` (lower-case snake case, at most 64 characters). */
export const apiSlugArb: fc.Arbitrary<string> = fc
  .tuple(fc.stringMatching(/^[a-z][a-z0-9]{0,15}$/), fc.array(fc.stringMatching(/^[a-z0-9]{1,10}$/), { maxLength: 4 }))
  .map(([head, parts]) => [head, ...parts].join("_"));

/** A list of arbitrary texts, often empty. */
export const textListArb: fc.Arbitrary<string[]> = fc.array(textArb(), { maxLength: 5 });
