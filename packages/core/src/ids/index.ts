export * from "./uuid-v7.js";
