export * from "./pagination.js";
export * from "./repositories.js";
export * from "./webhook-repositories.js";
export * from "./change-repositories.js";
export * from "./storage.js";
export * from "./repository-nouns.js";
export * from "./storage-guard.js";
export * from "./storage-copy.js";
