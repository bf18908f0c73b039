import { realClock, type Clock } from "../clock/index.js";
import { toMillis } from "../clock/clock.js";

/** What a sandbox clock reports (`GET /v2/sandbox/clock`). */
export interface SandboxClockState {
  /** The sandbox's current instant (ISO 8601, milliseconds). */
  now: string;
  /** How many sandbox seconds pass per real second while it runs. */
  speed: number;
  /** Whether time stands still until it is advanced or resumed. */
  paused: boolean;
}

/** Where a sandbox clock starts: any subset. */
export interface SandboxClockOptions {
  /**
   * The instant the clock starts at.
   * @default the real time when it is created
   */
  start?: Date | string;
  /**
   * Sandbox seconds per real second.
   * @default 1
   */
  speed?: number;
  /**
   * Start paused: time moves only when advanced (a manual clock; what test suites want).
   * @default false
   */
  paused?: boolean;
}

/**
 * The clock of a sandbox: runs at `speed` times real time, or stands still while paused, and only
 * ever moves forward. One sandbox server has one clock, shared by every account.
 */
export interface SandboxClock extends Clock {
  /** The current instant, speed and whether it is paused. */
  state(): SandboxClockState;
  /** Moves to a later instant (refused for an earlier one, with a RangeError). */
  jumpTo(instant: Date): void;
  /** Changes the speed from now on (a positive number). */
  setSpeed(speed: number): void;
  /** Stops or resumes the flow of time; the current instant stays where it is. */
  setPaused(paused: boolean): void;
}

/**
 * Creates a {@link SandboxClock}; `real` is the clock real time is read from (injectable for tests).
 * @example
 * const clock = sandboxClock({ start: "2026-03-01T00:00:00Z", paused: true });
 * clock.jumpTo(new Date("2026-03-02T00:00:00Z"));
 */
export function sandboxClock(options: SandboxClockOptions = {}, real: Clock = realClock()): SandboxClock {
  let speed = checkedSpeed(options.speed ?? 1);
  let paused = options.paused ?? false;
  // The sandbox instant `base` was current at the real instant `realBase`.
  let base = options.start === undefined ? real.now().getTime() : toMillis(options.start);
  let realBase = real.now().getTime();
  const nowMs = () => (paused ? base : base + (real.now().getTime() - realBase) * speed);
  /** Re-anchors at the current instant, so a change of speed or pause applies from now on. */
  const rebase = (to = nowMs()) => {
    base = to;
    realBase = real.now().getTime();
  };
  return {
    now: () => new Date(nowMs()),
    state: () => ({ now: new Date(nowMs()).toISOString(), speed, paused }),
    jumpTo(instant) {
      const to = instant.getTime();
      if (!Number.isFinite(to)) throw new RangeError("Not a valid instant");
      if (to < nowMs()) throw new RangeError("The sandbox clock only moves forward");
      rebase(to);
    },
    setSpeed(next) {
      rebase();
      speed = checkedSpeed(next);
    },
    setPaused(next) {
      rebase();
      paused = next;
    },
  };
}

function checkedSpeed(speed: number): number {
  if (!Number.isFinite(speed) || speed <= 0) throw new RangeError("The clock speed must be a positive number");
  return speed;
}
