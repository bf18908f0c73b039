import type { CliIo } from "./cli-io.js";

/** One option of a command, as `--help` shows it and the parser reads it. */
export interface OptionSpec {
  /** The long name without dashes, e.g. `port` for `--port`. */
  name: string;
  /** A one-letter short form, e.g. `p` for `-p`. */
  short?: string;
  /** `string` takes a value; `boolean` is a switch (`--name`, and `--no-name` when it defaults to on). */
  type: "string" | "boolean";
  /** What the value looks like in help, e.g. `PATH`. */
  value?: string;
  /** The default, as help shows it. */
  defaultText?: string;
  /** The environment variable that stands in for the option when it is not given. */
  env?: string;
  /** What the option does, in one line. */
  description: string;
  /** A `string` option that may be given more than once: its values are kept in order, as an array. */
  repeatable?: boolean;
}

/** Parsed options: string values (an array of them for a repeatable option), `true`/`false` for switches; absent options are missing. */
export type ParsedOptions = Record<string, string | boolean | readonly string[] | undefined>;

/** One command of `bollard`: what `--help` shows, and what runs. */
export interface CommandSpec {
  /** The command's words, e.g. `["keys", "create"]`. */
  path: readonly string[];
  /** One line for the command list. */
  summary: string;
  /** Longer help: what it does, what it prints, its exit codes. */
  details?: string;
  /** The options it takes. */
  options: readonly OptionSpec[];
  /** The one argument it takes that is not an option (e.g. a key's id), kept in the parsed options under `name`; required when given. */
  argument?: {
    /** Where the parsed options keep it. */
    name: string;
    /** What it looks like in help, e.g. `ID`. */
    value: string;
    /** What it is, in one line. */
    description: string;
  };
  /** Runs the command; resolves to the exit code. */
  run(options: ParsedOptions, io: CliIo): Promise<number>;
}
