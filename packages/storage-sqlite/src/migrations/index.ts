import type { Migration, MigrationProvider } from "kysely";
import * as initial from "./0001-initial.js";
import * as vesselPositionTimes from "./0002-vessel-position-times.js";
import * as renderedResources from "./0003-rendered-resources.js";
import * as deliveredNotifications from "./0004-delivered-notifications.js";
import * as apiKeyUse from "./0005-api-key-use.js";
import * as parties from "./0006-parties.js";
import * as changes from "./0007-changes.js";
import * as refreshLog from "./0008-refresh-log.js";
import * as filteredListOrder from "./0009-filtered-list-order.js";
import * as containerEventLinkage from "./0010-container-event-linkage.js";
import * as eventFeed from "./0011-event-feed.js";
import * as webhookReplays from "./0012-webhook-replays.js";
import * as changeVersions from "./0013-change-versions.js";
import * as keptTexts from "./0014-kept-texts.js";
import * as recordsAsRecords from "./0015-records-as-records.js";
import * as compactVesselPositions from "./0016-compact-vessel-positions.js";
import * as domainEventIndexes from "./0017-domain-event-indexes.js";
import * as tariffs from "./0018-tariffs.js";
import * as exceptions from "./0019-exceptions.js";
import * as bulkJobs from "./0020-bulk-jobs.js";

/**
 * Every schema migration, keyed by a name that sorts in the order they apply. Migrations are
 * TypeScript modules compiled into the package (no files are read at run time).
 */
const migrations: Record<string, Migration> = {
  "0001-initial": initial,
  "0002-vessel-position-times": vesselPositionTimes,
  "0003-rendered-resources": renderedResources,
  "0004-delivered-notifications": deliveredNotifications,
  "0005-api-key-use": apiKeyUse,
  "0006-parties": parties,
  "0007-changes": changes,
  "0008-refresh-log": refreshLog,
  "0009-filtered-list-order": filteredListOrder,
  "0010-container-event-linkage": containerEventLinkage,
  "0011-event-feed": eventFeed,
  "0012-webhook-replays": webhookReplays,
  "0013-change-versions": changeVersions,
  "0014-kept-texts": keptTexts,
  "0015-records-as-records": recordsAsRecords,
  "0016-compact-vessel-positions": compactVesselPositions,
  "0017-domain-event-indexes": domainEventIndexes,
  "0018-tariffs": tariffs,
  "0019-exceptions": exceptions,
  "0020-bulk-jobs": bulkJobs,
};

/** The Kysely migration provider over the in-code migrations. */
export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
