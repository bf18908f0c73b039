import type { Vessel } from "@bollard/core";
import { thinEvenly, type MetroAreaRepository, type PortRepository, type ReferenceRepository, type ShippingLineRepository, type StorageRepositories, type VesselPositionRepository, type VesselRepository } from "@bollard/core/storage";
import { cmp, conflict, copy, inWindow, listWhere, type Access } from "./memory-records.js";
import { valuesOf, type MemoryTables, type Table } from "./memory-table.js";

type ReferenceRepositories = Pick<
  StorageRepositories,
  "ports" | "terminals" | "railTerminals" | "metroAreas" | "shippingLines" | "vessels" | "vesselPositions"
>;

function reference<T extends { id: string }>(table: Table<T>, access: Access): ReferenceRepository<T> {
  return {
    upsertMany: (records) =>
      access.write(() => {
        for (const record of records) table.set(record.id, copy(record));
      }),
    get: (id) => access.read(() => copy(table.get(id) ?? null)),
    getMany: (ids) => access.read(() => ids.flatMap((id) => copy(table.get(id)) ?? [])),
    count: () => access.read(() => table.entries().length),
  };
}

function findCopy<T>(table: Table<T>, match: (record: T) => boolean): T | null {
  return copy(valuesOf(table).find(match) ?? null);
}

// IMO and MMSI are unique; a batch is checked as a whole before anything is written.
function checkVesselKeys(table: Table<Vessel>, batch: readonly Vessel[]): void {
  const byId = new Map(table.entries());
  for (const vessel of batch) byId.set(vessel.id, vessel);
  const imos = new Set<string>();
  const mmsis = new Set<string>();
  for (const vessel of byId.values()) {
    if (vessel.imo !== null) {
      if (imos.has(vessel.imo)) throw conflict(`Another vessel has IMO ${vessel.imo}`);
      imos.add(vessel.imo);
    }
    if (mmsis.has(vessel.mmsi)) throw conflict(`Another vessel has MMSI ${vessel.mmsi}`);
    mmsis.add(vessel.mmsi);
  }
}

const positionKey = (vesselId: string, timestamp: string) => `${vesselId}|${timestamp}`;

/** The global reference repositories and the vessel position series. */
export function referenceRepositories(tables: MemoryTables, access: Access): ReferenceRepositories {
  const ports: PortRepository = {
    ...reference(tables.ports, access),
    getByLocode: (locode) => access.read(() => findCopy(tables.ports, (port) => port.code === locode)),
  };
  const metroAreas: MetroAreaRepository = {
    ...reference(tables.metroAreas, access),
    getByLocode: (locode) => access.read(() => findCopy(tables.metroAreas, (area) => area.code === locode)),
  };
  const shippingLines: ShippingLineRepository = {
    ...reference(tables.shippingLines, access),
    getByScac: (scac) => access.read(() => findCopy(tables.shippingLines, (line) => line.scac === scac)),
    list: (page) => access.read(() => listWhere(tables.shippingLines, () => true, (a, b) => cmp(a.scac, b.scac) || cmp(a.id, b.id), page)),
  };
  const vesselBase = reference(tables.vessels, access);
  const vessels: VesselRepository = {
    ...vesselBase,
    upsertMany: (records) =>
      access.write(() => {
        checkVesselKeys(tables.vessels, records);
        for (const record of records) tables.vessels.set(record.id, copy(record));
      }),
    getByImo: (imo) => access.read(() => findCopy(tables.vessels, (vessel) => vessel.imo === imo)),
    getByMmsi: (mmsi) => access.read(() => findCopy(tables.vessels, (vessel) => vessel.mmsi === mmsi)),
  };
  const vesselPositions: VesselPositionRepository = {
    insertMany: (positions) =>
      access.write(() => {
        let stored = 0;
        for (const position of positions) {
          const key = positionKey(position.vessel_id, position.timestamp);
          if (tables.vesselPositions.get(key) !== undefined) continue;
          tables.vesselPositions.set(key, copy(position));
          stored += 1;
        }
        return stored;
      }),
    listByVessel: (vesselId, window, options) =>
      access.read(() => {
        const matching = valuesOf(tables.vesselPositions).filter((p) => p.vessel_id === vesselId && inWindow(p.timestamp, window));
        // Thin before copying: copying every report of a dense AIS track is what made maps slow.
        return thinEvenly(matching.sort((a, b) => cmp(a.timestamp, b.timestamp)), options?.maxPoints).map(copy);
      }),
    latest: (vesselId) =>
      access.read(() => {
        const series = listWhere(tables.vesselPositions, (p) => p.vessel_id === vesselId, (a, b) => cmp(b.timestamp, a.timestamp), { number: 1, size: 1 });
        return series.items[0] ?? null;
      }),
    vesselIds: (after, limit) =>
      access.read(() => [...new Set(valuesOf(tables.vesselPositions).map((p) => p.vessel_id))].filter((id) => after === null || id > after).sort(cmp).slice(0, limit)),
    deleteMany: (vesselId, timestamps) =>
      access.write(() => {
        let deleted = 0;
        for (const timestamp of new Set(timestamps)) if (tables.vesselPositions.delete(positionKey(vesselId, timestamp))) deleted += 1;
        return deleted;
      }),
  };
  return {
    ports,
    terminals: reference(tables.terminals, access),
    railTerminals: reference(tables.railTerminals, access),
    metroAreas,
    shippingLines,
    vessels,
    vesselPositions,
  };
}
