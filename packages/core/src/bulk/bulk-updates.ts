import { z } from "zod";
import { upsertCustomFieldValue } from "../custom-fields/upsert-value.js";
import { UuidSchema, type Container, type Shipment } from "../domain/index.js";
import { BollardError, ValidationError } from "../errors/index.js";
import { recordingChanges } from "../history/recording-changes.js";
import type { StorageRepositories } from "../storage/index.js";
import { parseInput, ReferenceListSchema } from "../validation/input-validation.js";
import type { BulkUpdateTarget } from "./update-columns.js";

/** What one update row asks for, as `planUpdateColumns` reads it. */
const UpdateRowSchema = z.strictObject({
  /** The record's id. */
  id: z.string().optional(),
  /** The record's number when there is no id: a shipment's bill of lading, a container's number. */
  number: z.string().optional(),
  /** Replaces the reference numbers. */
  ref_numbers: ReferenceListSchema.optional(),
  /** Replaces a shipment's tags. */
  tags: ReferenceListSchema.optional(),
  /** Sets a shipment's customer (`customer_name`), as a tracking request's `customer_name` does. */
  customer_name: z.string().trim().min(1).max(200).optional(),
  /** Custom field values to set. */
  custom_fields: z.array(z.object({ api_slug: z.string(), value: z.string() })).optional(),
});

/** Who updates, and when. */
export interface BulkUpdateAuthor {
  /** The account of the records. */
  readonly accountId: string;
  /** The user updating (`updated_by_user_id` of custom fields). */
  readonly userId: string;
  /** The write's time. */
  readonly now: string;
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((value, i) => value === b[i]);

/**
 * Applies one update row through `tx`: finds the record by id or number (a 422 `not_found` on that
 * column when there is none, or several with the number), replaces its lists and a shipment's customer where they differ
 * (recording the change history as a user's edit) and sets its custom field values. Returns the
 * record's id and whether anything changed; throws the row's errors.
 */
export async function updateRecord(tx: StorageRepositories, author: BulkUpdateAuthor, target: BulkUpdateTarget, input: Readonly<Record<string, unknown>>): Promise<{ id: string; changed: boolean }> {
  const row = parseInput(UpdateRowSchema, input);
  const { accountId, now } = author;
  const repos = recordingChanges(tx, { source: "user", learnedAt: now });
  const record = await find(repos, accountId, target, row);
  let changed = false;
  const attributes: Partial<Pick<Shipment, "ref_numbers" | "tags" | "customer_name">> = {};
  if (row.ref_numbers && !sameList(row.ref_numbers, record.ref_numbers)) attributes.ref_numbers = row.ref_numbers;
  if (target === "shipment" && row.tags && !sameList(row.tags, (record as Shipment).tags)) attributes.tags = row.tags;
  if (target === "shipment" && row.customer_name !== undefined && row.customer_name !== (record as Shipment).customer_name) attributes.customer_name = row.customer_name;
  if (Object.keys(attributes).length > 0) {
    changed = true;
    if (target === "shipment") await repos.shipments.update({ ...(record as Shipment), ...attributes, updated_at: now });
    else await repos.containers.update({ ...(record as Container), ...attributes, updated_at: now });
  }
  for (const [i, { api_slug, value }] of (row.custom_fields ?? []).entries()) {
    try {
      const written = await upsertCustomFieldValue(tx, author, { type: target, id: record.id }, api_slug, value, { skipUnchanged: true });
      changed ||= written.changed;
    } catch (error) {
      if (!(error instanceof BollardError)) throw error;
      const issues = error instanceof ValidationError ? error.issues : [error];
      throw new ValidationError(issues.map((issue) => new BollardError(issue.code, issue.detail, { path: ["custom_fields", i, ...(issue.path ?? [])] })));
    }
  }
  return { id: record.id, changed };
}

/** The row's record: by id, else by its number (exactly one must have it). */
async function find(repos: StorageRepositories, accountId: string, target: BulkUpdateTarget, row: z.output<typeof UpdateRowSchema>): Promise<Shipment | Container> {
  const noun = target === "shipment" ? "shipment" : "container";
  if (row.id !== undefined) {
    const found = !UuidSchema.safeParse(row.id).success ? null : target === "shipment" ? await repos.shipments.get(accountId, row.id) : await repos.containers.get(accountId, row.id);
    if (!found) throw new BollardError("not_found", `There is no ${noun} ${row.id}`, { path: ["id"] });
    return found;
  }
  const number = row.number ?? "";
  const page = { number: 1, size: 2 };
  const found = target === "shipment" ? (await repos.shipments.list(accountId, { page, number })).items : (await repos.containers.list(accountId, { page, number })).items;
  if (found.length === 0) throw new BollardError("not_found", `There is no ${noun} numbered ${number}`, { path: ["number"] });
  if (found.length > 1) throw new BollardError("invalid", `Several ${noun}s are numbered ${number}: name the one to update by its id`, { path: ["number"] });
  return found[0]!;
}
