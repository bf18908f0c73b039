/** The upper bounds, in seconds, of the request latency histogram's buckets. */
export const LATENCY_BUCKETS: readonly number[] = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

/**
 * The requests of one route pattern, method, status and cache outcome: how many, and how long they
 * took. Plain data, so an API process can send it to its primary.
 */
export interface TallyRow {
  route: string;
  method: string;
  status: string;
  /** Whether the response cache answered them. */
  hit: boolean;
  count: number;
  /** How many of them had a duration (a log entry without `ms` is counted, not timed). */
  timed: number;
  /** Their durations' sum, in seconds. */
  seconds: number;
  /** How many durations fell in each bucket of {@link LATENCY_BUCKETS} (not cumulative), then above the last. */
  buckets: number[];
}

/** A request's log entry; the tally reads its `route`, `method`, `status`, `ms` and `cache`. */
export type TalliedRequest = Readonly<Record<string, unknown>>;

/** A metric family of the exposition: its name, type and help. */
const FAMILIES = {
  requests: { name: "bollard_http_requests_total", type: "counter", help: "API requests by route pattern, method and status" },
  latency: { name: "bollard_http_request_duration_seconds", type: "histogram", help: "API request handling time by route pattern and method" },
  hits: { name: "bollard_http_response_cache_hits_total", type: "counter", help: "API GETs answered from the response cache, by route pattern" },
} as const;

/**
 * The API's request metrics, counted in plain maps: a request costs a map lookup and a few
 * additions, where prom-client's labelled children cost about 2.5 µs, and API processes send their
 * rows to the primary every quarter second instead of one report per request. The primary merges
 * them and writes them in Prometheus's text format next to prom-client's metrics.
 */
export class RequestTally {
  #rows = new Map<string, TallyRow>();

  /** Counts one request from its log entry. */
  add(entry: TalliedRequest): void {
    const route = String(entry.route ?? "unmatched");
    const method = String(entry.method ?? "");
    const status = String(entry.status ?? "");
    const hit = entry.cache === "hit";
    const row = this.#row(route, method, status, hit);
    row.count++;
    if (typeof entry.ms !== "number") return;
    const seconds = entry.ms / 1000;
    row.timed++;
    row.seconds += seconds;
    let bucket = 0;
    while (bucket < LATENCY_BUCKETS.length && seconds > LATENCY_BUCKETS[bucket]!) bucket++;
    row.buckets[bucket]!++;
  }

  /** Adds rows counted elsewhere (an API process's). */
  merge(rows: readonly TallyRow[]): void {
    for (const other of rows) {
      const row = this.#row(other.route, other.method, other.status, other.hit);
      row.count += other.count;
      row.timed += other.timed;
      row.seconds += other.seconds;
      for (let i = 0; i < row.buckets.length; i++) row.buckets[i]! += other.buckets[i] ?? 0;
    }
  }

  /** The rows counted since the last take, and an empty tally. */
  take(): TallyRow[] {
    const rows = [...this.#rows.values()];
    this.#rows = new Map();
    return rows;
  }

  /** The three request families in Prometheus's text format (version 0.0.4), each with its HELP and TYPE. */
  text(): string {
    const rows = [...this.#rows.values()];
    const lines: string[] = [];
    const family = (f: (typeof FAMILIES)[keyof typeof FAMILIES]) => lines.push(`# HELP ${f.name} ${f.help}`, `# TYPE ${f.name} ${f.type}`);

    family(FAMILIES.requests);
    for (const [labels, count] of sums(rows, (row) => ({ route: row.route, method: row.method, status: row.status }), (row) => row.count)) lines.push(`${FAMILIES.requests.name}{${labels}} ${count}`);

    family(FAMILIES.latency);
    const latency = new Map<string, { buckets: number[]; seconds: number; timed: number }>();
    for (const row of rows) {
      if (row.timed === 0) continue;
      const labels = labelText({ route: row.route, method: row.method });
      const found = latency.get(labels) ?? { buckets: new Array<number>(LATENCY_BUCKETS.length + 1).fill(0), seconds: 0, timed: 0 };
      latency.set(labels, found);
      found.seconds += row.seconds;
      found.timed += row.timed;
      row.buckets.forEach((count, i) => (found.buckets[i]! += count));
    }
    for (const [labels, { buckets, seconds, timed }] of latency) {
      let below = 0;
      LATENCY_BUCKETS.forEach((bound, i) => {
        below += buckets[i]!;
        lines.push(`${FAMILIES.latency.name}_bucket{le="${bound}",${labels}} ${below}`);
      });
      lines.push(`${FAMILIES.latency.name}_bucket{le="+Inf",${labels}} ${timed}`, `${FAMILIES.latency.name}_sum{${labels}} ${seconds}`, `${FAMILIES.latency.name}_count{${labels}} ${timed}`);
    }

    family(FAMILIES.hits);
    for (const [labels, count] of sums(rows.filter((row) => row.hit), (row) => ({ route: row.route }), (row) => row.count)) lines.push(`${FAMILIES.hits.name}{${labels}} ${count}`);
    return lines.join("\n") + "\n";
  }

  #row(route: string, method: string, status: string, hit: boolean): TallyRow {
    const key = `${route} ${method} ${status} ${hit}`;
    let row = this.#rows.get(key);
    if (!row) this.#rows.set(key, (row = { route, method, status, hit, count: 0, timed: 0, seconds: 0, buckets: new Array<number>(LATENCY_BUCKETS.length + 1).fill(0) }));
    return row;
  }
}

/** The sum of `value` over the rows, by the label text of `labels`. */
function sums(rows: readonly TallyRow[], labels: (row: TallyRow) => Record<string, string>, value: (row: TallyRow) => number): Map<string, number> {
  const totals = new Map<string, number>();
  for (const row of rows) {
    const text = labelText(labels(row));
    totals.set(text, (totals.get(text) ?? 0) + value(row));
  }
  return totals;
}

/** Labels as the text format writes them: `name="value"`, with `\`, `"` and newlines escaped. */
function labelText(labels: Record<string, string>): string {
  return Object.entries(labels)
    .map(([name, value]) => `${name}="${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n")}"`)
    .join(",");
}
