import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { DocBlock, DocPage } from "./doc-blocks.js";
import { commandPart, FRESH_MACHINE, shellCommands } from "./shell-rules.js";

/*
 * Runs a guide's `runnable` shell blocks, in order, from the repository root, against a started
 * `bollard serve`, the way a reader who followed the guide would:
 *
 * - `http://127.0.0.1:8080` and `http://localhost:8080` become the test server's address, and a
 *   `<key>` placeholder its API key;
 * - the blocks start with `KEY`, `SHIPMENT` and `CONTAINER` set (the key, a demo shipment and one of
 *   its containers), as a reader who followed getting-started.md has them, and share the
 *   variables they set, as one terminal does;
 * - a line `NAME=value   # your id` (or `# yours …`, `# one of yours`, `# the new key`) stands for a
 *   value the reader copies from an earlier answer: it gets the value the live run answered where
 *   the guide's sample output showed `value`, or, for `KEY`, the server's key;
 * - a block followed by a sample marked `output` must print the same shape: JSON with the same
 *   keys and the same types at every path (lists compared element by element, a list of several
 *   samples matched in order, one sample for every element; the keys of pagination `links`
 *   depend on the page, so only their values are compared); text with the same number of
 *   tab-separated columns on each line; with `output exact` (an example's program on a manual
 *   clock) the same lines, up to a line `…`, a `…` in a line standing for the rest of it (an id).
 *   Ids, names and dates differ from run to run; a read-only
 *   block whose shape differs is run again for up to a minute, since the server's refresh loop
 *   may not have caught up yet (a `pending` tracking request with no shipment).
 * - A runnable block without a sample must succeed and print no JSON:API `errors`.
 * - Where one run has a time (`…_at`) and the other `null`, both are right: a journey's dates
 *   follow the moment it was tracked.
 *
 * Every server answer, live and sample, must write timestamps as whole seconds, as the server does.
 */

/** A fractional-second timestamp, which the server never sends. */
export const FRACTIONAL_TIMESTAMP = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d+Z/;

/** The test server a guide's blocks run against. */
export interface LiveServer {
  /** Where the blocks run: the root of the clone. */
  cwd: string;
  /** `http://127.0.0.1:PORT`. */
  origin: string;
  key: string;
  /** What the reader has in the shell before the guide's blocks: `KEY`, `SHIPMENT`, `CONTAINER`. */
  variables: Record<string, string>;
  /** A scratch folder for the shell's state. */
  dir: string;
}

const EXAMPLE_VALUE = /^(\s*)([A-Za-z_]\w*)=(\S+)(\s+#\s*(?:your|yours|one of yours|the new key)\b.*)$/;

/** Compares a live JSON answer with the guide's sample; records sample → live string pairs. */
function compareJson(sample: unknown, live: unknown, path: string, problems: string[], learned: Map<string, string>): void {
  const kind = (value: unknown) => (value === null ? "null" : Array.isArray(value) ? "array" : typeof value);
  if (typeof live === "string" && FRACTIONAL_TIMESTAMP.test(live)) problems.push(`${path}: the server sent a fractional timestamp ${live}`);
  // A time (`…_at`) may be null in one run and set in another: a journey's dates follow its start.
  const optionalTime = /_at$/.test(path) && (sample === null || live === null);
  if (kind(sample) !== kind(live)) {
    if (!optionalTime) problems.push(`${path}: the sample has ${JSON.stringify(sample)}, the live run ${JSON.stringify(live)}`);
    return;
  }
  if (typeof sample === "string" && sample !== live) learned.set(sample, live as string);
  if (Array.isArray(sample) && Array.isArray(live) && sample.length > 0) {
    live.forEach((item, i) => compareJson(sample[Math.min(i, sample.length - 1)], item, `${path}[${i}]`, problems, learned));
  } else if (kind(sample) === "object") {
    const sampleKeys = Object.keys(sample as object).sort();
    const liveKeys = Object.keys(live as object).sort();
    if (sampleKeys.join() !== liveKeys.join() && !path.endsWith(".links")) problems.push(`${path}: the sample has keys ${sampleKeys.join(", ")}; the live run ${liveKeys.join(", ")}`);
    for (const key of sampleKeys) {
      if (key in (live as object)) compareJson((sample as Record<string, unknown>)[key], (live as Record<string, unknown>)[key], `${path}.${key}`, problems, learned);
    }
  }
}

/**
 * Compares a deterministic program's output (an example on a manual clock) with its sample, line
 * by line up to a line `…`: equal, but for the rest of a line from a `…` in it (an id).
 */
function compareExact(sample: string, live: string, problems: string[]): void {
  // pnpm's own lines first (`> package@version start …`, then a blank line) are not the program's.
  const liveLines = live.trimEnd().split("\n");
  while (liveLines.length > 0 && (liveLines[0]!.startsWith("> ") || liveLines[0] === "")) liveLines.shift();
  for (const [i, line] of sample.trimEnd().split("\n").entries()) {
    if (line.trim() === "…") return;
    const cut = line.indexOf("…");
    const matches = cut < 0 ? liveLines[i] === line : liveLines[i]?.startsWith(line.slice(0, cut));
    if (!matches) problems.push(`line ${i + 1}: the sample has ${JSON.stringify(line)}, the live run ${JSON.stringify(liveLines[i] ?? null)}`);
  }
}

/** Compares a live text answer (jq -r … @tsv and the like) with the guide's sample, line by line. */
function compareText(sample: string, live: string, problems: string[], learned: Map<string, string>): void {
  const sampleLines = sample.trimEnd().split("\n").filter((line) => line !== "…");
  const liveLines = live.trimEnd().split("\n").filter(Boolean);
  liveLines.forEach((line, i) => {
    const model = sampleLines[Math.min(i, sampleLines.length - 1)] ?? "";
    const [sampleFields, liveFields] = [model.split("\t"), line.split("\t")];
    if (sampleFields.length !== liveFields.length) problems.push(`line ${i + 1}: ${liveFields.length} columns, the sample has ${sampleFields.length}: ${line}`);
    sampleFields.forEach((field, j) => liveFields[j] !== undefined && field !== liveFields[j] && learned.set(field, liveFields[j]!));
    if (FRACTIONAL_TIMESTAMP.test(line)) problems.push(`line ${i + 1}: a fractional timestamp: ${line}`);
  });
}

/** Problems with a live answer against its sample (none when the block has no sample). */
function compareOutput(sample: DocBlock | undefined, live: string, learned: Map<string, string>): string[] {
  const problems: string[] = [];
  if (!sample) {
    if (/"errors"\s*:\s*\[/.test(live)) problems.push(`the answer is an error: ${live.slice(0, 300)}`);
    return problems;
  }
  if (sample.lang === "json") {
    let parsed: unknown;
    try {
      parsed = JSON.parse(live);
    } catch {
      return [`the answer is not JSON: ${live.slice(0, 300)}`];
    }
    compareJson(JSON.parse(sample.content), parsed, "$", problems, learned);
  } else if (sample.flags.has("exact")) {
    compareExact(sample.content, live, problems);
  } else {
    compareText(sample.content, live, problems, learned);
  }
  return problems;
}

/** Runs a script with bash; resolves with its exit code and output. */
function bash(script: string, cwd: string, variables: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn("bash", ["-c", script], { cwd, env: { ...process.env, ...variables }, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

/** The block as the reader runs it against `server`, or a problem when an example value was never answered. */
function asRun(block: DocBlock, server: LiveServer, learned: Map<string, string>): { script: string; problems: string[] } {
  const problems: string[] = [];
  const lines = block.content.split("\n").map((line) => {
    const example = EXAMPLE_VALUE.exec(line);
    if (!example) return line;
    const [, indent, name, value, comment] = example;
    const live = learned.get(value!) ?? (name === "KEY" ? server.key : undefined);
    if (live === undefined) problems.push(`${name}=${value}: no earlier answer had ${value} in the place the guide's sample shows it`);
    return `${indent}${name}=${JSON.stringify(live ?? value)}${comment}`;
  });
  const script = lines
    .join("\n")
    .replaceAll("http://127.0.0.1:8080", server.origin)
    .replaceAll("http://localhost:8080", server.origin)
    .replaceAll("<key>", server.key);
  return { script, problems };
}

/** The tools a guide's runnable blocks use beyond a fresh machine's (jq) that this machine lacks. */
export async function missingTools(page: DocPage, server: LiveServer): Promise<string[]> {
  const tools = new Set(page.blocks.filter((block) => block.flags.has("runnable")).flatMap((block) => shellCommands(block.content).commands.map((words) => commandPart(words)[0] ?? "")));
  const missing: string[] = [];
  for (const tool of [...tools].filter((name) => name && !FRESH_MACHINE.has(name) && /^[\w.-]+$/.test(name))) {
    if ((await bash(`command -v ${tool}`, server.cwd, {})).code !== 0) missing.push(tool);
  }
  return missing;
}

/** Runs a guide's runnable blocks in order against `server`; resolves with what went wrong, by line. */
export async function runGuideBlocks(page: DocPage, server: LiveServer): Promise<string[]> {
  const problems: string[] = [];
  const learned = new Map<string, string>();
  const state = join(server.dir, `${page.file.replace(/[^A-Za-z0-9]+/g, "-")}.state.sh`);
  writeFileSync(state, "");
  for (const [index, block] of page.blocks.entries()) {
    if (!block.flags.has("runnable")) continue;
    const next = page.blocks[index + 1];
    const sample = next?.flags.has("output") ? next : undefined;
    const { script, problems: missing } = asRun(block, server, learned);
    if (missing.length > 0) {
      problems.push(...missing.map((problem) => `${block.file}:${block.line}: ${problem}`));
      continue;
    }
    // The variables the block assigns carry over to the next block, as in one terminal.
    const names = [...new Set([...block.content.matchAll(/^\s*([A-Za-z_]\w*)=/gm)].map((match) => match[1]!))];
    const save = names.length > 0 ? `\ndeclare -p ${names.join(" ")} > ${JSON.stringify(state)}.next && cat ${JSON.stringify(state)}.next >> ${JSON.stringify(state)}` : "";
    // A deterministic program (exact) answers the same the second time: only a server catching up is waited for.
    const readOnly = !/(^|\s)(-X|-d|--data\S*|-F)\s/m.test(block.content) && !sample?.flags.has("exact");
    const deadline = Date.now() + 60_000;
    for (;;) {
      const run = await bash(`set -eo pipefail\nsource ${JSON.stringify(state)}\n${script}${save}`, server.cwd, server.variables);
      const found = run.code === 0 ? compareOutput(sample, run.stdout, learned) : [`exit code ${run.code}: ${run.stderr.slice(-500)}`];
      if (found.length === 0) break;
      if (!readOnly || Date.now() > deadline) {
        problems.push(...found.map((problem) => `${block.file}:${block.line}: ${problem}`));
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }
  return problems;
}
