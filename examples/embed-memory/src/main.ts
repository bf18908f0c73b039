import { trackInProcess } from "./track-in-process.js";

// Usage: npx --yes pnpm@10 --filter @bollard/example-embed-memory start
await trackInProcess();
