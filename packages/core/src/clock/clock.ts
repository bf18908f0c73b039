/**
 * The source of time for everything in a tracker. Code never calls `Date.now()` directly,
 * so tests and demos can run on a {@link ManualClock}.
 */
export interface Clock {
  /** The current instant. */
  now(): Date;
}

/** A clock that follows the machine's wall clock. */
export function realClock(): Clock {
  return { now: () => new Date() };
}

/** A clock that only moves when told to; for tests and reproducible demos. */
export interface ManualClock extends Clock {
  /** Moves time forward by `ms` milliseconds (negative values are refused). */
  advance(ms: number): Date;
  /** Jumps to an instant, which may not be earlier than the current one. */
  set(instant: Date | string): Date;
}

/**
 * Creates a {@link ManualClock} starting at `start`.
 * @example
 * const clock = manualClock("2026-01-01T00:00:00Z");
 * clock.advance(60_000); // one minute later
 */
export function manualClock(start: Date | string = "2026-01-01T00:00:00.000Z"): ManualClock {
  let current = toMillis(start);
  return {
    now: () => new Date(current),
    advance(ms) {
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError("A manual clock only moves forward by a finite amount");
      current += ms;
      return new Date(current);
    },
    set(instant) {
      const next = toMillis(instant);
      if (next < current) throw new RangeError("A manual clock cannot move backwards");
      current = next;
      return new Date(current);
    },
  };
}

/**
 * A clock that runs `speed` times faster than real time from `origin` (by default the moment it
 * is created), for demos (`bollard serve --clock-speed N`). Processes sharing one database agree
 * on the time when they are given the same `origin` (`--clock-origin`).
 */
export function scaledClock(speed: number, base: Clock = realClock(), origin?: Date | string): Clock {
  if (!Number.isFinite(speed) || speed <= 0) throw new RangeError("Clock speed must be a positive number");
  const from = origin === undefined ? base.now().getTime() : toMillis(origin);
  return { now: () => new Date(from + (base.now().getTime() - from) * speed) };
}

/** Milliseconds since the epoch of an instant given as a Date or ISO 8601 text; a RangeError when it is not one. */
export function toMillis(instant: Date | string): number {
  const ms = instant instanceof Date ? instant.getTime() : Date.parse(instant);
  if (!Number.isFinite(ms)) throw new RangeError(`Not a valid instant: ${String(instant)}`);
  return ms;
}
