import { fileURLToPath } from "node:url";
import { build } from "vite";

/** Vitest global setup: builds the app from the current source, so the browser tests never test a stale build. */
export default async function setup(): Promise<void> {
  await build({ configFile: fileURLToPath(new URL("../../vite.config.ts", import.meta.url)), logLevel: "warn" });
}
