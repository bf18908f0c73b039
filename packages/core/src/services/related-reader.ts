import { BollardError, NotFoundError } from "../errors/index.js";
import { terminalsByPort } from "../reference/index.js";
import { includeTree, MAX_INCLUDED_RESOURCES, type IncludeTree, type WithRelated } from "../relations/include-paths.js";
import type { RecordRef, RecordType, RecordTypes } from "../relations/record-types.js";
import { relationsByType } from "../relations/relation-definitions.js";
import type { Page, PageResult, StorageRepositories } from "../storage/index.js";
import type { ListResult } from "./read-options.js";

type Row = {
  /** The record's id. */
  id: string;
};
type OneLoader = (s: StorageRepositories, accountId: string, ids: string[]) => Promise<Row[]>;
/** Loads the children of many parents, reading at most `limit` of them (enough to tell the budget is exceeded). */
type ManyLoader = (s: StorageRepositories, accountId: string, parentIds: string[], limit: number) => Promise<Map<string, Row[]>>;

const each = async <T>(ids: string[], get: (id: string) => Promise<T | null>): Promise<T[]> =>
  (await Promise.all(ids.map(get))).filter((row): row is Awaited<T> => row !== null) as T[];

/** How records of each type are fetched by id, scoped to the account where they are account-owned. */
const oneLoaders: Partial<Record<string, OneLoader>> = {
  port: (s, _a, ids) => s.ports.getMany(ids),
  terminal: (s, _a, ids) => s.terminals.getMany(ids),
  rail_terminal: (s, _a, ids) => s.railTerminals.getMany(ids),
  metro_area: (s, _a, ids) => s.metroAreas.getMany(ids),
  vessel: (s, _a, ids) => s.vessels.getMany(ids),
  shipping_line: (s, _a, ids) => s.shippingLines.getMany(ids),
  shipment: (s, a, ids) => s.shipments.getMany(a, ids),
  container: (s, a, ids) => s.containers.getMany(a, ids),
  account: (s, a, ids) => each(ids.filter((id) => id === a), (id) => s.accounts.get(id)),
  user: (s, a, ids) => each(ids, (id) => s.users.get(a, id)),
  tracking_request: (s, a, ids) => each(ids, (id) => s.trackingRequests.get(a, id)),
  party: (s, a, ids) => each(ids, (id) => s.parties.get(a, id)),
  transport_event: (s, a, ids) => each(ids, (id) => s.transportEvents.get(a, id)),
  custom_field_definition: (s, a, ids) => each(ids, (id) => s.customFieldDefinitions.get(a, id)),
  webhook: (s, a, ids) => each(ids, (id) => s.webhooks.get(a, id)),
  webhook_notification: (s, a, ids) => each(ids, (id) => s.webhookNotifications.get(a, id)),
};

function groupBy<T extends Row>(rows: T[], key: (row: T) => string): Map<string, Row[]> {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const k = key(row);
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

/** How to-many relations are fetched for many parents at once, keyed `type.relation`. */
const manyLoaders: Partial<Record<string, ManyLoader>> = {
  "shipment.containers": async (s, a, ids) => groupBy(await s.containers.listByShipments(a, ids), (c) => c.shipment_id),
  "container.transport_events": async (s, a, ids, limit) =>
    groupBy((await s.transportEvents.listByContainers(a, ids, { number: 1, size: limit })).items, (e) => e.container_id),
  "container.raw_events": async (s, a, ids, limit) => groupBy((await s.rawEvents.listByContainers(a, ids, { number: 1, size: limit })).items, (e) => e.container_id),
  // Terminals are reference data: a port's are the reference's, whatever storage holds them.
  "port.terminals": async (s, _a, ids) => new Map(await Promise.all(ids.map(async (id) => [id, await s.terminals.getMany(terminalsByPort(id).map((t) => t.id))] as const))),
  "custom_field_definition.fields": async (s, a, ids, limit) =>
    new Map(await Promise.all(ids.map(async (id) => [id, (await s.customFields.list(a, { page: { number: 1, size: limit }, definitionId: id })).items] as const))),
  "custom_field_definition.options": async (s, a, ids) =>
    new Map(await Promise.all(ids.map(async (id) => [id, (await s.customFieldOptions.listByDefinition(a, id)).items] as const))),
  // Attempts are stored per notification; the parents were already read through the account scope.
  "webhook_notification.webhook_notification_logs": async (s, _a, ids) =>
    new Map(await Promise.all(ids.map(async (id) => [id, await s.webhookNotifications.listAttempts(id)] as const))),
};

/**
 * Reads the records related to records already read, along include paths, and returns the
 * records with the related ones under their relation names (see {@link WithRelated}). Every
 * service read goes through it, so `include` means the same everywhere.
 */
export interface RelatedReader {
  /**
   * One record with its related records: `include` is checked first (400), then `read` runs;
   * null from it is a 404 with `notFound` as the detail.
   */
  one<T extends RecordType, P extends string>(type: T, include: readonly P[] | undefined, read: () => Promise<RecordTypes[T] | null>, notFound: string): Promise<WithRelated<T, P>>;
  /** A page of records with their related records: `include` is checked first, then `read` runs. */
  page<T extends RecordType, P extends string>(
    type: T,
    include: readonly P[] | undefined,
    page: Page,
    read: () => Promise<PageResult<RecordTypes[T]>>,
  ): Promise<ListResult<WithRelated<T, P>>>;
  /** The given records with their related records, in the same order. */
  attach<T extends RecordType, P extends string>(type: T, records: readonly RecordTypes[T][], include: readonly P[] | undefined): Promise<WithRelated<T, P>[]>;
}

/** Creates the {@link RelatedReader} of one account, reading through `storage` (a storage or a transaction's repositories). */
export function createRelatedReader(storage: StorageRepositories, accountId: string): RelatedReader {
  const reader: RelatedReader = {
    async one(type, include, read, notFound) {
      const tree = includeTree(type, include);
      const record = await read();
      if (!record) throw new NotFoundError(notFound);
      return (await withRelated(storage, accountId, type, [record], tree))[0] as never;
    },
    async page(type, include, page, read) {
      const tree = includeTree(type, include);
      const { items, total } = await read();
      return { data: (await withRelated(storage, accountId, type, items, tree)) as never[], total, page };
    },
    async attach(type, records, include) {
      return (await withRelated(storage, accountId, type, records, includeTree(type, include))) as never[];
    },
  };
  return reader;
}

/** The records reached along an include tree: by `type:id`, and the children of each to-many relation walked. */
interface Reached {
  records: Map<string, Row>;
  children: Map<string, Row[]>;
}

/** The state of one load: what was walked below each include node, and how many records may still be read. */
interface Load {
  storage: StorageRepositories;
  accountId: string;
  reached: Reached;
  expanded: Map<IncludeTree, Set<string>>;
  remaining: number;
}

async function withRelated(storage: StorageRepositories, accountId: string, type: string, records: readonly Row[], tree: IncludeTree): Promise<Row[]> {
  if (tree.size === 0 || records.length === 0) return [...records];
  const load: Load = { storage, accountId, reached: { records: new Map(), children: new Map() }, expanded: new Map(), remaining: MAX_INCLUDED_RESOURCES };
  await loadLevel(load, type, records, tree);
  const assembled = new Map<IncludeTree, Map<string, Row>>();
  return records.map((record) => assemble(load.reached, assembled, type, record, tree));
}

/**
 * Loads every record reachable from `records` along the tree, one storage call per type and
 * level. Each record is walked once per include node, and a load reaching more than
 * {@link MAX_INCLUDED_RESOURCES} records is refused with a 400 on `include`.
 */
async function loadLevel(load: Load, type: string, records: readonly Row[], tree: IncludeTree): Promise<void> {
  const relations = relationsByType(type);
  const expanded = load.expanded.get(tree) ?? load.expanded.set(tree, new Set()).get(tree)!;
  const fresh = records.filter((record) => !expanded.has(`${type}:${record.id}`));
  if (!relations || fresh.length === 0) return;
  for (const record of fresh) expanded.add(`${type}:${record.id}`);
  const { storage, accountId, reached } = load;
  for (const [name, subtree] of tree) {
    const relation = relations[name];
    if (!relation) continue;
    const next = new Map<string, Row[]>();
    if (relation.kind === "one") {
      const wanted = new Map<string, Set<string>>();
      for (const record of fresh) {
        const ref = relation.linkage(record);
        if (ref) (wanted.get(ref.type) ?? wanted.set(ref.type, new Set()).get(ref.type)!).add(ref.id);
      }
      for (const [targetType, idSet] of wanted) {
        const ids = [...idSet];
        const missing = ids.filter((id) => !reached.records.has(`${targetType}:${id}`));
        const loader = oneLoaders[targetType];
        if (loader && missing.length > 0) remember(reached, targetType, spend(load, await loader(storage, accountId, missing)));
        next.set(targetType, ids.flatMap((id) => reached.records.get(`${targetType}:${id}`) ?? []));
      }
    } else {
      const loader = manyLoaders[`${type}.${name}`];
      const targetType = relation.types[0];
      if (!loader) continue;
      // A parent reached again along another path already has its children.
      const unloaded = fresh.filter((record) => !reached.children.has(`${type}:${record.id}:${name}`));
      const groups = unloaded.length > 0 ? await loader(storage, accountId, unloaded.map((r) => r.id), load.remaining + 1) : new Map<string, Row[]>();
      const loaded: Row[] = [];
      for (const record of unloaded) {
        const children = groups.get(record.id) ?? [];
        reached.children.set(`${type}:${record.id}:${name}`, children);
        loaded.push(...children);
      }
      remember(reached, targetType, spend(load, loaded));
      next.set(targetType, fresh.flatMap((record) => reached.children.get(`${type}:${record.id}:${name}`) ?? []));
    }
    if (subtree.size > 0) {
      for (const [targetType, rows] of next) await loadLevel(load, targetType, rows, subtree);
    }
  }
}

function remember(reached: Reached, type: string, rows: readonly Row[]): void {
  for (const row of rows) reached.records.set(`${type}:${row.id}`, row);
}

/** Counts loaded records against the load's budget; throws once it is exceeded. */
function spend<T>(load: Load, rows: T[]): T[] {
  load.remaining -= rows.length;
  if (load.remaining < 0) {
    throw new BollardError(
      "invalid_include",
      `include would return more than ${MAX_INCLUDED_RESOURCES} related records; ask for a smaller page size or fewer include paths`,
      { parameter: "include" },
    );
  }
  return rows;
}

/**
 * A copy of `record` with its related records under their relation names, nested along the tree.
 * A record reached twice at the same include node is assembled once and shared.
 */
function assemble(reached: Reached, assembled: Map<IncludeTree, Map<string, Row>>, type: string, record: Row, tree: IncludeTree): Row {
  if (tree.size === 0) return record;
  const done = assembled.get(tree) ?? assembled.set(tree, new Map()).get(tree)!;
  const key = `${type}:${record.id}`;
  const known = done.get(key);
  if (known) return known;
  const out: Record<string, unknown> & Row = { ...record };
  const relations = relationsByType(type) ?? {};
  for (const [name, subtree] of tree) {
    const relation = relations[name];
    if (!relation) continue;
    if (relation.kind === "one") {
      const ref: RecordRef | null = relation.linkage(record);
      const related = ref ? reached.records.get(`${ref.type}:${ref.id}`) : undefined;
      out[name] = related && ref ? assemble(reached, assembled, ref.type, related, subtree) : null;
    } else {
      const children = reached.children.get(`${type}:${record.id}:${name}`) ?? [];
      out[name] = children.map((child) => assemble(reached, assembled, relation.types[0], child, subtree));
    }
  }
  done.set(key, out);
  return out;
}
