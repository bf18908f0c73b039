/*
 * The response cache hits a `bollard serve` counts on /metrics. API processes report their requests
 * to the primary a few times a second, so a hit shows there a little after its response.
 */

const HITS = "bollard_http_response_cache_hits_total{";

/** The hits /metrics counts now, for one route pattern or (without one) every route. */
export async function responseCacheHits(metrics: string, route?: string): Promise<number> {
  // Read the hits' lines alone: the process metrics beside them may still be NaN (written "Nan") right after the start.
  const text = await (await fetch(metrics)).text();
  const prefix = route === undefined ? HITS : `${HITS}route="${route}"}`;
  return text
    .split("\n")
    .filter((line) => line.startsWith(prefix))
    .reduce((sum, line) => sum + Number(line.split(" ").at(-1)), 0);
}

/**
 * The hits of servers' /metrics together once they count at least `atLeast` (or a minute passed)
 * and a second more went by, so every hit of the requests already answered is in: a test
 * compares it with what it expects exactly.
 */
export async function settledResponseCacheHits(metrics: readonly string[], atLeast: number, route?: string): Promise<number> {
  const total = async () => (await Promise.all(metrics.map((url) => responseCacheHits(url, route)))).reduce((a, b) => a + b, 0);
  for (const deadline = Date.now() + 60_000; (await total()) < atLeast && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 50));
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  return total();
}
