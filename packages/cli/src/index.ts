/**
 * `@bollard/cli`: the `bollard` command (serve, keys, demo, migrate-db). Install it for the
 * `bollard` binary; {@link runCli} runs the same command in-process (tests, wrappers).
 * @example
 * ```ts
 * import { runCli } from "@bollard/cli";
 *
 * const out: string[] = [];
 * const code = await runCli(["keys", "create", "--db", "bollard.sqlite", "--account", "Acme"], { out: (line) => out.push(line), err: console.error, env: {} });
 * console.log(code, out[0]); // 0 bol_…
 * ```
 * @packageDocumentation
 */
export { runCli } from "./cli.js";
export { COMMANDS } from "./commands.js";
export type { CommandSpec, OptionSpec, ParsedOptions } from "./command-spec.js";
export type { CliIo } from "./cli-io.js";
