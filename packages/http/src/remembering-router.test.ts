import { TrieRouter } from "hono/router/trie-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RememberingRouter } from "./remembering-router.js";

describe("RememberingRouter", () => {
  afterEach(() => vi.restoreAllMocks());

  const routes = (router: { add(method: string, path: string, handler: string): void }) => {
    router.add("ALL", "/v2/*", "auth");
    router.add("GET", "/v2/shipments/:id", "shipment");
    router.add("POST", "/v2/tracking_requests/infer_number", "infer");
    router.add("POST", "/v2/tracking_requests/:id/custom_fields", "field");
  };

  it("matches as the trie router does, and searches a path seen before no more", () => {
    const router = new RememberingRouter<string>();
    const trie = new TrieRouter<string>();
    routes(router);
    routes(trie);
    const search = vi.spyOn(TrieRouter.prototype, "match");
    const asked: [string, string][] = [
      ["GET", "/v2/shipments/0190e0a5-0000-7000-8000-000000000001"],
      ["POST", "/v2/tracking_requests/infer_number"],
      ["POST", "/v2/tracking_requests/0190e0a5-0000-7000-8000-000000000002/custom_fields"],
      ["GET", "/v2/unknown"],
    ];
    for (const [method, path] of asked) expect(router.match(method, path)).toEqual(trie.match(method, path));
    search.mockClear();
    for (const [method, path] of asked) expect(router.match(method, path)).toEqual(trie.match(method, path));
    // The second round searched the plain trie only: the remembering router answered from its matches.
    expect(search).toHaveBeenCalledTimes(asked.length);
    expect(router.match("GET", "/v2/shipments/0190e0a5-0000-7000-8000-000000000001")[0].map(([handler]) => handler)).toEqual(["auth", "shipment"]);
  });

  it("keeps at most its capacity, the oldest going first, and forgets every match when a route is added", () => {
    const router = new RememberingRouter<string>(2);
    routes(router);
    const search = vi.spyOn(TrieRouter.prototype, "match");
    const path = (n: number) => `/v2/shipments/0190e0a5-0000-7000-8000-00000000000${n}`;
    for (const n of [1, 2, 3]) router.match("GET", path(n));
    expect(search).toHaveBeenCalledTimes(3);
    router.match("GET", path(3));
    router.match("GET", path(2));
    expect(search).toHaveBeenCalledTimes(3);
    router.match("GET", path(1)); // the oldest went when the third came
    expect(search).toHaveBeenCalledTimes(4);

    router.add("GET", "/v2/shipments/:id/extra", "extra");
    expect(router.match("GET", `${path(1)}/extra`)[0].map(([handler]) => handler)).toEqual(["auth", "extra"]);
    router.match("GET", path(1));
    expect(search).toHaveBeenCalledTimes(6);
  });
});
