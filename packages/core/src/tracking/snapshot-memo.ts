import { createHash } from "node:crypto";
import type { StorageRepositories } from "../storage/index.js";
import type { CarrierSnapshotInput } from "./snapshot-schema.js";

/*
 * The refresh's memo of the last carrier answer applied to a shipment: which tracking request gave
 * it, a hash of its content, and the vessel each IMO number it mentions resolved to. Planning is a
 * pure function of the stored state and the answer, and applying an answer twice plans nothing the
 * second time; so while the memo stands, the same answer from the same request changes nothing
 * but the refresh timestamps, and the refresh skips validating, reading and planning it.
 *
 * The memo stands until the shipment's tracked data is written by anything else: `applySnapshot`,
 * the one place the carrier data of a shipment is written (refreshes, feeds), keeps a refresh's
 * answer as the new memo when it applies it in full, and otherwise forgets the memo whenever its
 * plan writes something.
 * Other writes (tags, references, a container's `ref_numbers`) are not planned over. Memos are kept
 * as kept texts (`keptTexts`, stamp {@link MEMO_STAMP}): disposable, left behind by a copy; a
 * storage without that capability refreshes every answer in full.
 */

/** The stamp memos are kept under: a new one forgets every memo (all answers are planned again once). */
const MEMO_STAMP = "carrier-snapshot-1";

const memoKey = (shipmentId: string) => `carrier-snapshot:${shipmentId}`;

/** The last carrier answer applied to a shipment in full. */
export interface SnapshotMemo {
  /** The tracking request whose answer it was. */
  readonly requestId: string;
  /** {@link snapshotHash} of the answer. */
  readonly hash: string;
  /** The vessel id (or null) each IMO number the answer mentions resolved to. */
  readonly vesselIds: Readonly<Record<string, string | null>>;
}

/**
 * A hash of a carrier answer's content, as the carrier sent it, without its vessels' position
 * reports: positions move every hour a ship is at sea and are stored whatever else changed (they
 * never change a plan), so they do not make an answer new.
 */
export function snapshotHash(snapshot: CarrierSnapshotInput): string {
  const vessels = snapshot.vessels?.map(({ positions: _positions, ...vessel }) => vessel);
  return createHash("sha256").update(JSON.stringify({ ...snapshot, vessels })).digest("base64url");
}

/** The memos of these shipments of one account, by shipment id (one read). */
export async function readSnapshotMemos(reader: StorageRepositories, accountId: string, shipmentIds: readonly string[]): Promise<Map<string, SnapshotMemo>> {
  const memos = new Map<string, SnapshotMemo>();
  if (!reader.keptTexts || shipmentIds.length === 0) return memos;
  const texts = await reader.keptTexts.get(accountId, shipmentIds.map(memoKey), MEMO_STAMP);
  for (const shipmentId of shipmentIds) {
    const text = texts.get(memoKey(shipmentId));
    if (text !== undefined) memos.set(shipmentId, JSON.parse(text) as SnapshotMemo);
  }
  return memos;
}

/** Keeps the memo of the answer just applied in full to a shipment. */
export async function keepSnapshotMemo(tx: StorageRepositories, accountId: string, shipmentId: string, memo: SnapshotMemo): Promise<void> {
  await tx.keptTexts?.put(accountId, [{ key: memoKey(shipmentId), text: JSON.stringify(memo) }], MEMO_STAMP);
}

/** Forgets a shipment's memo: its tracked data was written. */
export async function forgetSnapshotMemo(tx: StorageRepositories, accountId: string, shipmentId: string): Promise<void> {
  await tx.keptTexts?.drop(accountId, [memoKey(shipmentId)]);
}

/** Whether `memo` says this request's answer with this hash was the last one applied in full. */
export function memoMatches(memo: SnapshotMemo | undefined, requestId: string, hash: string): memo is SnapshotMemo {
  return memo !== undefined && memo.requestId === requestId && memo.hash === hash;
}
