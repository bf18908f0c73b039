// The CLI's output channels, shared by `runCli` and every command it runs (its own module, so the
// commands never import the file that imports them).

/** Where the CLI writes: stdout for results (API keys), stderr for messages and logs. */
export interface CliIo {
  /** Writes one line of output (stdout). */
  out(line: string): void;
  /** Writes one line of diagnostics (stderr). */
  err(line: string): void;
  /** Raw writes to a terminal on stderr, for progress bars drawn in place; absent when stderr is not a terminal. */
  progress?: (chunk: string) => void;
  /** Writes bytes of a file to stdout, resolving once they are taken (so a slow pipe holds the writer back); absent where stdout takes lines only. */
  bytes?: (chunk: Uint8Array) => Promise<void>;
  /** The environment variables (`BOLLARD_DB`, `PORT`, `HOST`…). */
  env: Record<string, string | undefined>;
}
