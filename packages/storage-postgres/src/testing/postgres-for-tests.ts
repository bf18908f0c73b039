import { afterAll, beforeAll } from "vitest";
import { findPostgresBinaries, type LocalPostgres, startLocalPostgres } from "./local-postgres.js";

/** Whether this test file can run against PostgreSQL, and why not. */
export type PostgresAvailability = { available: true } | { available: false; reason: string };

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

/**
 * Starts one throwaway cluster for the calling test file (in `beforeAll`) and stops it after the
 * file (in `afterAll`); returns a getter of the running cluster. Call at the top level of a test
 * file, and only when {@link postgresAvailability} said yes.
 */
export function useLocalPostgres(): () => LocalPostgres {
  let cluster: LocalPostgres | undefined;
  beforeAll(async () => {
    cluster = await startLocalPostgres();
  }, 60_000);
  afterAll(async () => {
    await cluster?.stop();
  }, 60_000);
  return () => {
    if (!cluster) throw new Error("the local PostgreSQL is only available inside tests");
    return cluster;
  };
}
