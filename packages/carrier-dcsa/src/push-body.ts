import { isBollardError } from "@bollard/core";
import { joinChunks, readRequestBody } from "@bollard/core/http";
import type { Context } from "hono";

/**
 * Reads a push's body with core's bounded reader: its bytes, or null past `MAX_BODY_BYTES` (1 MiB),
 * when the connection is also marked to close (the rest is never read). Each DCSA version answers
 * its own 413.
 */
export async function readPushBody(c: Context): Promise<Uint8Array | null> {
  try {
    return joinChunks(await readRequestBody(c.req.raw, { incoming: (c.env as { incoming?: unknown } | undefined)?.incoming }));
  } catch (error) {
    if (isBollardError(error) && error.code === "payload_too_large") {
      c.header("connection", "close");
      return null;
    }
    throw error;
  }
}
