import { expect } from "vitest";
import { uuidv7 } from "../ids/index.js";
import type { ReferenceRepository, StorageRepositories } from "../storage/index.js";
import { ALL, ascendingIds, expectCode, expectPaging, type ContractContext } from "./contract-context.js";
import {
  makeMetroArea,
  makePort,
  makeRailTerminal,
  makeShippingLine,
  makeTerminal,
  makeVessel,
} from "./fixtures.js";

interface ReferenceSpec<T extends { id: string }> {
  name: keyof StorageRepositories;
  repo(repos: StorageRepositories): ReferenceRepository<T>;
  make(): T;
  /** A different, valid record with the same id. */
  change(record: T): T;
}

function describeReference<T extends { id: string }>(ctx: ContractContext, spec: ReferenceSpec<T>): void {
  const { name } = spec;
  const repo = () => spec.repo(ctx.storage);

  ctx.test(`${name}.upsertMany inserts new records that get returns exactly, and count counts them`, async () => {
    const records = [spec.make(), spec.make(), spec.make()];
    expect(await repo().count()).toBe(0);
    await repo().upsertMany(records);
    await repo().upsertMany([]);
    for (const record of records) expect(await repo().get(record.id)).toStrictEqual(record);
    expect(await repo().count()).toBe(3);
  });

  ctx.test(`${name}.upsertMany replaces an existing record by id`, async () => {
    const [kept, replaced] = [spec.make(), spec.make()];
    await repo().upsertMany([kept, replaced]);
    const next = spec.change(replaced);
    const added = spec.make();
    await repo().upsertMany([next, added]);
    expect(await repo().get(replaced.id)).toStrictEqual(next);
    expect(await repo().get(kept.id)).toStrictEqual(kept);
    expect(await repo().count()).toBe(3);
  });

  ctx.test(`${name}.get returns null for an unknown id`, async () => {
    await repo().upsertMany([spec.make()]);
    expect(await repo().get(uuidv7())).toBeNull();
  });

  ctx.test(`${name}.getMany keeps the order of the ids asked for and skips unknown ids`, async () => {
    const [a, b, c] = [spec.make(), spec.make(), spec.make()];
    await repo().upsertMany([a, b, c]);
    expect(await repo().getMany([c.id, uuidv7(), a.id, b.id])).toStrictEqual([c, a, b]);
    expect(await repo().getMany([])).toStrictEqual([]);
  });
}

/** Ports, terminals, rail terminals, metro areas, shipping lines and vessels. */
export function describeReferenceContract(ctx: ContractContext): void {
  describeReference(ctx, {
    name: "ports",
    repo: (r) => r.ports,
    make: () => makePort(),
    change: (p) => ({ ...makePort({ code: "DEHAM", name: "Hamburg", state: null, state_abbr: null, city: null }), id: p.id }),
  });
  describeReference(ctx, {
    name: "terminals",
    repo: (r) => r.terminals,
    make: () => makeTerminal(uuidv7()),
    change: (t) => ({ ...makeTerminal(uuidv7(), { nickname: null, smdg_code: null, facility_type: "rail" }), id: t.id }),
  });
  describeReference(ctx, {
    name: "railTerminals",
    repo: (r) => r.railTerminals,
    make: () => makeRailTerminal(),
    change: (t) => ({ ...makeRailTerminal({ port_id: uuidv7(), metro_area_id: uuidv7(), firms_code: null }), id: t.id }),
  });
  describeReference(ctx, {
    name: "metroAreas",
    repo: (r) => r.metroAreas,
    make: () => makeMetroArea(),
    change: (m) => ({ ...makeMetroArea({ name: "Memphis", code: "USMEM", time_zone: "America/Chicago", latitude: 35.1495, longitude: -90.049 }), id: m.id }),
  });
  describeReference(ctx, {
    name: "shippingLines",
    repo: (r) => r.shippingLines,
    make: () => makeShippingLine(),
    change: (l) => ({ ...makeShippingLine({ scac: "ZIMU", name: "ZIM", short_name: "ZIM", alternative_scacs: [] }), id: l.id }),
  });
  describeReference(ctx, {
    name: "vessels",
    repo: (r) => r.vessels,
    make: () => makeVessel(),
    change: (v) => ({ ...makeVessel({ latitude: null, longitude: null, nautical_speed_knots: null, position_timestamp: null }), id: v.id }),
  });

  ctx.test("ports.getByLocode returns the port whose code equals the locode exactly, or null", async () => {
    const shanghai = makePort({ code: "CNSHA", name: "Shanghai" });
    const losAngeles = makePort({ code: "USLAX", name: "Los Angeles" });
    await ctx.storage.ports.upsertMany([shanghai, losAngeles]);
    expect(await ctx.storage.ports.getByLocode("USLAX")).toStrictEqual(losAngeles);
    expect(await ctx.storage.ports.getByLocode("CNSHA")).toStrictEqual(shanghai);
    expect(await ctx.storage.ports.getByLocode("uslax")).toBeNull();
    expect(await ctx.storage.ports.getByLocode("NLRTM")).toBeNull();
  });

  ctx.test("metroAreas.getByLocode returns the metro area with that code, or null", async () => {
    const chicago = makeMetroArea({ code: "USCHI" });
    const memphis = makeMetroArea({ code: "USMEM", name: "Memphis" });
    await ctx.storage.metroAreas.upsertMany([chicago, memphis]);
    expect(await ctx.storage.metroAreas.getByLocode("USMEM")).toStrictEqual(memphis);
    expect(await ctx.storage.metroAreas.getByLocode("USCHI")).toStrictEqual(chicago);
    expect(await ctx.storage.metroAreas.getByLocode("USDAL")).toBeNull();
  });

  ctx.test("shippingLines.getByScac returns the line with that SCAC, or null", async () => {
    const maersk = makeShippingLine({ scac: "MAEU", alternative_scacs: ["SEAU"] });
    const msc = makeShippingLine({ scac: "MSCU", name: "MSC", short_name: "MSC", alternative_scacs: ["MEDU"] });
    await ctx.storage.shippingLines.upsertMany([maersk, msc]);
    expect(await ctx.storage.shippingLines.getByScac("MSCU")).toStrictEqual(msc);
    expect(await ctx.storage.shippingLines.getByScac("MAEU")).toStrictEqual(maersk);
    expect(await ctx.storage.shippingLines.getByScac("MEDU")).toBeNull();
  });

  ctx.test("shippingLines.list orders by scac ascending, ties by id, and pages", async () => {
    const [id1, id2] = ascendingIds(2, uuidv7);
    const lines = [
      makeShippingLine({ scac: "CMDU" }),
      makeShippingLine({ scac: "HLCU" }),
      makeShippingLine({ id: id1, scac: "MAEU" }),
      makeShippingLine({ id: id2, scac: "MAEU" }),
      makeShippingLine({ scac: "ONEY" }),
    ];
    await ctx.storage.shippingLines.upsertMany([lines[4], lines[3], lines[0], lines[2], lines[1]].flatMap((l) => (l ? [l] : [])));
    expect(await ctx.storage.shippingLines.list(ALL)).toStrictEqual({ items: lines, total: 5 });
    await expectPaging((page) => ctx.storage.shippingLines.list(page), lines);
  });

  ctx.test("vessels.getByImo and vessels.getByMmsi return the vessel, or null", async () => {
    const shivling = makeVessel({ imo: "9728253", mmsi: "636017104" });
    const saigon = makeVessel({ imo: null, mmsi: "563281100" });
    await ctx.storage.vessels.upsertMany([shivling, saigon]);
    expect(await ctx.storage.vessels.getByImo("9728253")).toStrictEqual(shivling);
    expect(await ctx.storage.vessels.getByMmsi("636017104")).toStrictEqual(shivling);
    expect(await ctx.storage.vessels.getByMmsi("563281100")).toStrictEqual(saigon);
    expect(await ctx.storage.vessels.getByImo("9074729")).toBeNull();
    expect(await ctx.storage.vessels.getByMmsi("477893700")).toBeNull();
  });

  ctx.test("vessels.upsertMany of another vessel with a taken IMO rejects with conflict", async () => {
    const vessel = makeVessel({ imo: "9728253" });
    await ctx.storage.vessels.upsertMany([vessel]);
    const clash = makeVessel({ imo: "9728253" });
    await expectCode(ctx.storage.vessels.upsertMany([clash]), "conflict");
    expect(await ctx.storage.vessels.get(clash.id)).toBeNull();
    expect(await ctx.storage.vessels.getByImo("9728253")).toStrictEqual(vessel);
  });

  ctx.test("vessels.upsertMany of another vessel with a taken MMSI rejects with conflict", async () => {
    const vessel = makeVessel({ mmsi: "636017104" });
    await ctx.storage.vessels.upsertMany([vessel]);
    const clash = makeVessel({ mmsi: "636017104" });
    await expectCode(ctx.storage.vessels.upsertMany([clash]), "conflict");
    expect(await ctx.storage.vessels.get(clash.id)).toBeNull();
    expect(await ctx.storage.vessels.getByMmsi("636017104")).toStrictEqual(vessel);
  });

  ctx.test("vessels without an IMO number do not conflict with each other", async () => {
    const [a, b] = [makeVessel({ imo: null }), makeVessel({ imo: null })];
    await ctx.storage.vessels.upsertMany([a, b]);
    expect(await ctx.storage.vessels.getMany([a.id, b.id])).toStrictEqual([a, b]);
  });

  ctx.test("upsertMany is atomic on its own: a batch with a conflict stores none of its records", async () => {
    const vessel = makeVessel();
    await ctx.storage.vessels.upsertMany([vessel]);
    const fine = makeVessel();
    const clash = makeVessel({ mmsi: vessel.mmsi });
    await expectCode(ctx.storage.vessels.upsertMany([fine, clash]), "conflict");
    expect(await ctx.storage.vessels.getMany([fine.id, clash.id])).toStrictEqual([]);
    expect(await ctx.storage.vessels.count()).toBe(1);
  });
}
