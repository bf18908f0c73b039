/**
 * `@bollard/storage-postgres/testing`: a throwaway PostgreSQL server for tests and benchmarks
 * ({@link startLocalPostgres}). Nothing here imports vitest at load time, so benchmarks can use it too.
 * @packageDocumentation
 */
export { findPostgresBinaries, startLocalPostgres, type LocalPostgres, type PostgresBinaries } from "./local-postgres.js";
export { postgresAvailability, type PostgresAvailability } from "./postgres-availability.js";
