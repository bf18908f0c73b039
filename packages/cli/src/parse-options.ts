import { usageError } from "./cli-error.js";
import type { CommandSpec, OptionSpec, ParsedOptions } from "./command-spec.js";
import { suggestion } from "./did-you-mean.js";

/** What the parser found: the options, or a request for help. */
export type ParseResult = { help: true } | { help: false; options: ParsedOptions };

/**
 * Reads a command's arguments: `--name value`, `--name=value`, `-n value`, switches (`--name`,
 * `--no-name`), and `--help`/`-h`. Anything else is a usage error in the user's terms, with a
 * suggestion for a mistyped option.
 */
export function parseOptions(spec: CommandSpec, args: readonly string[]): ParseResult {
  const byName = new Map(spec.options.map((option) => [option.name, option]));
  const byShort = new Map(spec.options.filter((option) => option.short).map((option) => [option.short!, option]));
  const options: ParsedOptions = {};
  const command = `bollard ${spec.path.join(" ")}`;
  const names = spec.options.map((option) => `--${option.name}`);
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "--help" || arg === "-h") return { help: true };
    let option: OptionSpec | undefined;
    let inline: string | undefined;
    let negated = false;
    if (arg.startsWith("--")) {
      const [name = "", value] = splitOnce(arg.slice(2));
      inline = value;
      option = byName.get(name);
      if (!option && name.startsWith("no-")) {
        const positive = byName.get(name.slice(3));
        if (positive?.type === "boolean") [option, negated] = [positive, true];
      }
      if (!option) throw usageError(`${command} has no option --${name}.${suggestion(`--${name}`, names, (n) => n)} (see ${command} --help)`);
    } else if (/^-[A-Za-z]$/.test(arg)) {
      option = byShort.get(arg.slice(1));
      if (!option) throw usageError(`${command} has no option ${arg} (see ${command} --help)`);
    } else if (spec.argument && options[spec.argument.name] === undefined) {
      options[spec.argument.name] = arg;
      continue;
    } else {
      const takes = spec.argument ? `takes one ${spec.argument.value}` : "takes no argument";
      throw usageError(`${command} ${takes}, not also "${arg.slice(0, 60)}"; options start with -- (see ${command} --help)`);
    }
    if (option.type === "boolean") {
      if (inline !== undefined) throw usageError(`--${option.name} is a switch and takes no value`);
      options[option.name] = !negated;
      continue;
    }
    const value = inline ?? args[++i];
    if (value === undefined || (inline === undefined && value.startsWith("--"))) throw usageError(`--${option.name} needs a value${option.value ? ` (${option.value})` : ""}`);
    options[option.name] = option.repeatable ? [...((options[option.name] as readonly string[] | undefined) ?? []), value] : value;
  }
  if (spec.argument && options[spec.argument.name] === undefined) {
    throw usageError(`${command} needs ${spec.argument.value}: ${spec.argument.description} (see ${command} --help)`);
  }
  return { help: false, options };
}

function splitOnce(text: string): [string, string | undefined] {
  const at = text.indexOf("=");
  return at === -1 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)];
}
