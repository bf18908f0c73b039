import { z } from "zod";
import { ContainerStatusSchema, type ContainerStatus } from "../domain/index.js";

/*
 * `filter[current_status]` as the hosted service reads it (its list filter reference, 2026): a
 * status, optionally after `=`; comma-separated statuses mean any of them; an array (repeated
 * `filter[current_status][]`) means all of its items must hold; `@exists` and `@not_exists` test
 * presence. A status outside the published enum matches nothing rather than failing, as there.
 */

/** One value of the filter: `on_ship`, `=on_ship`, `grounded,available`, `@exists` or `@not_exists`. */
const FilterValueSchema = z.string().max(500);

/**
 * The container status filter of {@link ContainerService.list}: a value (`"on_ship"`, `"=on_ship"`,
 * `"grounded,available"` for either, `"@exists"`, `"@not_exists"`), or an array of values that must all hold.
 */
export const ContainerStatusFilterSchema = z.union([FilterValueSchema, z.array(FilterValueSchema).max(20)]);

/** What {@link ContainerStatusFilterSchema} accepts. */
export type ContainerStatusFilter = z.input<typeof ContainerStatusFilterSchema>;

const KNOWN = new Set<string>(ContainerStatusSchema.options);

/** The statuses one value allows: every one for `@exists`, none for `@not_exists` (every container has a status). */
function allowedBy(value: string): Set<ContainerStatus> {
  const text = value.trim();
  if (text === "@exists") return new Set(ContainerStatusSchema.options);
  if (text === "@not_exists") return new Set();
  const statuses = (text.startsWith("=") ? text.slice(1) : text).split(",").map((status) => status.trim());
  return new Set(statuses.filter((status): status is ContainerStatus => KNOWN.has(status)));
}

/**
 * The statuses a container may have to pass the filter, in the enum's order: what the storage
 * query's `currentStatus` takes (an empty list matches no container).
 */
export function containerStatusesOf(filter: ContainerStatusFilter): ContainerStatus[] {
  const values = typeof filter === "string" ? [filter] : filter;
  let allowed = new Set<ContainerStatus>(ContainerStatusSchema.options);
  for (const value of values) {
    const these = allowedBy(value);
    allowed = new Set([...allowed].filter((status) => these.has(status)));
  }
  return ContainerStatusSchema.options.filter((status) => allowed.has(status));
}
