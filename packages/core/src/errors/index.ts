export * from "./error-codes.js";
export * from "./bollard-error.js";
