export * from "./record-types.js";
export * from "./relation-definitions.js";
export * from "./include-paths.js";
