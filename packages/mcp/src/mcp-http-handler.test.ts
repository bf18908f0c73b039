import { createTracker } from "@bollard/core";
import { memoryStorage } from "@bollard/storage-memory";
import { afterAll, expect, it } from "vitest";
import { createMcpHttpHandler } from "./mcp-http-handler.js";

const tracker = await createTracker({ storage: memoryStorage() });
afterAll(() => tracker.close());

const toolsList = (key: string) =>
  new Request("http://bollard.test/mcp", {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }),
  });

it("spends the key's rate limit on every request: over it, 429 with Retry-After before any tool runs", async () => {
  const { apiKey, user } = await tracker.accounts.issueKey((await tracker.accounts.ensure("Acme")).account.id);
  const spent: string[] = [];
  // The budget `bollard serve` shares with /v2: two requests, then the window is spent for 42 s.
  const budget = { take: (userId: string) => (spent.push(userId) > 2 ? 42 : null) };
  const mcp = createMcpHttpHandler(tracker, { budget });
  for (let i = 0; i < 2; i++) expect((await mcp(toolsList(apiKey))).status).toBe(200);
  const refused = await mcp(toolsList(apiKey));
  expect(refused.status).toBe(429);
  expect(refused.headers.get("retry-after")).toBe("42");
  expect(((await refused.json()) as { error: { message: string } }).error.message).toBe("Your account has exceeded its API rate limit. Retry in 42 s.");
  expect(spent).toStrictEqual([user.id, user.id, user.id]);
  // A request without a valid key spends nothing.
  expect((await mcp(toolsList("bol_nope"))).status).toBe(401);
  expect(spent).toHaveLength(3);
});
