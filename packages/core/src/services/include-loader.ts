import { BollardError } from "../errors/index.js";
import { MAX_INCLUDED_RESOURCES, type IncludeTree } from "../jsonapi/include.js";
import type { ResourceIdentifier } from "../jsonapi/jsonapi-types.js";
import { resourceRegistry } from "../jsonapi/resources.js";
import type { ResourceGraph } from "../jsonapi/resource-graph.js";
import type { StorageRepositories } from "../storage/index.js";

type Row = { id: string };
type OneLoader = (s: StorageRepositories, accountId: string, ids: string[]) => Promise<Row[]>;
/** Loads the children of many parents, reading at most `limit` of them (enough to tell the budget is exceeded). */
type ManyLoader = (s: StorageRepositories, accountId: string, parentIds: string[], limit: number) => Promise<Map<string, Row[]>>;

const each = async <T>(ids: string[], get: (id: string) => Promise<T | null>): Promise<T[]> =>
  (await Promise.all(ids.map(get))).filter((row): row is Awaited<T> => row !== null) as T[];

/** How records of each type are fetched by id, scoped to the account where they are account-owned. */
const oneLoaders: Record<string, OneLoader> = {
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
  transport_event: (s, a, ids) => each(ids, (id) => s.transportEvents.get(a, id)),
  custom_field_definition: (s, a, ids) => each(ids, (id) => s.customFieldDefinitions.get(a, id)),
  webhook: (s, a, ids) => each(ids, (id) => s.webhooks.get(a, id)),
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

/** How to-many relationships are fetched for many parents at once, keyed `type.relationship`. */
const manyLoaders: Record<string, ManyLoader> = {
  "shipment.containers": async (s, a, ids) => groupBy(await s.containers.listByShipments(a, ids), (c) => c.shipment_id),
  "container.transport_events": async (s, a, ids, limit) =>
    groupBy((await s.transportEvents.listByContainers(a, ids, { number: 1, size: limit })).items, (e) => e.container_id),
  "container.raw_events": async (s, a, ids, limit) =>
    groupBy((await s.rawEvents.listByContainers(a, ids, { number: 1, size: limit })).items, (e) => e.container_id),
  "custom_field_definition.options": async (s, a, ids) =>
    new Map(await Promise.all(ids.map(async (id) => [id, (await s.customFieldOptions.listByDefinition(a, id)).items] as const))),
  // Attempts are stored per notification; the parents were already read through the account scope.
  "webhook_notification.webhook_notification_logs": async (s, _a, ids) =>
    new Map(await Promise.all(ids.map(async (id) => [id, await s.webhookNotifications.listAttempts(id)] as const))),
};

/** The state of one load: what was walked below each include node, and the records left to load. */
interface IncludeLoad {
  storage: StorageRepositories;
  accountId: string;
  graph: ResourceGraph;
  expanded: Map<IncludeTree, Set<string>>;
  remaining: number;
}

/**
 * Loads into `graph` every record reachable from `records` (of `type`) along the include tree,
 * plus the to-many linkage of each relationship walked, batching one storage call per type and level.
 * Each record is walked once per include node, and a load reaching more than
 * {@link MAX_INCLUDED_RESOURCES} records is refused with a 400 on `include`.
 * The services' plumbing for `include`; use a session's reads instead.
 * @internal
 */
export async function loadIncludes(storage: StorageRepositories, accountId: string, graph: ResourceGraph, type: string, records: readonly Row[], tree: IncludeTree): Promise<void> {
  await loadLevel({ storage, accountId, graph, expanded: new Map(), remaining: MAX_INCLUDED_RESOURCES }, type, records, tree);
}

async function loadLevel(load: IncludeLoad, type: string, records: readonly Row[], tree: IncludeTree): Promise<void> {
  const definition = resourceRegistry.get(type);
  const expanded = load.expanded.get(tree) ?? load.expanded.set(tree, new Set()).get(tree)!;
  const fresh = records.filter((record) => !expanded.has(`${type}:${record.id}`));
  if (!definition || fresh.length === 0) return;
  for (const record of fresh) expanded.add(`${type}:${record.id}`);
  const { storage, accountId, graph } = load;
  for (const [name, subtree] of tree) {
    const relationship = definition.relationships[name];
    if (!relationship) continue;
    const reached = new Map<string, Row[]>();
    if (relationship.kind === "one") {
      const wanted = new Map<string, Set<string>>();
      for (const record of fresh) {
        const linkage = relationship.linkage(record) as ResourceIdentifier | null;
        if (linkage) (wanted.get(linkage.type) ?? wanted.set(linkage.type, new Set()).get(linkage.type)!).add(linkage.id);
      }
      for (const [targetType, idSet] of wanted) {
        const ids = [...idSet];
        const missing = ids.filter((id) => !graph.get(targetType, id));
        const loader = oneLoaders[targetType];
        if (loader && missing.length > 0) graph.add(targetType, spend(load, await loader(storage, accountId, missing)));
        reached.set(targetType, ids.map((id) => graph.get(targetType, id)).filter((row): row is Row => row !== undefined));
      }
    } else {
      const loader = manyLoaders[`${type}.${name}`];
      const targetType = relationship.types[0]!;
      if (!loader) continue;
      // A parent reached again along another path already has its children in the graph.
      const unloaded = fresh.filter((record) => !graph.getMany(type, record.id, name));
      const groups = unloaded.length > 0 ? await loader(storage, accountId, unloaded.map((r) => r.id), load.remaining + 1) : new Map<string, Row[]>();
      const loaded: Row[] = [];
      for (const record of unloaded) {
        const children = groups.get(record.id) ?? [];
        graph.setMany(type, record.id, name, children.map((child) => ({ type: targetType, id: child.id })));
        loaded.push(...children);
      }
      graph.add(targetType, spend(load, loaded));
      const all = fresh
        .flatMap((record) => graph.getMany(type, record.id, name) ?? [])
        .map((child) => graph.get(child.type, child.id))
        .filter((row): row is Row => row !== undefined);
      reached.set(targetType, all);
    }
    if (subtree.size > 0) {
      for (const [targetType, rows] of reached) await loadLevel(load, targetType, rows, subtree);
    }
  }
}

/** Counts loaded records against the load's budget; throws once it is exceeded. */
function spend<T>(load: IncludeLoad, rows: T[]): T[] {
  load.remaining -= rows.length;
  if (load.remaining < 0) {
    throw new BollardError(
      "INVALID_INCLUDE",
      `include would return more than ${MAX_INCLUDED_RESOURCES} related records; ask for a smaller page[size] or fewer include paths`,
      { parameter: "include" },
    );
  }
  return rows;
}
