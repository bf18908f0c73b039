// Background work: passes on demand or on a timer, and writes paced behind the requests' own.
export * from "./periodic-pass.js";
export * from "./paced-writes.js";
export * from "./riding-along.js";
