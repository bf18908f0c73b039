import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTracker, manualClock } from "@bollard/core";
import { makeAccount, makeVessel, makeWebhook, makeWebhookNotification, makeWebhookNotificationAttempt } from "@bollard/core/testing";
import { sqliteStorage } from "@bollard/storage-sqlite";
import { afterAll, describe, expect, it } from "vitest";
import { CliError } from "./cli-error.js";
import { parsePositionRetentionDays, parseRetentionDays } from "./serve-retention.js";
import { trackerStorage } from "@bollard/core/storage";

const dir = mkdtempSync(join(tmpdir(), "bollard-retention-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("outbox retention (issue 13)", () => {
  it("--webhook-retention-days takes a positive number of days", () => {
    expect(parseRetentionDays(undefined)).toStrictEqual({});
    expect(parseRetentionDays("7")).toStrictEqual({ deliveredMaxAgeMs: 7 * 86_400_000 });
    expect(parseRetentionDays("0.5")).toStrictEqual({ deliveredMaxAgeMs: 43_200_000 });
    for (const bad of ["0", "-1", "x", ""]) expect(() => parseRetentionDays(bad)).toThrow(CliError);
  });

  it("a tracker whose delivery worker runs prunes delivered notifications past the retention from its SQLite file", async () => {
    const clock = manualClock("2026-06-30T00:00:00.000Z");
    const tracker = await createTracker({ storage: sqliteStorage({ filename: join(dir, "outbox.sqlite") }), clock, webhooks: { retention: { deliveredMaxAgeMs: 7 * 86_400_000, everyMs: 10, batchSize: 100 } } });
    const account = makeAccount();
    const webhook = makeWebhook(account.id);
    await trackerStorage(tracker).accounts.insert(account);
    await trackerStorage(tracker).webhooks.insert(webhook);
    const day = (d: number) => `2026-06-${String(d).padStart(2, "0")}T12:00:00.000Z`;
    const delivered = Array.from({ length: 1_000 }, (_, i) =>
      makeWebhookNotification(account.id, webhook.id, { delivery_status: "succeeded", next_attempt_at: null, created_at: day(1 + (i % 28)) }),
    );
    const pending = makeWebhookNotification(account.id, webhook.id, { created_at: day(1), next_attempt_at: day(29) });
    await trackerStorage(tracker).webhookNotifications.insertMany([...delivered, pending]);
    for (const n of delivered) await trackerStorage(tracker).webhookNotifications.insertAttempt(makeWebhookNotificationAttempt(n.id));
    const count = async () => (await trackerStorage(tracker).webhookNotifications.list(account.id, { page: { number: 1, size: 1 } })).total;
    const before = await count();

    tracker.webhooks.start(60_000);
    for (let waited = 0; (await count()) > 250 && waited < 5_000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
    await tracker.webhooks.stop();
    const kept = delivered.filter((n) => n.created_at >= "2026-06-23T00:00:00.000Z").length;
    console.log(`outbox retention: ${before} notifications before, ${await count()} after (7 days kept: ${kept} delivered + 1 pending)`);
    expect(await count()).toBe(kept + 1);
    expect(await trackerStorage(tracker).webhookNotifications.get(account.id, pending.id)).toStrictEqual(pending);
    const gone = delivered.find((n) => n.created_at < "2026-06-23T00:00:00.000Z")!;
    expect(await trackerStorage(tracker).webhookNotifications.listAttempts(gone.id)).toStrictEqual([]);
    await tracker.close();
  }, 60_000);
});

describe("position retention", () => {
  it("--position-full-resolution-days takes a positive number of days", () => {
    expect(parsePositionRetentionDays(undefined)).toStrictEqual({});
    expect(parsePositionRetentionDays("30")).toStrictEqual({ fullResolutionMs: 30 * 86_400_000 });
    expect(parsePositionRetentionDays(1.5)).toStrictEqual({ fullResolutionMs: 129_600_000 });
    for (const bad of ["0", "-2", "x", "", "40000"]) expect(() => parsePositionRetentionDays(bad)).toThrow(CliError);
  });

  it("a tracker whose refresh loop runs thins an AIS track older than the window in its SQLite file, and keeps the window's reports", async () => {
    const clock = manualClock("2026-06-03T00:00:00.000Z");
    const tracker = await createTracker({ storage: sqliteStorage({ filename: join(dir, "positions.sqlite") }), clock, positions: { retention: { fullResolutionMs: 86_400_000, everyMs: 10 } } });
    const vessel = makeVessel({ imo: "9321483", mmsi: "219000001" });
    await trackerStorage(tracker).vessels.upsertMany([vessel]);
    // Two days of a report a minute, heading steady: the older day is thinned to one per 10 minutes.
    const start = Date.parse("2026-06-01T00:00:00.000Z");
    const reports = Array.from({ length: 2 * 1_440 }, (_, i) => ({ imo: vessel.imo!, latitude: 10, longitude: i / 1_000, heading: 90, speed_knots: 14, timestamp: new Date(start + i * 60_000).toISOString() }));
    for (let i = 0; i < reports.length; i += 1_000) await tracker.ingest.positions(reports.slice(i, i + 1_000));
    const count = async () => (await trackerStorage(tracker).vesselPositions.listByVessel(vessel.id)).length;
    expect(await count()).toBe(2_880);

    tracker.refresh.start(60_000);
    for (let waited = 0; (await count()) === 2_880 && waited < 50_000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
    await tracker.refresh.stop();
    expect(await count()).toBe(144 + 1_440);
    const window = await trackerStorage(tracker).vesselPositions.listByVessel(vessel.id, { from: "2026-06-02T00:00:00.000Z" });
    expect(window).toHaveLength(1_440);
    await tracker.close();
  }, 60_000);
});
