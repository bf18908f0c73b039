export * from "./jsonapi-types.js";
export * from "./resource-definition.js";
export * from "./resource-graph.js";
export * from "./include.js";
export * from "./document.js";
export * from "./collection-links.js";
export * from "./error-document.js";
export * from "./resources.js";
