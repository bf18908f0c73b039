import { CliError, usageError } from "./cli-error.js";
import type { CliIo } from "./cli-io.js";
import type { CommandSpec } from "./command-spec.js";
import { COMMANDS } from "./commands.js";
import { suggestion } from "./did-you-mean.js";
import { commandHelp, overallHelp } from "./help-text.js";
import { parseOptions } from "./parse-options.js";
import { VERSION } from "./version.js";

const processIo: CliIo = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  ...(process.stderr.isTTY && { progress: (chunk: string) => void process.stderr.write(chunk) }),
  bytes: (chunk) => new Promise<void>((resolve, reject) => void process.stdout.write(chunk, (error) => (error ? reject(error) : resolve()))),
  env: process.env,
};

/** The command an argument list names, and the arguments left for its options. */
function findCommand(argv: readonly string[]): { spec: CommandSpec; rest: readonly string[] } {
  const [first = "", second] = argv;
  const group = COMMANDS.filter((spec) => spec.path[0] === first);
  if (group.length === 0) {
    const words = [...new Set(COMMANDS.map((spec) => spec.path[0]!))];
    throw usageError(`"${first.slice(0, 40)}" is not a bollard command.${suggestion(first, words, (w) => `"${w}"`)} Commands: ${words.join(", ")} (bollard --help)`);
  }
  const single = group.find((spec) => spec.path.length === 1);
  if (single) return { spec: single, rest: argv.slice(1) };
  const spec = group.find((candidate) => candidate.path[1] === second);
  if (spec) return { spec, rest: argv.slice(2) };
  const subcommands = group.map((candidate) => candidate.path[1]!);
  const known = `bollard ${first} takes a subcommand: ${subcommands.map((s) => `${first} ${s}`).join(", ")}.`;
  if (second === undefined || second.startsWith("-")) throw usageError(known);
  throw usageError(`${known} "${second.slice(0, 40)}" is not one.${suggestion(second, subcommands, (s) => `"${s}"`)}`);
}

/**
 * Runs the `bollard` command with its arguments and resolves to the exit code: 0 on success, 1
 * when something failed while running, 2 for a bad command line. Errors are one line on stderr.
 */
export async function runCli(argv: readonly string[], io: CliIo = processIo): Promise<number> {
  try {
    const [first] = argv;
    if (first === "--version" || first === "-v" || first === "version") {
      io.out(VERSION);
      return 0;
    }
    if (first === undefined || first === "--help" || first === "-h" || first === "help") {
      const topic = first === "help" && argv.length > 1 ? findCommand(argv.slice(1)).spec : undefined;
      (first === undefined ? io.err : io.out)(topic ? commandHelp(topic) : overallHelp(COMMANDS, VERSION));
      return first === undefined ? 2 : 0;
    }
    const { spec, rest } = findCommand(argv);
    const parsed = parseOptions(spec, rest);
    if (parsed.help) {
      io.out(commandHelp(spec));
      return 0;
    }
    return await spec.run(parsed.options, io);
  } catch (error) {
    io.err(`bollard: ${oneLine(error)}`);
    return error instanceof CliError ? error.exitCode : 1;
  }
}

function oneLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split("\n")[0] ?? "unknown error";
}
