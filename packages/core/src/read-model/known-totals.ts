import { answerVersionKeys } from "../storage/change-versions.js";
import type { ListTotalHint, StorageRepositories } from "../storage/repositories.js";
import type { Storage } from "../storage/storage.js";
import type { Page, PageResult } from "../storage/pagination.js";

/** The listings whose totals are remembered: those every page of the API's busiest lists counts. */
const LISTINGS = ["shipments", "containers", "trackingRequests"] as const;
/** How many (listing, account, filters) totals are remembered; the oldest goes first. */
const MAX_REMEMBERED = 10_000;

type Listing = (typeof LISTINGS)[number];
type ListMethod = (accountId: string, query: ListTotalHint & { page: Page }) => Promise<PageResult<unknown>>;

/** A total as counted, under the versions of its account it was counted at. */
interface KnownTotal {
  versions: string;
  total: number;
}

/**
 * The storage with the totals of its busiest listings remembered: a page of shipments, containers
 * or tracking requests tells its adapter the total it counted for the same account and filters
 * while the account's change versions still stand where they stood (`ListTotalHint.knownTotal`),
 * so `meta.total` stays exact without counting the account on every page (on 100,000 shipments a
 * count walks them all: most of an uncached list's time). The versions are read before the
 * listing: a write that changes a total raises them in its own transaction, so a total remembered
 * under versions that still stand is the total now. Reads inside a transaction, and storages that
 * cannot tell their versions, count as before. `createTracker` wraps its storage in it.
 */
export function knownTotals(storage: Storage): Storage {
  const known = new Map<string, KnownTotal>();
  const remember = (key: string, total: KnownTotal) => {
    known.delete(key);
    known.set(key, total);
    if (known.size > MAX_REMEMBERED) known.delete(known.keys().next().value!);
  };
  const listing = (name: Listing): ListMethod => async (accountId, query) => {
    const list = (storage[name] as unknown as { list: ListMethod }).list;
    const versions = await storage.changeVersions.get(answerVersionKeys(accountId)).then(
      (read) => read.join(","),
      () => undefined,
    );
    if (versions === undefined) return list(accountId, query);
    const { page: _page, knownTotal: _given, ...filters } = query;
    const key = `${name}\n${accountId}\n${JSON.stringify(filters)}`;
    const remembered = known.get(key);
    const result = await list(accountId, remembered?.versions === versions ? { ...query, knownTotal: remembered.total } : query);
    remember(key, { versions, total: result.total });
    return result;
  };
  const wrapped: Partial<Record<Listing, unknown>> = {};
  for (const name of LISTINGS) wrapped[name] = { ...storage[name], list: listing(name) };
  return { ...storage, ...(wrapped as Pick<StorageRepositories, Listing>) };
}
