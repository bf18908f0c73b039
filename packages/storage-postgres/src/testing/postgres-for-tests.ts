import { afterAll, beforeAll } from "vitest";
import { type LocalPostgres, startLocalPostgres } from "./local-postgres.js";

/**
 * Starts one throwaway cluster for the calling test file (in `beforeAll`) and stops it after the
 * file (in `afterAll`); returns a getter of the running cluster. Call at the top level of a test
 * file, and only when `postgresAvailability()` said yes.
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
