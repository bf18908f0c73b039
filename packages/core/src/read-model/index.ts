export * from "./resource-texts.js";
export * from "./keeping-texts.js";
export * from "./text-reader.js";
export * from "./rendered-reads.js";
