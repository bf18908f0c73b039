import { sql } from "kysely";
import type { MetroArea, Port, RailTerminal, ShippingLine, Terminal, Vessel, VesselPositionRecord } from "@bollard/core";
import { thinningStep, type MetroAreaRepository, type PortRepository, type ReferenceRepository, type ShippingLineRepository, type VesselPositionRepository, type VesselRepository } from "@bollard/core/storage";
import { docOf, docsOf, inIdOrder, isUuid, pageOfDocs, pgTime, type RepositoryScope, uuidIn } from "./postgres-rows.js";
import { type Row, rows } from "./postgres-records.js";
import { insertRows } from "./postgres-writes.js";

type ReferenceTableName = "ports" | "terminals" | "rail_terminals" | "metro_areas" | "shipping_lines" | "vessels";

/** The last record of each id, in first-seen order: an upsert batch may name an id twice (the last wins). */
function lastPerId<T extends { id: string }>(records: readonly T[]): T[] {
  return [...new Map(records.map((record) => [record.id, record])).values()];
}

/** The shared part of every reference repository: upsert by id, get, getMany, count. */
function referenceRepository<T extends { id: string }>({ db }: RepositoryScope, table: ReferenceTableName, toRow: (record: T) => Row): ReferenceRepository<T> {
  // Kysely cannot check a query over a table chosen at run time; every table here has id and doc.
  const from = () => db.selectFrom(table as "terminals");
  return {
    async upsertMany(records) {
      await insertRows(db, table, lastPerId(records).map(toRow), { kind: "replace", key: ["id"] });
    },
    async get(id) {
      if (!isUuid(id)) return null;
      return docOf<T>(await from().select("doc").where("id", "=", id).executeTakeFirst());
    },
    async getMany(ids) {
      if (ids.length === 0) return [];
      return inIdOrder(docsOf<T>(await from().select("doc").where(uuidIn("id", ids)).execute()), ids);
    },
    async count() {
      const row = await from().select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirst();
      return Number(row?.n ?? 0);
    },
  };
}

/** Ports over PostgreSQL; looked up by `code` (UN/LOCODE), the lowest id first should a code repeat. */
export function postgresPortRepository(scope: RepositoryScope): PortRepository {
  return {
    ...referenceRepository<Port>(scope, "ports", rows.ports),
    async getByLocode(locode) {
      return docOf<Port>(await scope.db.selectFrom("ports").select("doc").where("code", "=", locode).orderBy("id").limit(1).executeTakeFirst());
    },
  };
}

/** Terminals over PostgreSQL. */
export function postgresTerminalRepository(scope: RepositoryScope): ReferenceRepository<Terminal> {
  return referenceRepository<Terminal>(scope, "terminals", rows.terminals);
}

/** Rail terminals over PostgreSQL. */
export function postgresRailTerminalRepository(scope: RepositoryScope): ReferenceRepository<RailTerminal> {
  return referenceRepository<RailTerminal>(scope, "rail_terminals", rows.rail_terminals);
}

/** Metro areas over PostgreSQL; looked up by `code`, the lowest id first should a code repeat. */
export function postgresMetroAreaRepository(scope: RepositoryScope): MetroAreaRepository {
  return {
    ...referenceRepository<MetroArea>(scope, "metro_areas", rows.metro_areas),
    async getByLocode(locode) {
      return docOf<MetroArea>(await scope.db.selectFrom("metro_areas").select("doc").where("code", "=", locode).orderBy("id").limit(1).executeTakeFirst());
    },
  };
}

/** Shipping lines over PostgreSQL; looked up by `scac`, the lowest id first should a SCAC repeat. */
export function postgresShippingLineRepository(scope: RepositoryScope): ShippingLineRepository {
  return {
    ...referenceRepository<ShippingLine>(scope, "shipping_lines", rows.shipping_lines),
    async getByScac(scac) {
      return docOf<ShippingLine>(await scope.db.selectFrom("shipping_lines").select("doc").where("scac", "=", scac).orderBy("id").limit(1).executeTakeFirst());
    },
    list(page) {
      return pageOfDocs<ShippingLine>(scope.db.selectFrom("shipping_lines"), (q) => q.orderBy("scac").orderBy("id"), page);
    },
  };
}

/** Vessels over PostgreSQL; `imo` (when set) and `mmsi` are unique. */
export function postgresVesselRepository(scope: RepositoryScope): VesselRepository {
  const by = async (column: "imo" | "mmsi", value: string) => docOf<Vessel>(await scope.db.selectFrom("vessels").select("doc").where(column, "=", value).executeTakeFirst());
  return {
    ...referenceRepository<Vessel>(scope, "vessels", rows.vessels),
    getByImo: (imo) => by("imo", imo),
    getByMmsi: (mmsi) => by("mmsi", mmsi),
  };
}

/** Vessel positions over PostgreSQL: a (`vessel_id`, `timestamp`) repeat is skipped, not an error. */
export function postgresVesselPositionRepository({ db }: RepositoryScope): VesselPositionRepository {
  return {
    insertMany(positions) {
      return insertRows(db, "vessel_positions", positions.map(rows.vessel_positions), { kind: "ignore" });
    },
    async listByVessel(vesselId, window = {}, options = {}) {
      if (!isUuid(vesselId)) return [];
      let matching = db.selectFrom("vessel_positions").where("vessel_id", "=", vesselId);
      if (window.from !== undefined) matching = matching.where("timestamp", ">=", pgTime(window.from));
      if (window.to !== undefined) matching = matching.where("timestamp", "<=", pgTime(window.to));
      if (options.maxPoints !== undefined) {
        const { n } = await matching.select(sql<string>`count(*)`.as("n")).executeTakeFirstOrThrow();
        const step = thinningStep(Number(n), options.maxPoints);
        if (step > 1) {
          // Thin in the database rather than shipping every report of a dense AIS track.
          const numbered = matching.select(["doc", "timestamp", sql<number>`row_number() over (order by timestamp) - 1`.as("rn")]).as("numbered");
          const rows = await db.selectFrom(numbered).select("doc").where(sql<boolean>`rn % ${step} = 0 or rn = ${Number(n) - 1}`).orderBy("timestamp").execute();
          return docsOf<VesselPositionRecord>(rows);
        }
      }
      return docsOf<VesselPositionRecord>(await matching.select("doc").orderBy("timestamp").execute());
    },
    async latest(vesselId) {
      if (!isUuid(vesselId)) return null;
      const row = await db.selectFrom("vessel_positions").select("doc").where("vessel_id", "=", vesselId).orderBy("timestamp", "desc").limit(1).executeTakeFirst();
      return docOf<VesselPositionRecord>(row);
    },
  };
}
