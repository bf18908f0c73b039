import { createHash } from "node:crypto";

/**
 * A deterministic UUID for a reference record, so every process and machine derives the same
 * id for the same record (a SQLite file written by one process matches another).
 *
 * Name-based RFC 9562 version 8 UUID: the first 128 bits of SHA-256 over
 * `bollard:${kind}:${key}`, with the version nibble set to 8 and the variant bits to `10`
 * (the construction of RFC 9562 appendix B.2). Keys are used verbatim, so pass canonical
 * keys (upper-case UN/LOCODE or SCAC).
 *
 * @example referenceId("port", "USLAX") // always the same lower-case UUID
 */
export function referenceId(kind: string, key: string): string {
  const bytes = createHash("sha256").update(`bollard:${kind}:${key}`, "utf8").digest().subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x80;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}
