/**
 * `@bollard/storage-sql`: the SQL repositories of Bollard's storage contract, written once over
 * Kysely, and {@link createSqlStorage}, which makes a `Storage` of them from an adapter's
 * connections and its {@link SqlDialect} (what really differs between databases). Used by
 * `@bollard/storage-sqlite` and `@bollard/storage-postgres`; an embedder never imports it.
 *
 * @example
 * ```ts
 * import { createSqlStorage, type SqlDialect } from "@bollard/storage-sql";
 *
 * const storage = createSqlStorage({ name: "sqlite", capabilities, dialect, reader, writer, open, destroy });
 * ```
 * @packageDocumentation
 */
export { createSqlStorage, type SqlStorageConfig } from "./sql-storage.js";
export { createGroupCommit, type GroupCommitOptions, MAX_GROUP, type TransactionBody } from "./sql-group-commit.js";
export type { Row, SqlDialect, TransportEventCodec, VesselPositionKeyCodec } from "./sql-dialect.js";
export type { AnySelect, Db, DirectRead, ReadStamp, SqlScope } from "./sql-rows.js";
export { docsOf, pageOfRows, precompiled, readFixed } from "./sql-rows.js";
export { CONTAINER_LIST_ORDER, containersMatching, containersOfShipment, getContainer, getShipment, SHIPMENT_LIST_ORDER, shipmentsMatching } from "./sql-shipment-repositories.js";
export { atomically, insertRows, insertValues, type OnConflict } from "./sql-writes.js";
export { rowsOf } from "./sql-records.js";
export { INDEXED_COLUMNS, SEARCH_SEPARATOR, type SqlDatabase, type TableName } from "./sql-schema.js";
