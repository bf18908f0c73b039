// Custom field typing and formatting: pure functions over definitions, options and inputs.
export { VALUE_PATH } from "./field-errors.js";
export * from "./number-type.js";
export * from "./number-format.js";
export * from "./date-format.js";
export * from "./date-type.js";
export * from "./enum-type.js";
export * from "./safe-pattern.js";
export * from "./validation-rules.js";
export * from "./value-typing.js";
export * from "./definition-rules.js";
export * from "./templates.js";
