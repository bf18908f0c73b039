import { sql } from "kysely";
import type { MetroArea, Port, RailTerminal, ShippingLine, Terminal, Vessel, VesselPositionRecord } from "@bollard/core";
import { thinningStep, type MetroAreaRepository, type PortRepository, type ReferenceRepository, type ShippingLineRepository, type VesselPositionRepository, type VesselRepository } from "@bollard/core/storage";
import { inIdOrder, inList, pageOfDocs, parseDoc, parseDocs, type RepositoryScope } from "./sqlite-doc-rows.js";
import { insertRows } from "./sqlite-writes.js";

type ReferenceTableName = "ports" | "terminals" | "rail_terminals" | "metro_areas" | "shipping_lines" | "vessels";

/** The shared part of every reference repository: upsert by id, get, getMany, count. */
function referenceRepository<T extends { id: string }>(
  { read, write }: RepositoryScope,
  table: ReferenceTableName,
  columns: (record: T) => Record<string, unknown>,
): ReferenceRepository<T> {
  // Kysely cannot check a query over a table chosen at run time; every table here has id and doc.
  const from = () => read.selectFrom(table as "terminals");
  return {
    async upsertMany(records) {
      const rows = records.map((record) => ({ id: record.id, ...columns(record), doc: JSON.stringify(record) }));
      await insertRows(write, table, rows, { kind: "replace", key: ["id"] });
    },
    async get(id) {
      return parseDoc<T>(await from().select("doc").where("id", "=", id).executeTakeFirst());
    },
    async getMany(ids) {
      if (ids.length === 0) return [];
      const rows = await from().select("doc").where(inList("id", ids)).execute();
      return inIdOrder(parseDocs<T>(rows), ids);
    },
    async count() {
      const row = await from().select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirst();
      return Number(row?.n ?? 0);
    },
  };
}

/** Ports over SQLite; looked up by `code` (UN/LOCODE), the lowest id first should a code repeat. */
export function sqlitePortRepository(scope: RepositoryScope): PortRepository {
  return {
    ...referenceRepository<Port>(scope, "ports", (port) => ({ code: port.code })),
    async getByLocode(locode) {
      const row = await scope.read.selectFrom("ports").select("doc").where("code", "=", locode).orderBy("id").limit(1).executeTakeFirst();
      return parseDoc<Port>(row);
    },
  };
}

/** Terminals over SQLite. */
export function sqliteTerminalRepository(scope: RepositoryScope): ReferenceRepository<Terminal> {
  return referenceRepository<Terminal>(scope, "terminals", () => ({}));
}

/** Rail terminals over SQLite. */
export function sqliteRailTerminalRepository(scope: RepositoryScope): ReferenceRepository<RailTerminal> {
  return referenceRepository<RailTerminal>(scope, "rail_terminals", () => ({}));
}

/** Metro areas over SQLite; looked up by `code`, the lowest id first should a code repeat. */
export function sqliteMetroAreaRepository(scope: RepositoryScope): MetroAreaRepository {
  return {
    ...referenceRepository<MetroArea>(scope, "metro_areas", (area) => ({ code: area.code })),
    async getByLocode(locode) {
      const row = await scope.read.selectFrom("metro_areas").select("doc").where("code", "=", locode).orderBy("id").limit(1).executeTakeFirst();
      return parseDoc<MetroArea>(row);
    },
  };
}

/** Shipping lines over SQLite; looked up by `scac`, the lowest id first should a SCAC repeat. */
export function sqliteShippingLineRepository(scope: RepositoryScope): ShippingLineRepository {
  return {
    ...referenceRepository<ShippingLine>(scope, "shipping_lines", (line) => ({ scac: line.scac })),
    async getByScac(scac) {
      const row = await scope.read.selectFrom("shipping_lines").select("doc").where("scac", "=", scac).orderBy("id").limit(1).executeTakeFirst();
      return parseDoc<ShippingLine>(row);
    },
    list(page) {
      return pageOfDocs<ShippingLine>(scope.read.selectFrom("shipping_lines"), (q) => q.orderBy("scac").orderBy("id"), page);
    },
  };
}

/** Vessels over SQLite; `imo` (when set) and `mmsi` are unique. */
export function sqliteVesselRepository(scope: RepositoryScope): VesselRepository {
  const by = async (column: "imo" | "mmsi", value: string) =>
    parseDoc<Vessel>(await scope.read.selectFrom("vessels").select("doc").where(column, "=", value).executeTakeFirst());
  return {
    ...referenceRepository<Vessel>(scope, "vessels", (vessel) => ({ imo: vessel.imo, mmsi: vessel.mmsi })),
    getByImo: (imo) => by("imo", imo),
    getByMmsi: (mmsi) => by("mmsi", mmsi),
  };
}

/** Vessel positions over SQLite: a (`vessel_id`, `timestamp`) repeat is skipped, not an error. */
export function sqliteVesselPositionRepository({ read, write }: RepositoryScope): VesselPositionRepository {
  return {
    insertMany(positions) {
      const rows = positions.map((position) => ({ vessel_id: position.vessel_id, timestamp: position.timestamp, doc: JSON.stringify(position) }));
      return insertRows(write, "vessel_positions", rows, { kind: "ignore" });
    },
    async listByVessel(vesselId, window = {}, options = {}) {
      let matching = read.selectFrom("vessel_positions").where("vessel_id", "=", vesselId);
      if (window.from !== undefined) matching = matching.where("timestamp", ">=", window.from);
      if (window.to !== undefined) matching = matching.where("timestamp", "<=", window.to);
      if (options.maxPoints !== undefined) {
        const { n } = await matching.select(sql<number>`count(*)`.as("n")).executeTakeFirstOrThrow();
        const step = thinningStep(Number(n), options.maxPoints);
        if (step > 1) {
          // Thin inside SQLite over the narrow time index, then read only the kept documents:
          // turning every row of a dense AIS track into objects is what costs.
          const numbered = matching.select(["timestamp", sql<number>`row_number() over (order by timestamp) - 1`.as("rn")]).as("numbered");
          const kept = read.selectFrom(numbered).select("timestamp").where(sql<boolean>`rn % ${step} = 0 or rn = ${Number(n) - 1}`);
          const rows = await read.selectFrom("vessel_positions").select("doc").where("vessel_id", "=", vesselId).where("timestamp", "in", kept).orderBy("timestamp").execute();
          return parseDocs<VesselPositionRecord>(rows);
        }
      }
      return parseDocs<VesselPositionRecord>(await matching.select("doc").orderBy("timestamp").execute());
    },
    async latest(vesselId) {
      const row = await read.selectFrom("vessel_positions").select("doc").where("vessel_id", "=", vesselId).orderBy("timestamp", "desc").limit(1).executeTakeFirst();
      return parseDoc<VesselPositionRecord>(row);
    },
  };
}
