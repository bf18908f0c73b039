import { createRequire } from "node:module";

/** The version of `@bollard/cli` (its package.json, one folder up from both `src/` and `dist/`). */
export const VERSION: string = (createRequire(import.meta.url)("../package.json") as { version: string }).version;
