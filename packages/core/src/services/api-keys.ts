import * as crypto from "node:crypto";
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

const KEY_PREFIX = "bol_";

/** Mints a new random API key (shown once to its owner, never stored). */
export function generateApiKey(): string {
  return KEY_PREFIX + randomBytes(32).toString("base64url");
}

/** The SHA-256 hex digest under which a key is stored and looked up. */
export function hashApiKey(key: string): string {
  // Every authenticated request hashes its key: the one-shot `crypto.hash` (Node 20.12) costs a
  // fraction of a Hash object's creation, update and digest.
  return oneShotHash ? oneShotHash("sha256", key, "hex") : createHash("sha256").update(key, "utf8").digest("hex");
}

const oneShotHash = (crypto as { hash?: (algorithm: string, data: string, encoding: "hex") => string }).hash;

/** The first characters of a key, kept so a person can tell keys apart without the secret. */
export function apiKeyPrefix(key: string): string {
  return key.slice(0, KEY_PREFIX.length + 6);
}

/** Compares two hex digests in constant time. */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Extracts the key from an `Authorization` header value: `Token <key>` (canonical) or
 * `Bearer <key>`. Returns null for anything else.
 */
export function parseAuthorization(header: string | null | undefined): string | null {
  if (!header) return null;
  const match = /^(?:Token|Bearer)\s+(\S+)\s*$/i.exec(header.trim());
  return match?.[1] ?? null;
}
