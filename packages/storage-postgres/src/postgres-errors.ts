import { BollardError } from "@bollard/core";

/** Node socket errors that mean the server cannot be reached. */
const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ENOTFOUND", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENOENT"]);

function errorCode(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" ? code : undefined;
}

/** True for SQLSTATEs (and socket errors) that mean the database cannot be used right now. */
function isUnavailable(code: string | undefined, message: string): boolean {
  if (code === undefined) return /Connection terminated|connection timeout|Client has encountered a connection error/i.test(message);
  return (
    NETWORK_CODES.has(code) ||
    code.startsWith("08") || // connection exception
    code.startsWith("53") || // insufficient resources (disk full, too many connections)
    code.startsWith("57P") || // operator intervention: shutdown, cannot connect now
    code === "25006" // read-only transaction (a standby)
  );
}

/**
 * Turns a pg error into the BollardError the storage contract promises: a taken primary or unique
 * key (`23505`) and a foreign key to a missing record (`23503`) are `conflict`; a server that
 * cannot be reached, is shutting down or is out of resources is `storage_unavailable`. Anything
 * else is returned unchanged (it is a bug, not a contract condition).
 *
 * @param noun - what was being written, for the message, e.g. `shipment`.
 */
export function translatePostgresError(error: unknown, noun: string): unknown {
  if (error instanceof BollardError) return error;
  const code = errorCode(error);
  const cause = { cause: error };
  if (code === "23505") {
    const constraint = (error as { constraint?: string }).constraint;
    return new BollardError("conflict", `The ${constraint ? `key of ${constraint}` : "key"} is already used by another ${noun}`, cause);
  }
  if (code === "23503") return new BollardError("conflict", `The ${noun} references a missing record`, cause);
  if (isUnavailable(code, error instanceof Error ? error.message : String(error))) {
    return new BollardError("storage_unavailable", "The database is unavailable", cause);
  }
  return error;
}
