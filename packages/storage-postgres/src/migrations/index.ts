import { type Kysely, type Migration, type MigrationProvider, sql } from "kysely";
import * as initial from "./0001-initial.js";
import * as deliveredNotifications from "./0002-delivered-notifications.js";
import * as apiKeyUse from "./0003-api-key-use.js";
import * as parties from "./0004-parties.js";
import * as changes from "./0005-changes.js";
import * as refreshLog from "./0006-refresh-log.js";
import * as filteredListOrder from "./0007-filtered-list-order.js";
import * as eventFeed from "./0008-event-feed.js";
import * as webhookReplays from "./0009-webhook-replays.js";
import * as changeVersions from "./0010-change-versions.js";
import * as keptTexts from "./0011-kept-texts.js";
import * as compactVesselPositions from "./0012-compact-vessel-positions.js";
import * as domainEventIndexes from "./0013-domain-event-indexes.js";
import * as tariffs from "./0014-tariffs.js";
import * as exceptions from "./0015-exceptions.js";
import * as bulkJobs from "./0016-bulk-jobs.js";

/**
 * Every schema migration, keyed by a name that sorts in the order they apply. Migrations are
 * TypeScript modules compiled into the package (no files are read at run time).
 */
const migrations: Record<string, Migration> = {
  "0001-initial": initial,
  "0002-delivered-notifications": deliveredNotifications,
  "0003-api-key-use": apiKeyUse,
  "0004-parties": parties,
  "0005-changes": changes,
  "0006-refresh-log": refreshLog,
  "0007-filtered-list-order": filteredListOrder,
  "0008-event-feed": eventFeed,
  "0009-webhook-replays": webhookReplays,
  "0010-change-versions": changeVersions,
  "0011-kept-texts": keptTexts,
  "0012-compact-vessel-positions": compactVesselPositions,
  "0013-domain-event-indexes": domainEventIndexes,
  "0014-tariffs": tariffs,
  "0015-exceptions": exceptions,
  "0016-bulk-jobs": bulkJobs,
};

/** The Kysely migration provider over the in-code migrations. */
export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};

/**
 * True when the schema already has the latest migration, so `open()` can skip the migration lock
 * and the migrator (one query instead of a dozen). False when it is behind or not migrated at all.
 */
export async function isUpToDate(db: Kysely<any>, schema: string): Promise<boolean> {
  const latest = Object.keys(migrations).sort().at(-1);
  try {
    const { rows } = await sql<{ name: string }>`select name from ${sql.table(`${schema}.kysely_migration`)} order by name desc limit 1`.execute(db);
    return rows[0]?.name === latest;
  } catch {
    return false;
  }
}
