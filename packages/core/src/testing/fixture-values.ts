import { createHash } from "node:crypto";
import { containerCheckDigit } from "../domain/index.js";

let counter = 0;

/** A number unique within this process, so fixtures never collide on a unique key by accident. */
export function nextSerial(): number {
  counter += 1;
  return counter;
}

/** The current instant as a stored timestamp. */
export function nowTimestamp(): string {
  return new Date().toISOString();
}

/** A stored timestamp `minutes` after (or before) a fixed instant in 2024; handy for orderings. */
export function fixtureTime(minutes: number): string {
  return new Date(Date.UTC(2024, 5, 1) + minutes * 60_000).toISOString();
}

/** Picks the `n`-th item of a non-empty list, cycling. */
export function cycle<T>(items: readonly [T, ...T[]], n: number): T {
  return items[n % items.length] ?? items[0];
}

/**
 * An ISO 6346 container number with a valid check digit, e.g. `MSKU9070323`.
 * `owner` is the three-letter owner code plus category letter; `serial` is taken modulo 10^6.
 */
export function containerNumber(owner: string, serial: number): string {
  const prefix = `${owner}${String(serial % 1_000_000).padStart(6, "0")}`;
  const digit = containerCheckDigit(prefix);
  if (digit === null) throw new RangeError(`not a container number prefix: ${prefix}`);
  return `${prefix}${digit}`;
}

/** A seven-digit IMO number with a valid check digit; `serial` gives the first six digits (mod 10^6). */
export function imoNumber(serial: number): string {
  const digits = String(serial % 1_000_000).padStart(6, "0");
  let sum = 0;
  for (let i = 0; i < 6; i += 1) sum += Number(digits.charAt(i)) * (7 - i);
  return `${digits}${sum % 10}`;
}

/** A nine-digit MMSI with a real maritime identification digit prefix (`mid`, 201-775). */
export function mmsiNumber(mid: number, serial: number): string {
  return `${mid}${String(serial % 1_000_000).padStart(6, "0")}`;
}

/** The lower-case hex SHA-256 digest of `text`, as API keys are stored. */
export function sha256Hex(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}
