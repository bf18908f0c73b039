import { makeAccount, makeContainer, makeShipment, makeTrackingRequest } from "@bollard/core/testing";
import { describe, expect, it } from "vitest";
import { sqliteStorage } from "./sqlite-storage.js";

// Core's known totals pass a listing the total it counted under the account's versions; the SQL
// adapter then runs no count for a full page (the count walks the account's rows): the hint is
// what comes back. A page that shows where the listing ends is exact without either.
describe("a listing's knownTotal on SQLite", () => {
  it("answers a full page with the total it was told, and a last page with its own count", async () => {
    const storage = sqliteStorage({ filename: ":memory:" });
    await storage.open();
    const account = makeAccount();
    await storage.accounts.insert(account);
    const shipment = makeShipment(account.id);
    await storage.shipments.insert(shipment);
    await storage.shipments.insert(makeShipment(account.id));
    await storage.containers.insert(makeContainer(account.id, shipment.id));
    await storage.containers.insert(makeContainer(account.id, shipment.id));
    await storage.trackingRequests.insert(makeTrackingRequest(account.id));
    await storage.trackingRequests.insert(makeTrackingRequest(account.id));
    const full = { page: { number: 1, size: 1 }, knownTotal: 42 };
    expect((await storage.shipments.list(account.id, full)).total).toBe(42);
    expect((await storage.containers.list(account.id, full)).total).toBe(42);
    expect((await storage.trackingRequests.list(account.id, full)).total).toBe(42);
    expect((await storage.shipments.list(account.id, { page: { number: 1, size: 1 } })).total).toBe(2);
    expect((await storage.shipments.list(account.id, { page: { number: 1, size: 30 }, knownTotal: 42 })).total).toBe(2);
    await storage.close();
  });
});
