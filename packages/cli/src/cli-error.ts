/** An error the CLI reports as one line on stderr before exiting with status 1. */
export class CliError extends Error {
  override readonly name = "CliError";
}
