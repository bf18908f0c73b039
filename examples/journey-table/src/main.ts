import { journeyTable } from "./journey-table.js";

// Usage: BOLLARD_API_KEY=<key> [BOLLARD_URL=http://127.0.0.1:8080/v2] npx --yes pnpm@10 --filter @bollard/example-journey-table start <container number or id>
const container = process.argv[2];
const apiKey = process.env.BOLLARD_API_KEY;
if (!container || !apiKey) {
  console.error("Usage: BOLLARD_API_KEY=<key> [BOLLARD_URL=http://127.0.0.1:8080/v2] pnpm start <container number or id>");
  process.exit(2);
}
try {
  console.log(await journeyTable({ baseUrl: process.env.BOLLARD_URL ?? "http://127.0.0.1:8080/v2", apiKey }, container));
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
