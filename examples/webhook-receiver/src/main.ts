import { createWebhookReceiver } from "./receiver.js";

// Usage: WEBHOOK_SECRET=<the webhook's secret> PORT=4000 pnpm --filter @bollard/example-webhook-receiver start
const secret = process.env.WEBHOOK_SECRET;
if (!secret) {
  console.error("Set WEBHOOK_SECRET to the secret POST /v2/webhooks returned.");
  process.exit(1);
}
const port = Number(process.env.PORT ?? 4000);
const server = createWebhookReceiver({ secret });
server.listen(port, "127.0.0.1", () => console.log(`Receiving Bollard webhooks on http://127.0.0.1:${port}/`));
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.close(() => process.exit(0)));
