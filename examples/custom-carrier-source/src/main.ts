import { trackWithCustomCarrier } from "./track-with-custom-carrier.js";

// Usage: npx --yes pnpm@10 --filter @bollard/example-custom-carrier-source start
await trackWithCustomCarrier();
