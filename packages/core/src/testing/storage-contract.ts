import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Storage } from "../storage/index.js";
import { describeAccountsContract } from "./contract-accounts.js";
import { describeChangesContract } from "./contract-changes.js";
import { describeRefreshLogContract } from "./contract-refresh-log.js";
import { describeContainersContract } from "./contract-containers.js";
import { describeCopyContract } from "./contract-copy.js";
import { describeAccountCopyContract } from "./contract-account-copy.js";
import { describeChangeVersionsContract } from "./contract-change-versions.js";
import { describeKeptTextsContract } from "./contract-kept-texts.js";
import type { ContractContext } from "./contract-context.js";
import { describeCustomFieldValuesContract } from "./contract-custom-field-values.js";
import { describeCustomFieldsContract } from "./contract-custom-fields.js";
import { describeEventsContract } from "./contract-events.js";
import { describeEventFeedContract } from "./contract-event-feed.js";
import { describeLifecycleContract } from "./contract-lifecycle.js";
import { describeNulCharactersContract } from "./contract-nul-characters.js";
import { describeOutboxRetentionContract } from "./contract-outbox-retention.js";
import { describePartiesContract } from "./contract-parties.js";
import { describeReferenceContract } from "./contract-reference.js";
import { describeRoundTripsContract } from "./contract-round-trips.js";
import { describeShipmentsContract } from "./contract-shipments.js";
import { describeTariffsContract } from "./contract-tariffs.js";
import { describeExceptionsContract } from "./contract-exceptions.js";
import { describeBulkJobsContract } from "./contract-bulk-jobs.js";
import { describeTrackingRequestsContract } from "./contract-tracking-requests.js";
import { describeTransactionsContract } from "./contract-transactions.js";
import { describeVesselPositionsContract } from "./contract-vessel-positions.js";
import { describePositionRetentionContract } from "./contract-position-retention.js";
import { describeWebhooksContract } from "./contract-webhooks.js";
import { describeWebhookReplaysContract } from "./contract-webhook-replays.js";
import { describeUnchangedAnswersContract } from "./contract-unchanged-answers.js";

/** Options of {@link runStorageContract}. */
export interface StorageContractOptions {
  /**
   * Contract tests this adapter deliberately does not pass, by exact test title, each with the
   * written reason (shown as the skip note). A title that names no test fails the suite.
   * @default {}
   */
  skip?: Record<string, string>;
  /**
   * The adapter declares the optional `keptTexts` (texts kept for core's read model): its tests run,
   * and a test checks that the storage declares it (and, when false, that it does not).
   * @default false
   */
  keptTexts?: boolean;
}

/**
 * Declares the storage contract suite: one vitest test per rule stated in the TSDoc of
 * `Storage` and the repositories, plus property-based round trips of every entity. Each test gets
 * a fresh storage from `makeStorage`, opened before it and closed after it.
 *
 * @example
 * // packages/storage-memory/src/memory-storage.test.ts
 * import { runStorageContract } from "@bollard/core/testing";
 * import { memoryStorage } from "./memory-storage.js";
 *
 * runStorageContract("memory", () => memoryStorage());
 */
export function runStorageContract(name: string, makeStorage: () => Promise<Storage> | Storage, options: StorageContractOptions = {}): void {
  const skip = options.skip ?? {};

  describe(`storage contract: ${name}`, () => {
    let current: Storage | undefined;
    const titles = new Set<string>();

    beforeEach(async () => {
      current = await makeStorage();
      await current.open();
    });

    afterEach(async () => {
      const storage = current;
      current = undefined;
      await storage?.close();
    });

    const ctx: ContractContext = {
      get storage() {
        if (!current) throw new Error("the contract storage is only available inside a contract test");
        return current;
      },
      async fresh() {
        const storage = await makeStorage();
        await storage.open();
        return storage;
      },
      test(title, fn, timeoutMs) {
        if (titles.has(title)) throw new Error(`two contract tests share the title "${title}"`);
        titles.add(title);
        const reason = skip[title];
        if (reason === undefined) it(title, fn, timeoutMs);
        else it(title, (context) => context.skip(reason));
      },
    };

    describe("accounts, users, API keys and meta", () => describeAccountsContract(ctx));
    describe("reference data", () => describeReferenceContract(ctx));
    describe("vessel positions", () => describeVesselPositionsContract(ctx));
    describe("position retention", () => describePositionRetentionContract(ctx));
    describe("shipments", () => describeShipmentsContract(ctx));
    describe("containers", () => describeContainersContract(ctx));
    describe("history (changes)", () => describeChangesContract(ctx));
    describe("refresh log", () => describeRefreshLogContract(ctx));
    describe("change versions", () => describeChangeVersionsContract(ctx));
    ctx.test("the storage declares the kept texts capability if and only if runStorageContract was told", async () => {
      expect(ctx.storage.keptTexts !== undefined).toBe(options.keptTexts ?? false);
    });
    if (options.keptTexts) describe("kept texts (optional capability)", () => describeKeptTextsContract(ctx));
    describe("tracking lifecycle", () => describeLifecycleContract(ctx));
    describe("transport and raw events", () => describeEventsContract(ctx));
    describe("event feed", () => describeEventFeedContract(ctx));
    describe("tracking requests", () => describeTrackingRequestsContract(ctx));
    describe("refreshes with unchanged answers", () => describeUnchangedAnswersContract(ctx));
    describe("parties", () => describePartiesContract(ctx));
    describe("tariffs", () => describeTariffsContract(ctx));
    describe("exception rules and exceptions", () => describeExceptionsContract(ctx));
    describe("bulk jobs and their rows", () => describeBulkJobsContract(ctx));
    describe("custom field definitions and options", () => describeCustomFieldsContract(ctx));
    describe("custom field values", () => describeCustomFieldValuesContract(ctx));
    describe("webhooks", () => describeWebhooksContract(ctx));
    describe("webhook replays", () => describeWebhookReplaysContract(ctx));
    describe("outbox retention", () => describeOutboxRetentionContract(ctx));
    describe("transactions and lifecycle", () => describeTransactionsContract(ctx));
    describe("NUL characters", () => describeNulCharactersContract(ctx));
    describe("export and import (copy)", () => describeCopyContract(ctx));
    describe("an account's own data (scoped copy)", () => describeAccountCopyContract(ctx));
    describe("round trips", () => describeRoundTripsContract(ctx));

    it("every skip entry names a contract test and gives a reason", () => {
      const problems = Object.entries(skip).flatMap(([title, reason]) => [
        ...(titles.has(title) ? [] : [`no contract test is titled "${title}"`]),
        ...(reason.trim() === "" ? [`the skip of "${title}" has no reason`] : []),
      ]);
      expect(problems).toStrictEqual([]);
    });
  });
}
