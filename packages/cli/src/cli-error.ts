/**
 * An error the CLI reports as one line on stderr. A usage error (bad arguments: exit code 2) is
 * the caller's to fix in the command line; any other (exit code 1) happened while running.
 */
export class CliError extends Error {
  override readonly name = "CliError";
  /** The exit code: 2 for a usage error, 1 otherwise. */
  readonly exitCode: 1 | 2;

  /**
   * @param message - One line in the user's terms.
   * @param kind - `usage` for a bad command line (exit 2), `runtime` otherwise (exit 1).
   */
  constructor(message: string, kind: "usage" | "runtime" = "runtime") {
    super(message);
    this.exitCode = kind === "usage" ? 2 : 1;
  }
}

/** A usage error: the command line is wrong (exit code 2). */
export function usageError(message: string): CliError {
  return new CliError(message, "usage");
}
