import { isDeepStrictEqual } from "node:util";
import type { ChangeResourceType, Container, Shipment } from "../domain/index.js";

/** One attribute that differs between two versions of a record. */
export interface AttributeDiff {
  /** The attribute's name; a member of `import_deadlines` is named `import_deadlines.<member>`. */
  attribute: string;
  /** Its value in the older version (`null` when absent). */
  before: unknown;
  /** Its value in the newer version (`null` when absent). */
  after: unknown;
}

/**
 * Fields the history leaves out. `id`, `account_id` and `created_at` never change. `updated_at`
 * moves with every write and says nothing of its own. A shipment's `line_tracking_last_attempted_at`
 * and `line_tracking_last_succeeded_at` move on every refresh (hourly by default) whether or not
 * the carrier said anything new: recording them would bury the real changes, so the refresh log
 * keeps them instead, compactly (see `refreshLogAppends`), and `as_of` reads them from there exactly.
 */
export const UNTRACKED_FIELDS: Readonly<Record<ChangeResourceType, readonly string[]>> = {
  shipment: ["id", "account_id", "created_at", "updated_at", "line_tracking_last_attempted_at", "line_tracking_last_succeeded_at"],
  container: ["id", "account_id", "created_at", "updated_at"],
};

/** Object-valued fields whose members are diffed one by one (`import_deadlines.pickup_lfd_terminal`), so their sources stay apart. */
const NESTED_FIELDS = new Set(["import_deadlines"]);

const orNull = (value: unknown) => (value === undefined ? null : value);

/**
 * The attributes that differ between two versions of one shipment or container, in the newer
 * version's key order: every stored field (relationship ids included, e.g. `pod_terminal_id`)
 * except {@link UNTRACKED_FIELDS}. A pure function: two equal versions give `[]`.
 */
export function diffRecords(type: ChangeResourceType, before: Shipment | Container, after: Shipment | Container): AttributeDiff[] {
  const skipped = UNTRACKED_FIELDS[type];
  const older = before as unknown as Record<string, unknown>;
  const newer = after as unknown as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(newer), ...Object.keys(older)])].filter((key) => !skipped.includes(key));
  const diffs: AttributeDiff[] = [];
  for (const key of keys) {
    const [was, is] = [orNull(older[key]), orNull(newer[key])];
    if (isDeepStrictEqual(was, is)) continue;
    if (NESTED_FIELDS.has(key) && isPlainObject(was) && isPlainObject(is)) {
      for (const member of new Set([...Object.keys(is), ...Object.keys(was)])) {
        const [a, b] = [orNull(was[member]), orNull(is[member])];
        if (!isDeepStrictEqual(a, b)) diffs.push({ attribute: `${key}.${member}`, before: a, after: b });
      }
      continue;
    }
    diffs.push({ attribute: key, before: was, after: is });
  }
  return diffs;
}

/** Sets one attribute named as {@link diffRecords} names it (a dotted name sets a member of a nested field), on a copy. */
export function withAttribute<T extends object>(record: T, attribute: string, value: unknown): T {
  const dot = attribute.indexOf(".");
  if (dot === -1) return { ...record, [attribute]: value };
  const [field, member] = [attribute.slice(0, dot), attribute.slice(dot + 1)];
  const nested = (record as Record<string, unknown>)[field];
  return { ...record, [field]: { ...(isPlainObject(nested) ? nested : {}), [member]: value } };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
