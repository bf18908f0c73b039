import type { LineWriter } from "./line-writer.js";
import { LOG_LEVELS, type LogLevel } from "./serve-config.js";

/** One structured line: its level, what it is about, and any fields. */
export interface LogLine {
  level: LogLevel;
  msg: string;
  [key: string]: unknown;
}

/** Writes JSON log lines at or above a level. */
export interface ServerLog {
  /** Writes the line when its level is at or above the threshold. */
  write(line: LogLine): void;
  /** Writes whatever is buffered (before exit). */
  flush(): void;
}

/**
 * A log writing JSON lines at or above `threshold`. Request lines (`msg: "request"`) are `debug`,
 * so `info` (the default) leaves them out; a request answered 5xx is `warn`.
 */
export function serverLog(writer: LineWriter, threshold: LogLevel): ServerLog {
  const rank = (level: LogLevel) => LOG_LEVELS.indexOf(level);
  return {
    write(line) {
      const level: LogLevel = line.msg === "request" ? ((line.status as number) >= 500 ? "warn" : "debug") : line.level;
      if (rank(level) < rank(threshold)) return;
      writer.write(JSON.stringify({ ...line, level }));
    },
    flush: () => writer.flush(),
  };
}
