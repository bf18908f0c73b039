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
import type { Row, SqlDialect } from "./sql-dialect.js";
import { docOf, docsOf, inIdOrder, pageOfDocs, type SqlScope } from "./sql-rows.js";
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

/** The columns a position row is read from. */
export const VESSEL_POSITION_COLUMNS = ["vessel_id", "timestamp", "latitude", "longitude", "heading", "speed_knots", "source"] as const;

/** The position records rows of {@link VESSEL_POSITION_COLUMNS} hold, in order (keys in the schema's order). */
export function decodeVesselPositions(dialect: SqlDialect, rows: readonly Record<string, unknown>[]): VesselPositionRecord[] {
  const codec = dialect.vesselPositions;
  return rows.map((row) => ({
    vessel_id: codec.vesselOf(row.vessel_id),
    latitude: row.latitude as number,
    longitude: row.longitude as number,
    heading: row.heading as number | null,
    speed_knots: row.speed_knots as number | null,
    timestamp: codec.timeOf(row.timestamp),
    source: row.source as string,
  }));
}

/** Vessel positions: a (`vessel_id`, `timestamp`) repeat is skipped, not an error. */
export function sqlVesselPositionRepository(scope: SqlScope): VesselPositionRepository {
  const { read, dialect } = scope;
  const codec = dialect.vesselPositions;
  const ofVessel = (vesselId: string) => read.selectFrom("vessel_positions").where("vessel_id", "=", codec.vessel(vesselId));
  return {
    insertMany(positions) {
      return insertRows(scope, "vessel_positions", positions.map((position) => rowsOf.vessel_positions(position, dialect)), { kind: "ignore" });
    },
    async listByVessel(vesselId, window = {}, options = {}) {
      if (!dialect.isId(vesselId)) return [];
      let matching = ofVessel(vesselId);
      if (window.from !== undefined) matching = matching.where("timestamp", ">=", codec.time(dialect.time(window.from)));
      if (window.to !== undefined) matching = matching.where("timestamp", "<=", codec.time(dialect.time(window.to)));
      if (options.maxPoints !== undefined) {
        const { n } = await matching.select(sql<string>`count(*)`.as("n")).executeTakeFirstOrThrow();
        const step = thinningStep(Number(n), options.maxPoints);
        if (step > 1) {
          const numbered = matching.select([...VESSEL_POSITION_COLUMNS, sql<number>`row_number() over (order by timestamp) - 1`.as("rn")]).as("numbered");
          const rows = await read.selectFrom(numbered).select(VESSEL_POSITION_COLUMNS).where(sql<SqlBool>`rn % ${step} = 0 or rn = ${Number(n) - 1}`).orderBy("timestamp").execute();
          return decodeVesselPositions(dialect, rows);
        }
      }
      return decodeVesselPositions(dialect, await matching.select(VESSEL_POSITION_COLUMNS).orderBy("timestamp").execute());
    },
    async latest(vesselId) {
      if (!dialect.isId(vesselId)) return null;
      const rows = await ofVessel(vesselId).select(VESSEL_POSITION_COLUMNS).orderBy("timestamp", "desc").limit(1).execute();
      return decodeVesselPositions(dialect, rows)[0] ?? null;
    },
    async vesselIds(after, limit) {
      // One index seek per vessel: the next key after the last one (a DISTINCT would read every report).
      const ids: string[] = [];
      let last = after === null ? null : dialect.isId(after) ? codec.vessel(after) : null;
      if (after !== null && last === null) return ids;
      while (ids.length < limit) {
        let next = read.selectFrom("vessel_positions").select("vessel_id").orderBy("vessel_id").limit(1);
        if (last !== null) next = next.where("vessel_id", ">", last);
        const row = await next.executeTakeFirst();
        if (!row) break;
        ids.push(codec.vesselOf(row.vessel_id));
        last = row.vessel_id;
      }
      return ids;
    },
    async deleteMany(vesselId, timestamps) {
      if (!dialect.isId(vesselId) || timestamps.length === 0) return 0;
      let deleted = 0;
      // Bounded statements: a thinning pass may delete thousands of one vessel's reports at once.
      for (let i = 0; i < timestamps.length; i += 500) {
        const times = timestamps.slice(i, i + 500).map((timestamp) => codec.time(dialect.time(timestamp)));
        const result = await scope.write.deleteFrom("vessel_positions").where("vessel_id", "=", codec.vessel(vesselId)).where("timestamp", "in", times).executeTakeFirst();
        deleted += Number(result.numDeletedRows);
      }
      return deleted;
    },
  };
}
