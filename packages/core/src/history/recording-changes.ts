import type { Change, ChangeResourceType, ChangeSource, Container, Shipment } from "../domain/index.js";
import { uuidv7 } from "../ids/index.js";
import type { StorageRepositories } from "../storage/index.js";
import { changeSource } from "./change-sources.js";
import { diffRecords } from "./record-diff.js";
import { logRefreshes } from "./refresh-log.js";

/** Who is writing, for {@link recordingChanges}. */
export interface ChangeRecording {
  /** The entry point's source: `carrier` for refreshes, `ingest` for `tracker.ingest`, `user` for session edits. */
  source: ChangeSource;
  /** When Bollard learned what it writes: the write's time on the tracker's clock. */
  learnedAt: string;
}

/**
 * A transaction's repositories whose `shipments.update` and `containers.update` also record the
 * history: each update reads the stored version first, writes the new one, then stores one change
 * per differing attribute (see `diffRecords`) through `changes.insertMany`, in the same transaction.
 * Inserts record no change: a record's history starts at its `created_at`. A shipment's refresh
 * timestamps, which the changes leave out, go to the refresh log instead when an insert or update
 * sets them (see `logRefreshes`).
 */
export function recordingChanges(tx: StorageRepositories, recording: ChangeRecording): StorageRepositories {
  async function record(type: ChangeResourceType, before: Shipment | Container | null, after: Shipment | Container): Promise<void> {
    if (!before) return;
    const changes: Change[] = diffRecords(type, before, after).map((diff) => ({
      id: uuidv7(),
      account_id: after.account_id,
      resource_type: type,
      resource_id: after.id,
      attribute: diff.attribute,
      before: diff.before,
      after: diff.after,
      source: changeSource(recording.source, type, diff.attribute),
      learned_at: recording.learnedAt,
    }));
    if (changes.length > 0) await tx.changes.insertMany(changes);
  }
  return {
    ...tx,
    shipments: {
      ...tx.shipments,
      async insert(shipment) {
        await tx.shipments.insert(shipment);
        await logRefreshes(tx, null, shipment);
      },
      async update(shipment) {
        const before = await tx.shipments.get(shipment.account_id, shipment.id);
        await tx.shipments.update(shipment);
        await record("shipment", before, shipment);
        await logRefreshes(tx, before, shipment);
      },
    },
    containers: {
      ...tx.containers,
      async update(container) {
        const before = await tx.containers.get(container.account_id, container.id);
        await tx.containers.update(container);
        await record("container", before, container);
      },
    },
  };
}
