/*
 * What a shell block of a guide may run. A reader copies these lines into a terminal on a fresh
 * machine (Node.js 20 with npm, git, curl and a POSIX shell), so:
 *
 * - pnpm is not installed: it comes through `npx --yes pnpm@10 …` (the version the lockfile was
 *   written with; `--yes` so npx does not stop to ask). A bare `pnpm`, `npx pnpm` or another
 *   version is refused, in blocks and in inline code spans alike.
 * - `bollard`, `tsx`, `vitest` and `tsc` are not on the PATH either: `npx --yes pnpm@10 bollard …`
 *   from a clone, `npx bollard …` where `@bollard/cli` is installed.
 * - `curl` reads `[` and `]` in a URL as a glob: a URL with brackets needs `-g` (`--globoff`), or
 *   percent-encoding (`page%5Bsize%5D=2`).
 * - An unquoted `<placeholder>` is a redirection (`KEY=<key> cmd` reads a file named `key`): quote it.
 * - Any other command must be one a fresh machine has ({@link FRESH_MACHINE}), or be named as code
 *   in the guide's prose before the block (`jq`, `sqlite3`, `psql`…), where the guide says what it
 *   is for and how to get it.
 *
 * The scanner reads quotes, `\` line continuations, comments, `$( )`, pipes, `&&`, `;` and
 * redirections; it does not read here-documents (no guide has one).
 */

/** Commands a fresh machine has: POSIX shell builtins and utilities, and Node.js, npm, npx, git, curl. */
export const FRESH_MACHINE = new Set([
  ...["node", "npm", "npx", "git", "curl"],
  ...["cd", "echo", "printf", "export", "set", "unset", "source", ".", "test", "[", "true", "false", "read", "exit", "wait", "kill", "trap", "sleep", "command"],
  ...["cat", "cp", "mv", "rm", "mkdir", "ls", "head", "tail", "grep", "sed", "awk", "sort", "uniq", "wc", "tee", "tr", "cut", "xargs", "date", "touch", "chmod", "pwd", "dirname", "basename", "find", "tar", "gzip", "nohup"],
]);

/** Commands that are never on the PATH, with what to write instead. */
export const NEVER_BARE: Record<string, string> = {
  pnpm: "npx --yes pnpm@10 …",
  bollard: "npx --yes pnpm@10 bollard … (from a clone) or npx bollard … (with @bollard/cli installed)",
  tsx: "npx tsx …",
  vitest: "npx --yes pnpm@10 exec vitest …",
  tsc: "npx --yes pnpm@10 exec tsc …",
};

/** Words that stand before a command without being one. */
const KEYWORDS = new Set(["if", "then", "else", "elif", "fi", "do", "done", "while", "until", "!", "{", "}", "time", "case", "esac"]);
/** Commands that run the next word as a command. */
const WRAPPERS = new Set(["env", "exec", "nohup", "sudo", "command"]);

interface Frame {
  quote: "" | "'" | '"';
  words: string[];
  word: string | null;
  /** The next word is a redirection's target, not an argument. */
  redirectTarget: boolean;
}

/** The simple commands of a script (each a list of words, quotes removed), and its unquoted placeholders. */
export function shellCommands(script: string): { commands: string[][]; placeholders: string[] } {
  const text = script.replace(/\\\r?\n/g, " ");
  const commands: string[][] = [];
  const placeholders: string[] = [];
  const frame = (): Frame => ({ quote: "", words: [], word: null, redirectTarget: false });
  const stack: Frame[] = [];
  let f = frame();
  const endWord = () => {
    if (f.word === null) return;
    if (f.redirectTarget) f.redirectTarget = false;
    else f.words.push(f.word);
    f.word = null;
  };
  const endCommand = () => {
    endWord();
    if (f.words.length > 0) commands.push(f.words);
    f.words = [];
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (f.quote === "'") {
      if (c === "'") f.quote = "";
      else f.word += c;
      continue;
    }
    if (c === "\\") {
      f.word = (f.word ?? "") + (text[i + 1] ?? "");
      i++;
      continue;
    }
    if (c === "$" && text[i + 1] === "(") {
      // A command substitution, in or out of double quotes: its commands are commands too.
      f.word = (f.word ?? "") + "$(…)";
      stack.push(f);
      f = frame();
      i++;
      continue;
    }
    if (f.quote === '"') {
      if (c === '"') f.quote = "";
      else f.word += c;
      continue;
    }
    if (c === "'" || c === '"') {
      f.quote = c;
      f.word ??= "";
    } else if (c === "#" && f.word === null) {
      while (i + 1 < text.length && text[i + 1] !== "\n") i++;
    } else if (c === ")" && stack.length > 0) {
      endCommand();
      f = stack.pop()!;
    } else if (c === "<" || c === ">") {
      const placeholder = /^<([A-Za-z][\w .-]*)>/.exec(text.slice(i));
      if (c === "<" && placeholder && text[i - 1] !== "<") placeholders.push(placeholder[0]);
      if (f.word !== null && /^\d+$/.test(f.word)) f.word = null; // the 2 of 2>&1
      endWord();
      while (text[i + 1] === ">" || text[i + 1] === "<" || text[i + 1] === "&") i++;
      f.redirectTarget = true;
    } else if (c === " " || c === "\t") {
      endWord();
    } else if ("\n;&|(".includes(c) || c === ")") {
      endCommand();
    } else {
      f.word = (f.word ?? "") + c;
    }
  }
  endCommand();
  while (stack.length > 0) {
    f = stack.pop()!;
    endCommand();
  }
  return { commands, placeholders };
}

/** A simple command's words from the command itself on: assignments, keywords and wrappers dropped. */
export function commandPart(words: string[]): string[] {
  let i = 0;
  while (i < words.length) {
    const word = words[i]!;
    if (word === "for" || word === "case") return []; // `for x in …`: a loop header, no command
    if (KEYWORDS.has(word) || /^[A-Za-z_][A-Za-z0-9_]*=/.test(word) || (WRAPPERS.has(word) && i + 1 < words.length)) i++;
    else break;
  }
  return words.slice(i);
}

/** Problems with how one command runs pnpm (bare, or through npx without `--yes` and version 10). */
function pnpmProblems(command: string[]): string[] {
  const [name, ...args] = command;
  if (name === "pnpm") return [`bare \`pnpm\` in \`${command.join(" ")}\`: write ${NEVER_BARE.pnpm}`];
  if (name !== "npx") return [];
  const at = args.findIndex((word) => /^pnpm(@|$)/.test(word));
  if (at < 0) return [];
  const options = args.slice(0, at);
  if (args[at] !== "pnpm@10" || !(options.includes("--yes") || options.includes("-y"))) return [`\`${command.join(" ")}\`: pnpm comes through \`npx --yes pnpm@10\``];
  return [];
}

/** curl options followed by a value (`--url`'s value is a URL all the same). */
const CURL_VALUED = new Set(["-H", "--header", "-d", "--data", "--data-raw", "--data-binary", "--data-urlencode", "--json", "-X", "--request", "-o", "--output", "-u", "--user", "-A", "--user-agent", "-e", "--referer", "-F", "--form", "-w", "--write-out", "-m", "--max-time", "--retry", "--connect-timeout", "-T", "--upload-file", "-b", "--cookie", "-c", "--cookie-jar", "--url"]);

/** A URL curl would glob: brackets after the host (an IPv6 host's own brackets aside). */
function globbedUrl(word: string): boolean {
  if (!/:\/\/|^(localhost|127\.|\$\{?\w+\}?\/)/.test(word)) return false;
  return /[[\]]/.test(word.replace(/^(\w+:\/\/)?\[[0-9a-fA-F:.]+\]/, ""));
}

/** Problems with a curl command: a bracketed URL without `-g`. */
function curlProblems(command: string[]): string[] {
  if (command[0] !== "curl") return [];
  const args = command.slice(1);
  const globoff = args.some((word) => word === "--globoff" || /^-[a-zA-Z]*g[a-zA-Z]*$/.test(word));
  if (globoff) return [];
  // The URLs: arguments that are not options nor an option's value (a header, a body, a file).
  const urls = args.filter((word, i) => !word.startsWith("-") && (!CURL_VALUED.has(args[i - 1] ?? "") || args[i - 1] === "--url"));
  return urls.filter(globbedUrl).map((url) => `curl globs the brackets in ${url}: add -g (or write %5B %5D)`);
}

/**
 * Problems with a shell block. `named` holds the code spans of the guide's prose before the block:
 * a command outside {@link FRESH_MACHINE} is allowed when the guide named it there.
 */
export function shellBlockProblems(script: string, named: ReadonlySet<string>): string[] {
  const { commands, placeholders } = shellCommands(script);
  const problems = placeholders.map((placeholder) => `unquoted ${placeholder} is a redirection: quote it`);
  for (const words of commands) {
    const command = commandPart(words);
    const name = command[0];
    if (name === undefined) continue;
    problems.push(...pnpmProblems(command), ...curlProblems(command));
    if (name === "pnpm") continue;
    if (name in NEVER_BARE) problems.push(`\`${name}\` is not on a fresh machine's PATH: write ${NEVER_BARE[name]}`);
    else if (!FRESH_MACHINE.has(name) && !name.startsWith("$") && !name.startsWith("./") && !named.has(name)) {
      problems.push(`\`${name}\` is not on a fresh machine: name it as code (\`${name}\`) in the guide's text before this block, saying what it is and how to get it`);
    }
  }
  return problems;
}

/** Problems with an inline code span read as a command: bare pnpm, npx pnpm without `--yes pnpm@10`, curl globs. */
export function codeSpanProblems(text: string): string[] {
  const { commands } = shellCommands(text);
  const problems: string[] = [];
  for (const words of commands) {
    const command = commandPart(words);
    // A lone `pnpm` names the tool; `pnpm something` is a command a reader would type.
    if (command[0] === "pnpm" && command.length < 2) continue;
    problems.push(...pnpmProblems(command), ...curlProblems(command));
  }
  return problems;
}
