import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import MarkdownIt from "markdown-it";

/** The repository root. */
export const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** A fenced block of a guide: its language (the info string's first word) and the flags after it. */
export interface DocBlock {
  /** The guide, relative to the repository root. */
  file: string;
  /** 1-based line of the opening fence. */
  line: number;
  /** `sh`, `ts`, `json`… or "" for a fence without an info string. */
  lang: string;
  /** The info string's other words: `runnable`, `output`, `fragment`. */
  flags: Set<string>;
  content: string;
}

/** An inline code span of a guide's prose (tables and lists included). */
export interface DocCodeSpan {
  file: string;
  /** 1-based first line of the paragraph, heading or table cell holding it. */
  line: number;
  text: string;
}

/** A guide, cut into its fenced blocks and its inline code spans, in document order. */
export interface DocPage {
  file: string;
  blocks: DocBlock[];
  spans: DocCodeSpan[];
}

/** Every guide the docs test reads: README.md, docs/*.md and examples/*\/README.md. */
export function guideFiles(): string[] {
  const docs = readdirSync(join(ROOT, "docs")).filter((name) => name.endsWith(".md")).map((name) => `docs/${name}`);
  const examples = readdirSync(join(ROOT, "examples"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `examples/${entry.name}/README.md`)
    .filter((file) => existsSync(join(ROOT, file)));
  return ["README.md", ...docs.sort(), ...examples.sort()];
}

const markdown = new MarkdownIt({ html: true });

/** Reads a guide with markdown-it (CommonMark: ``` and ~~~ fences, indented fences in lists). */
export function readGuide(file: string): DocPage {
  return parseGuide(file, readFileSync(join(ROOT, file), "utf8"));
}

/** {@link readGuide} over text already at hand. */
export function parseGuide(file: string, text: string): DocPage {
  const blocks: DocBlock[] = [];
  const spans: DocCodeSpan[] = [];
  // Inline tokens inside table cells carry no line map: they take the line of the row around them.
  let line = 1;
  for (const token of markdown.parse(text, {})) {
    if (token.map) line = token.map[0] + 1;
    if (token.type === "fence") {
      const [lang = "", ...flags] = token.info.trim().split(/\s+/).filter(Boolean);
      blocks.push({ file, line, lang: lang.toLowerCase(), flags: new Set(flags), content: token.content });
    } else if (token.type === "code_block") {
      // An indented code block: no info string, so no language and nothing to check but its text.
      blocks.push({ file, line, lang: "", flags: new Set(), content: token.content });
    } else if (token.type === "inline") {
      for (const child of token.children ?? []) if (child.type === "code_inline") spans.push({ file, line, text: child.content });
    }
  }
  return { file, blocks, spans };
}

/** Shell languages: their blocks are checked as commands a reader types. */
export const SHELL_LANGS = new Set(["sh", "bash", "shell", "console", "zsh"]);
/** TypeScript languages: their blocks are type-checked. */
export const TS_LANGS = new Set(["ts", "typescript"]);
