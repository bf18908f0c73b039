// Custom field typing and formatting: pure functions over definitions, options and inputs.
export { VALUE_PATH } from "./field-errors.js";
// parseDecimal, storedDecimal and decimalFromStored work on big.js values, an implementation
// detail: the public API speaks decimal text, so its types never mention big.js.
export { NUMBER_INTEGER_DIGITS, NUMBER_SCALE, decimalApiValue } from "./number-type.js";
export * from "./number-format.js";
export * from "./date-format.js";
export * from "./date-type.js";
export * from "./enum-type.js";
export * from "./safe-pattern.js";
export * from "./validation-rules.js";
export * from "./value-typing.js";
export * from "./definition-rules.js";
export * from "./templates.js";
