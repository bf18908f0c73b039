import type { MetroArea, Port, RailTerminal, ShippingLine, Terminal, Vessel, VesselPositionRecord } from "@bollard/core";
import {
  thinningStep,
  type MetroAreaRepository,
  type PortRepository,
  type ReferenceRepository,
  type ShippingLineRepository,
  type VesselPositionRepository,
  type VesselRepository,
} from "@bollard/core/storage";
import { sql, type SqlBool } from "kysely";
import type { Row } from "./sql-dialect.js";
import { docOf, docsOf, idEquals, inIdOrder, pageOfDocs, type SqlScope } from "./sql-rows.js";
import { rowsOf } from "./sql-records.js";
import { insertRows } from "./sql-writes.js";

type ReferenceTableName = "ports" | "terminals" | "rail_terminals" | "metro_areas" | "shipping_lines" | "vessels";

/** The last record of each id, in first-seen order: an upsert batch may name an id twice (the last wins). */
function lastPerId<T extends { id: string }>(records: readonly T[]): T[] {
  return [...new Map(records.map((record) => [record.id, record])).values()];
}

/** The shared part of every reference repository: upsert by id, get, getMany, count. */
function referenceRepository<T extends { id: string }>(scope: SqlScope, table: ReferenceTableName, toRow: (record: T) => Row): ReferenceRepository<T> {
  const { read, dialect } = scope;
  // Kysely cannot check a query over a table chosen at run time; every table here has id and doc.
  const from = () => read.selectFrom(table as "terminals");
  return {
    async upsertMany(records) {
      await insertRows(scope, table, lastPerId(records).map(toRow), { kind: "replace", key: ["id"] });
    },
    async get(id) {
      if (!dialect.isId(id)) return null;
      return docOf<T>(dialect, await from().select("doc").where("id", "=", id).executeTakeFirst());
    },
    async getMany(ids) {
      if (ids.length === 0) return [];
      const rows = await from().select("doc").where(dialect.idIn("id", ids.filter((id) => dialect.isId(id)))).execute();
      return inIdOrder(docsOf<T>(dialect, rows), ids);
    },
    async count() {
      const row = await from().select(sql<string>`count(*)`.as("n")).executeTakeFirst();
      return Number(row?.n ?? 0);
    },
  };
}

/** The record of `table` whose lookup `column` equals `value`, the lowest id first should it repeat. */
async function firstBy<T>(scope: SqlScope, table: "ports" | "metro_areas" | "shipping_lines", column: "code" | "scac", value: string): Promise<T | null> {
  const row = await scope.read.selectFrom(table as "ports").select("doc").where(column as "code", "=", value).orderBy("id").limit(1).executeTakeFirst();
  return docOf<T>(scope.dialect, row);
}

/** Ports; looked up by `code` (UN/LOCODE). */
export function sqlPortRepository(scope: SqlScope): PortRepository {
  return { ...referenceRepository<Port>(scope, "ports", rowsOf.ports), getByLocode: (locode) => firstBy(scope, "ports", "code", locode) };
}

/** Terminals. */
export function sqlTerminalRepository(scope: SqlScope): ReferenceRepository<Terminal> {
  return referenceRepository<Terminal>(scope, "terminals", rowsOf.terminals);
}

/** Rail terminals. */
export function sqlRailTerminalRepository(scope: SqlScope): ReferenceRepository<RailTerminal> {
  return referenceRepository<RailTerminal>(scope, "rail_terminals", rowsOf.rail_terminals);
}

/** Metro areas; looked up by `code`. */
export function sqlMetroAreaRepository(scope: SqlScope): MetroAreaRepository {
  return {
    ...referenceRepository<MetroArea>(scope, "metro_areas", rowsOf.metro_areas),
    getByLocode: (locode) => firstBy(scope, "metro_areas", "code", locode),
  };
}

/** Shipping lines; looked up by `scac`. */
export function sqlShippingLineRepository(scope: SqlScope): ShippingLineRepository {
  return {
    ...referenceRepository<ShippingLine>(scope, "shipping_lines", rowsOf.shipping_lines),
    getByScac: (scac) => firstBy(scope, "shipping_lines", "scac", scac),
    list(page) {
      return pageOfDocs<ShippingLine>(scope.dialect, scope.read.selectFrom("shipping_lines"), (q) => q.orderBy("scac").orderBy("id"), page);
    },
  };
}

/** Vessels; `imo` (when set) and `mmsi` are unique. */
export function sqlVesselRepository(scope: SqlScope): VesselRepository {
  const by = async (column: "imo" | "mmsi", value: string) =>
    docOf<Vessel>(scope.dialect, await scope.read.selectFrom("vessels").select("doc").where(column, "=", value).executeTakeFirst());
  return {
    ...referenceRepository<Vessel>(scope, "vessels", rowsOf.vessels),
    getByImo: (imo) => by("imo", imo),
    getByMmsi: (mmsi) => by("mmsi", mmsi),
  };
}

/** Vessel positions: a (`vessel_id`, `timestamp`) repeat is skipped, not an error. */
export function sqlVesselPositionRepository(scope: SqlScope): VesselPositionRepository {
  const { read, dialect } = scope;
  return {
    insertMany(positions) {
      return insertRows(scope, "vessel_positions", positions.map((position) => rowsOf.vessel_positions(position, dialect)), { kind: "ignore" });
    },
    async listByVessel(vesselId, window = {}, options = {}) {
      if (!dialect.isId(vesselId)) return [];
      let matching = read.selectFrom("vessel_positions").where("vessel_id", "=", vesselId);
      if (window.from !== undefined) matching = matching.where("timestamp", ">=", dialect.time(window.from));
      if (window.to !== undefined) matching = matching.where("timestamp", "<=", dialect.time(window.to));
      if (options.maxPoints !== undefined) {
        const { n } = await matching.select(sql<string>`count(*)`.as("n")).executeTakeFirstOrThrow();
        const step = thinningStep(Number(n), options.maxPoints);
        if (step > 1) {
          // Thin in the database over the narrow time index, then read only the kept documents:
          // turning every report of a dense AIS track into objects is what costs.
          const numbered = matching.select(["timestamp", sql<number>`row_number() over (order by timestamp) - 1`.as("rn")]).as("numbered");
          const kept = read.selectFrom(numbered).select("timestamp").where(sql<SqlBool>`rn % ${step} = 0 or rn = ${Number(n) - 1}`);
          const rows = await read.selectFrom("vessel_positions").select("doc").where(idEquals(dialect, "vessel_id", vesselId)).where("timestamp", "in", kept).orderBy("timestamp").execute();
          return docsOf<VesselPositionRecord>(dialect, rows);
        }
      }
      return docsOf<VesselPositionRecord>(dialect, await matching.select("doc").orderBy("timestamp").execute());
    },
    async latest(vesselId) {
      if (!dialect.isId(vesselId)) return null;
      const row = await read.selectFrom("vessel_positions").select("doc").where("vessel_id", "=", vesselId).orderBy("timestamp", "desc").limit(1).executeTakeFirst();
      return docOf<VesselPositionRecord>(dialect, row);
    },
  };
}
