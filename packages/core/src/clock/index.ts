export * from "./clock.js";
export * from "./periodic-pass.js";
