/*
 * A strict reader of the Prometheus text exposition format (version 0.0.4), for tests: every line
 * must be a HELP, a TYPE or a sample of a declared family, or the read fails.
 */

/** One sample: the series name (with any _bucket/_sum/_count suffix), its labels and value. */
export interface PrometheusSample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** A scrape: the families' types by name, and every sample. */
export interface PrometheusScrape {
  types: Map<string, string>;
  samples: PrometheusSample[];
}

const NAME = "[a-zA-Z_:][a-zA-Z0-9_:]*";
const SAMPLE = new RegExp(`^(${NAME})(?:\\{(.*)\\})? (\\S+)(?: -?\\d+)?$`);
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\[\\"n])*)",?/y;
const SUFFIXES: Record<string, readonly string[]> = { histogram: ["_bucket", "_sum", "_count"], summary: ["_sum", "_count"] };

/** Reads a scrape, failing on any line outside the format. */
export function readPrometheusText(text: string): PrometheusScrape {
  const types = new Map<string, string>();
  const samples: PrometheusSample[] = [];
  for (const line of text.split("\n")) {
    if (line === "") continue;
    const comment = /^# (HELP|TYPE) (\S+) (.*)$/.exec(line);
    if (comment) {
      if (comment[1] === "TYPE") {
        if (!/^(counter|gauge|histogram|summary|untyped)$/.test(comment[3]!)) throw new Error(`Unknown metric type: ${line}`);
        types.set(comment[2]!, comment[3]!);
      }
      continue;
    }
    const match = SAMPLE.exec(line);
    if (!match) throw new Error(`Not a sample line: ${line}`);
    const [, name, labelText = "", valueText] = match;
    const family = familyOf(name!, types);
    if (family === undefined) throw new Error(`A sample of no declared family: ${line}`);
    const labels: Record<string, string> = {};
    LABEL.lastIndex = 0;
    while (LABEL.lastIndex < labelText.length) {
      const label = LABEL.exec(labelText);
      if (!label) throw new Error(`Bad labels: ${line}`);
      labels[label[1]!] = label[2]!.replace(/\\(.)/g, (_, c: string) => (c === "n" ? "\n" : c));
    }
    const value = valueText === "+Inf" ? Infinity : valueText === "-Inf" ? -Infinity : Number(valueText);
    if (Number.isNaN(value) && valueText !== "NaN") throw new Error(`Bad value: ${line}`);
    samples.push({ name: name!, labels, value });
  }
  return { types, samples };
}

function familyOf(name: string, types: Map<string, string>): string | undefined {
  if (types.has(name)) return name;
  for (const [family, type] of types) if ((SUFFIXES[type] ?? []).some((suffix) => name === family + suffix)) return family;
  return undefined;
}

/** The sum of the samples named `name` whose labels include `labels` (0 when there is none). */
export function sampleValue(scrape: PrometheusScrape, name: string, labels: Record<string, string> = {}): number {
  return scrape.samples
    .filter((sample) => sample.name === name && Object.entries(labels).every(([label, value]) => sample.labels[label] === value))
    .reduce((sum, sample) => sum + sample.value, 0);
}
