import { findPostgresBinaries } from "./local-postgres.js";

/** Whether tests can run against PostgreSQL here, and why not. */
export type PostgresAvailability =
  | {
      /** The server binaries are installed: the tests run. */
      available: true;
    }
  | {
      /** The binaries are missing: the tests are skipped. */
      available: false;
      /** Why, for the skip message. */
      reason: string;
    };

/**
 * Decides whether PostgreSQL tests run here: yes when the server binaries are installed. When they
 * are not, the tests are skipped with the reason printed, except in CI (`CI` set), where a missing
 * PostgreSQL is an error: CI must never pass by skipping them.
 */
export function postgresAvailability(): PostgresAvailability {
  const binaries = findPostgresBinaries();
  if (binaries.found) return { available: true };
  if (process.env.CI) throw new Error(`PostgreSQL tests cannot be skipped in CI: ${binaries.reason}`);
  console.warn(`Skipping the PostgreSQL tests: ${binaries.reason}`);
  return { available: false, reason: binaries.reason };
}
