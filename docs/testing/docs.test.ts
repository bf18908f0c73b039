import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBollard, type BollardProcess } from "../../packages/cli/src/testing/bollard-process.js";
import { guideFiles, readGuide, ROOT, SHELL_LANGS, TS_LANGS, type DocBlock, type DocPage } from "./doc-blocks.js";
import { FRACTIONAL_TIMESTAMP, missingTools, runGuideBlocks, type LiveServer } from "./live-blocks.js";
import { codeSpanProblems, shellBlockProblems } from "./shell-rules.js";
import { typeCheckBlocks } from "./ts-blocks.js";

/*
 * Docs as tests: every fenced block of README.md, docs/*.md and examples/*\/README.md, read with
 * markdown-it. The info string's first word is the language; the words after it are flags.
 *
 * - ```ts / ```typescript: type-checked with tsc under the repository's strict settings against the
 *   packages' source (ts-blocks.ts). ```ts fragment opts a block out: only for a sketch that is not
 *   TypeScript, or an excerpt of code type-checked elsewhere, with the reason in the guide's text.
 * - ```sh / bash / shell / console (and inline code spans in the prose): only commands a fresh
 *   machine has (shell-rules.ts): no bare `pnpm` (`npx --yes pnpm@10 …`), `-g` on a curl whose URL
 *   has brackets, no unquoted `<placeholder>`, and tools such as `jq` or `sqlite3` only where the
 *   guide names them first.
 * - ```sh runnable: run in order, from the repository root, against a `bollard serve` this test
 *   starts as getting-started.md does (a new SQLite file: the Demo account, its key printed once)
 *   (live-blocks.ts); its banner must be the one the guides show. A ```json output or ```text output
 *   right after it is the sample of its answer: the live answer must have the same shape
 *   (```text output exact: the same lines, for an example's deterministic program).
 * - ```json blocks, and blocks marked `output` but not `output exact`, show what the server sends: JSON
 *   that parses (unless it is a fragment with `…`), timestamps in whole seconds
 *   (`2026-03-01T10:00:00Z`).
 */

const pages: DocPage[] = guideFiles().map(readGuide);
const blocks = pages.flatMap((page) => page.blocks);
const at = (block: DocBlock) => `${block.file}:${block.line}`;

describe("the guides' shell blocks and commands", () => {
  it("use only commands a fresh machine has, no bare pnpm, and -g on bracketed curl URLs", () => {
    const problems: string[] = [];
    for (const page of pages) {
      for (const block of page.blocks) {
        if (!SHELL_LANGS.has(block.lang)) continue;
        // The tools the guide has named (as code) in its text above this block.
        const named = new Set(page.spans.filter((span) => span.line < block.line).map((span) => span.text.trim()));
        const script = block.lang === "console" ? block.content.split("\n").filter((line) => line.startsWith("$ ")).map((line) => line.slice(2)).join("\n") : block.content;
        problems.push(...shellBlockProblems(script, named).map((problem) => `${at(block)}: ${problem}`));
      }
      for (const span of page.spans) problems.push(...codeSpanProblems(span.text).map((problem) => `${span.file}:${span.line}: ${problem}`));
    }
    expect(problems).toEqual([]);
  });

  it("mark runnable only shell blocks, and output only samples", () => {
    const misplaced = blocks.filter((block) => (block.flags.has("runnable") && !SHELL_LANGS.has(block.lang)) || (block.flags.has("fragment") && !TS_LANGS.has(block.lang)));
    expect(misplaced.map(at)).toEqual([]);
  });
});

describe("the guides' sample answers", () => {
  it("are JSON where marked json, with timestamps in whole seconds as the server sends them", () => {
    const problems: string[] = [];
    for (const block of blocks) {
      // An example's program (`output exact`) prints the SDK's own timestamps, in milliseconds.
      if (block.flags.has("exact") || (block.lang !== "json" && !block.flags.has("output"))) continue;
      if (FRACTIONAL_TIMESTAMP.test(block.content)) problems.push(`${at(block)}: a fractional timestamp (${FRACTIONAL_TIMESTAMP.exec(block.content)![0]}): the server sends whole seconds`);
      if (block.lang !== "json" || block.content.includes("…")) continue;
      try {
        JSON.parse(block.content);
      } catch (error) {
        problems.push(`${at(block)}: not JSON: ${(error as Error).message}`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe("the guides' TypeScript blocks", () => {
  it("type-check under --strict against the packages", { timeout: 600_000 }, async () => {
    const typescript = blocks.filter((block) => TS_LANGS.has(block.lang) && !block.flags.has("fragment"));
    expect(typescript.length).toBeGreaterThan(20);
    const { dir, errors } = await typeCheckBlocks(typescript);
    rmSync(dir, { recursive: true, force: true });
    expect(errors).toEqual([]);
  });
});

/** A serve banner with what differs from run to run (key, port, paths, process ids) taken out. */
function bannerShape(text: string): string[] {
  return text
    .split("\n")
    .filter((line) => line.trim() && !line.startsWith("> ")) // pnpm's own lines: the test runs bin.ts directly
    .map((line) =>
      line
        .replace(/^bol_\S+$/, "<key>")
        .replace(/http:\/\/[\w.]+:\d+/g, "<origin>")
        .replace(/database: [^,]+,/, "database: <db>,")
        .replace(/\(\d+\)/g, "(<pid>)")
        .replace(/, clock ×\d+/, ""),
    );
}

describe("the guides' runnable blocks, against a started server", { timeout: 600_000 }, () => {
  let dir = "";
  let bollard: BollardProcess | undefined;
  let server: LiveServer;

  beforeAll(async () => {
    // As getting-started.md starts it: a new database, the demo data, the key printed once.
    dir = mkdtempSync(join(tmpdir(), "bollard-docs-live-"));
    bollard = startBollard(["serve", "--db", join(dir, "bollard.sqlite"), "--port", "0"]);
    const [, origin] = await bollard.waitFor(/listening on (http:\/\/\S+)\/v2/, 300_000);
    const key = bollard.stdout[bollard.stdout.findIndex((line) => line.includes("(shown once)")) + 1]!;
    const answer = await fetch(`${origin}/v2/shipments?include=containers&page%5Bsize%5D=1`, { headers: { Authorization: `Token ${key}` } });
    const document = (await answer.json()) as { data: { id: string; relationships: { containers: { data: { id: string }[] } } }[] };
    const shipment = document.data[0]!;
    const variables = { KEY: key, SHIPMENT: shipment.id, CONTAINER: shipment.relationships.containers.data[0]!.id };
    server = { origin: origin!, key, dir, cwd: ROOT, variables };
  }, 320_000);

  afterAll(async () => {
    if (bollard && bollard.child.exitCode === null) {
      bollard.child.kill("SIGTERM");
      await bollard.exited;
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it("print the serve banner the guides show", async () => {
    await bollard!.waitFor(/^Dashboard: /, 60_000);
    const live = bannerShape(bollard!.stdout.join("\n"));
    const samples = blocks.filter((block) => block.flags.has("output") && block.content.includes("Bollard listening on"));
    expect(samples.length).toBeGreaterThan(0);
    for (const sample of samples) expect(bannerShape(sample.content), at(sample)).toEqual(live);
  });

  const runnable = pages.filter((page) => page.blocks.some((block) => block.flags.has("runnable")));
  it("exist in the README and getting started", () => {
    expect(runnable.map((page) => page.file)).toEqual(expect.arrayContaining(["README.md", "docs/getting-started.md"]));
  });

  it.for(runnable.map((page) => [page.file, page] as const))("%s runs as written", async ([, page], context) => {
    // A tool the guide asks its reader to install (jq): without it the guide cannot run here. Skipped
    // with the reason printed, except in CI, which installs it and must never pass by skipping.
    const missing = await missingTools(page, server);
    if (missing.length > 0) {
      const reason = `${page.file}'s runnable blocks use ${missing.join(", ")}, which this machine lacks (apt-get install ${missing.join(" ")})`;
      if (process.env.CI) throw new Error(`Cannot skip in CI: ${reason}`);
      console.warn(`Skipping: ${reason}`);
      context.skip(reason);
    }
    expect(await runGuideBlocks(page, server)).toEqual([]);
  });
});
