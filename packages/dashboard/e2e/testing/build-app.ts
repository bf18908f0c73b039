import { fileURLToPath } from "node:url";
import { build } from "vite";

/** Vitest global setup: builds the app from the current source, so the browser tests never test a stale build. */
export default async function setup(): Promise<void> {
  // The same build as `pnpm install` makes: vitest sets NODE_ENV=test, which would keep dev-only code in.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  try {
    await build({ configFile: fileURLToPath(new URL("../../vite.config.ts", import.meta.url)), mode: "production", logLevel: "warn" });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}
