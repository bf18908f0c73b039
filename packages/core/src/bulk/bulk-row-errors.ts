import type { BulkColumn, BulkRowError } from "../domain/index.js";
import type { BollardError } from "../errors/index.js";
import { updateColumnOf } from "./update-columns.js";

const NUMBER_ATTRIBUTES = ["request_number", "bill_of_lading_number", "booking_number", "container_number"];

/**
 * A row's errors with the columns they are about, from the job's column mapping: what the runner
 * records for a row refused when it is worked (a custom field value that does not type, a SCAC the
 * carrier source stopped supporting). The number's column is the first column holding numbers.
 */
export function errorsOfRow(issues: readonly BollardError[], input: Readonly<Record<string, unknown>>, columns: readonly BulkColumn[]): BulkRowError[] {
  const columnFor = (attribute: string): string | null => {
    const names = attribute === "request_number" ? NUMBER_ATTRIBUTES : [attribute];
    return columns.find((column) => column.attribute !== null && names.includes(column.attribute))?.column ?? null;
  };
  return issues.map((issue) => rowError(issue, updateColumnOf(issue.path ?? [], input, columnFor)));
}

/** One error of a row, about `column`. */
export function rowError(issue: BollardError, column: string | null): BulkRowError {
  const path = issue.path ?? [];
  return { code: issue.code, detail: issue.detail, column, attribute: path.length > 0 ? path.join(".") : null };
}
