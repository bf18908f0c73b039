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
  const variant = ((bytes[8]! & 0x3f) | 0x80).toString(16).padStart(2, "0");
  const tail = Buffer.from(bytes.subarray(9, 16)).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${seqHex}-${variant}${tail.slice(0, 2)}-${tail.slice(2, 14)}`;
}
