/** The longest `validation.pattern` source accepted. */
export const PATTERN_MAX_LENGTH = 200;

/** The longest value matched against a pattern; longer values are refused before matching. */
export const PATTERN_INPUT_MAX_LENGTH = 256;

/** How many wide quantifiers (`*`, `+`, `{n,}`, `{n,m}` with m − n > 1) a pattern may use. */
export const MAX_WIDE_QUANTIFIERS = 3;

/** How many variable quantifiers of any width (including `?`) a pattern may use. */
export const MAX_VARIABLE_QUANTIFIERS = 6;

interface Group {
  /** A variable quantifier appears inside (at any depth). */
  quantified: boolean;
  /** An alternation appears inside (at any depth). */
  alternated: boolean;
}

type Atom = { kind: "plain" } | { kind: "group"; inner: Group } | { kind: "none" };

function skipClass(source: string, start: number): number {
  let i = start + 1;
  // In JavaScript `[]` is an empty class and `[^]` any character: `]` right after `[` closes it.
  if (source[i] === "^") i += 1;
  while (i < source.length && source[i] !== "]") i += source[i] === "\\" ? 2 : 1;
  return i + 1;
}

function quantifierAt(source: string, i: number): { min: number; max: number; length: number } | null {
  const c = source[i];
  if (c === "*") return { min: 0, max: Infinity, length: 1 };
  if (c === "+") return { min: 1, max: Infinity, length: 1 };
  if (c === "?") return { min: 0, max: 1, length: 1 };
  const braces = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(i));
  if (!braces) return null;
  const min = Number(braces[1]);
  const max = braces[2] === undefined ? min : braces[3] === "" ? Infinity : Number(braces[3]);
  return { min, max, length: braces[0].length };
}

/**
 * Why a `validation.pattern` could backtrack catastrophically, or null when it is safe to run.
 *
 * Patterns are JavaScript regular expressions (compiled with the `u` flag) and must match the
 * whole value. To keep matching time bounded on the (at most {@link PATTERN_INPUT_MAX_LENGTH}
 * characters long) values they are run on, a pattern is refused when it
 * - is longer than {@link PATTERN_MAX_LENGTH} or does not compile;
 * - uses a backreference (`\1`, `\k<name>`), whose matching is not polynomial;
 * - repeats a group that itself contains a variable quantifier or an alternation (`(a+)+`,
 *   `(a|ab)*`, `(\d?)+`, `(a+){4}`), the shapes behind exponential backtracking;
 * - uses more than {@link MAX_WIDE_QUANTIFIERS} wide or {@link MAX_VARIABLE_QUANTIFIERS} variable
 *   quantifiers, which bounds the polynomial blow-up of adjacent overlapping ones (`\d*\d*\d*x`).
 * The rules are conservative: some safe patterns are refused too.
 */
export function unsafePatternReason(source: string): string | null {
  if (source.length > PATTERN_MAX_LENGTH) return `is longer than ${PATTERN_MAX_LENGTH} characters`;
  try {
    new RegExp(source, "u");
  } catch {
    return "is not a valid regular expression";
  }
  const stack: Group[] = [{ quantified: false, alternated: false }];
  let last: Atom = { kind: "none" };
  let wide = 0;
  let variable = 0;
  let i = 0;
  while (i < source.length) {
    const c = source[i]!;
    const top = stack.at(-1)!;
    if (c === "\\") {
      const next = source[i + 1] ?? "";
      if (/[1-9]/.test(next) || next === "k") return "uses a backreference";
      // \p{…}, \u{…}: skip the braces so their contents are not read as quantifiers.
      const close = /[pPu]/.test(next) && source[i + 2] === "{" ? source.indexOf("}", i) : -1;
      i = close >= 0 ? close + 1 : i + 2;
      last = { kind: "plain" };
      continue;
    }
    if (c === "[") {
      i = skipClass(source, i);
      last = { kind: "plain" };
      continue;
    }
    if (c === "(") {
      stack.push({ quantified: false, alternated: false });
      const prefix = /^\(\?(?::|=|!|<=|<!|<[A-Za-z_$][\w$]*>)/.exec(source.slice(i));
      i += prefix ? prefix[0].length : 1;
      last = { kind: "none" };
      continue;
    }
    if (c === ")") {
      const inner = stack.pop()!;
      const parent = stack.at(-1)!;
      parent.quantified ||= inner.quantified;
      parent.alternated ||= inner.alternated;
      last = { kind: "group", inner };
      i += 1;
      continue;
    }
    if (c === "|") {
      top.alternated = true;
      last = { kind: "none" };
      i += 1;
      continue;
    }
    const quantifier = quantifierAt(source, i);
    if (quantifier) {
      const repeats = quantifier.max > 1;
      if (repeats && last.kind === "group" && (last.inner.quantified || last.inner.alternated)) {
        return "repeats a group that contains a quantifier or an alternation (nested quantifiers)";
      }
      if (quantifier.max > quantifier.min) variable += 1;
      if (quantifier.max - quantifier.min > 1) wide += 1;
      // Fixed counts (`b{3}`) cannot backtrack, so only variable quantifiers make a group risky to repeat.
      if (quantifier.max > quantifier.min) top.quantified = true;
      i += quantifier.length + (source[i + quantifier.length] === "?" ? 1 : 0);
      last = { kind: "none" };
      continue;
    }
    last = { kind: "plain" };
    i += 1;
  }
  if (wide > MAX_WIDE_QUANTIFIERS) return `uses more than ${MAX_WIDE_QUANTIFIERS} open-ended quantifiers (*, +, {n,m})`;
  if (variable > MAX_VARIABLE_QUANTIFIERS) return `uses more than ${MAX_VARIABLE_QUANTIFIERS} optional or repeated parts`;
  return null;
}

/** Compiles a pattern that passed {@link unsafePatternReason} for whole-value matching. */
export function compilePattern(source: string): RegExp {
  return new RegExp(`^(?:${source})$`, "u");
}
