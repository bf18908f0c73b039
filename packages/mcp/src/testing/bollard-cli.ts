import { fileURLToPath } from "node:url";

/** The repository root: where the CLI runs from source. */
export const REPOSITORY_ROOT = fileURLToPath(new URL("../../../../", import.meta.url));

const BIN = fileURLToPath(new URL("../../../cli/src/bin.ts", import.meta.url));

/** The command and arguments that run `bollard <args>` from source, as `pnpm bollard` does (run it in {@link REPOSITORY_ROOT}). */
export function bollardCommand(args: readonly string[]): { command: string; args: string[] } {
  return { command: process.execPath, args: ["--conditions=bollard-source", "--import", "tsx", BIN, ...args] };
}
