import type { CommandSpec } from "./command-spec.js";

/** The `--help` text of one command: usage, what it does, and every option with its default and variable. */
export function commandHelp(spec: CommandSpec): string {
  const usage = `Usage: bollard ${spec.path.join(" ")}${spec.options.length > 0 ? " [options]" : ""}${spec.argument ? ` ${spec.argument.value}` : ""}`;
  const lines = [usage, "", spec.summary];
  if (spec.details) lines.push("", spec.details);
  if (spec.argument) lines.push("", "Arguments:", `  ${spec.argument.value}  ${spec.argument.description}`);
  if (spec.options.length > 0) {
    lines.push("", "Options:");
    const flags = spec.options.map((option) => {
      const short = option.short ? `-${option.short}, ` : "    ";
      return `${short}--${option.name}${option.value ? ` ${option.value}` : ""}`;
    });
    const width = Math.max(...flags.map((flag) => flag.length));
    spec.options.forEach((option, i) => {
      const notes = [option.repeatable && "repeatable", option.defaultText && `default ${option.defaultText}`, option.env && `env ${option.env}`].filter(Boolean).join("; ");
      lines.push(`  ${flags[i]!.padEnd(width)}  ${option.description}${notes ? ` (${notes})` : ""}`);
    });
    lines.push(`      ${"--help".padEnd(width - 4)}  Show this help`);
  }
  return lines.join("\n");
}

/** The top-level help: every command with its summary. */
export function overallHelp(specs: readonly CommandSpec[], version: string): string {
  const names = specs.map((spec) => spec.path.join(" "));
  const width = Math.max(...names.map((name) => name.length));
  return [
    `bollard ${version}: container and shipment tracking, served over a Terminal49-style /v2 API`,
    "",
    "Usage: bollard <command> [options]",
    "",
    "Commands:",
    ...specs.map((spec, i) => `  ${names[i]!.padEnd(width)}  ${spec.summary}`),
    "",
    "Run bollard <command> --help for a command's options. bollard --version prints the version.",
    "Exit codes: 0 success, 1 failure while running, 2 bad command line.",
  ].join("\n");
}
