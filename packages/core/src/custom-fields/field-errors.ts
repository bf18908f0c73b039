import { BollardError, ValidationError, type ErrorCode, type FieldPath } from "../errors/index.js";

/** Where a custom field value sits in a write's input; every value rejection points here (or below). */
export const VALUE_PATH: FieldPath = ["value"];

/** A 422 on a value (or on `path`, e.g. a definition's `default_value`) with a stable code. */
export function valueError(code: ErrorCode, detail: string, path: FieldPath = VALUE_PATH): ValidationError {
  return new ValidationError([new BollardError(code, detail, { path })]);
}

/**
 * Names user input in a detail message: strings quoted and cut short, so a huge input cannot
 * bloat the error body; arrays and objects only by kind, so a deeply nested one is never walked.
 */
export function quote(value: unknown): string {
  if (Array.isArray(value)) return "an array";
  if (typeof value === "object" && value !== null) return "an object";
  if (typeof value !== "string") return String(value);
  return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
}

/** Collects issues so a request can report every problem at once, then throws them together. */
export class IssueList {
  readonly issues: BollardError[] = [];

  /** Records one issue. */
  add(code: ErrorCode, detail: string, path: FieldPath): void {
    this.issues.push(new BollardError(code, detail, { path }));
  }

  /** Runs `check` and records the issues of a {@link ValidationError} it throws (rethrowing anything else). */
  collect<T>(check: () => T): T | undefined {
    try {
      return check();
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      this.issues.push(...error.issues);
      return undefined;
    }
  }

  /** Throws a {@link ValidationError} of every recorded issue, if there is any. */
  throwIfAny(): void {
    if (this.issues.length > 0) throw new ValidationError(this.issues);
  }
}
