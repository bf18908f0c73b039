/*
 * Timestamps as the live service writes them: whole seconds, `2025-11-18T15:26:00Z`. Bollard
 * stores milliseconds (`TimestampSchema`); everything that leaves it as JSON (resources, webhook
 * payloads, map properties, links) goes through these functions, so the finer stored precision
 * never reaches the wire.
 */

/** A stored timestamp, `YYYY-MM-DDTHH:mm:ss.sssZ`, the only form these functions rewrite. */
const STORED = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** A stored timestamp (`2025-11-18T15:26:00.123Z`) as the wire writes it (`2025-11-18T15:26:00Z`); any other string unchanged. */
export function wireTimestamp(value: string): string {
  // 24 characters with a `.` at 19 and a `Z` at 23 is cheap to rule out before the regex.
  if (value.length !== 24 || value.charCodeAt(19) !== 46 || value.charCodeAt(23) !== 90 || !STORED.test(value)) return value;
  return `${value.slice(0, 19)}Z`;
}

/**
 * A JSON value with every stored timestamp in it (at any depth: `import_deadlines`, vessel
 * `positions`, a changeset's `[before, after]`) written as whole seconds. Returns the value itself
 * when nothing changes, so it costs no copies on values without timestamps.
 */
export function wireValue<T>(value: T): T {
  if (typeof value === "string") return wireTimestamp(value) as T;
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const next = wireValue(value[i]);
      if (next !== value[i]) (copy ??= value.slice())[i] = next;
    }
    return (copy ?? value) as T;
  }
  let copy: Record<string, unknown> | undefined;
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    const next = wireValue(item);
    if (next !== item) (copy ??= { ...(value as Record<string, unknown>) })[key] = next;
  }
  return (copy ?? value) as T;
}
