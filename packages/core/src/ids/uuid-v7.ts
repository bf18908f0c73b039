import { randomFillSync } from "node:crypto";

const pool = new Uint8Array(16 * 256);
let poolOffset = pool.length;
let lastMillis = -1;
let sequence = 0;

/**
 * Mints a time-ordered UUIDv7 (RFC 9562). Ids minted by one process are strictly
 * increasing, even within one millisecond, so they also break ties in orderings.
 */
export function uuidv7(nowMillis: number = Date.now()): string {
  if (poolOffset >= pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const bytes = pool.subarray(poolOffset, poolOffset + 16);
  poolOffset += 16;
  let millis = nowMillis;
  if (millis <= lastMillis) {
    millis = lastMillis;
    sequence = (sequence + 1) & 0xfff;
    if (sequence === 0) millis = ++lastMillis;
  } else {
    // Start each millisecond's counter low in its range so it has room to grow.
    sequence = (bytes[6]! & 0x07) << 8 | bytes[7]!;
  }
  lastMillis = millis;
  const hex = millis.toString(16).padStart(12, "0");
  const seqHex = (0x7000 | sequence).toString(16);
  const variant = HEX[(bytes[8]! & 0x3f) | 0x80]!;
  // Byte by byte from a table: ids are minted per request (x-request-id), and a Buffer per id cost more.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${seqHex}-${variant}${HEX[bytes[9]!]}-${HEX[bytes[10]!]}${HEX[bytes[11]!]}${HEX[bytes[12]!]}${HEX[bytes[13]!]}${HEX[bytes[14]!]}${HEX[bytes[15]!]}`;
}

/** Two lowercase hex digits of each byte value. */
const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, "0"));
