import type { KeptText } from "../storage/kept-text-repositories.js";
import type { RenderedRecord } from "../jsonapi/resource-text.js";
import type { Storage } from "../storage/storage.js";
import { containerIdsTexts, eventLinkageTexts, fromRecordText, recordText, rendererFingerprint, textKeys } from "./resource-texts.js";

/*
 * The read model's read side: the texts a document is written from, read as kept, and made from
 * the records where none is kept (a storage without `keptTexts`, a text never made or made by
 * another renderer). This is the one place a miss is filled: what it makes is kept with
 * `onlyMissing`, so it never replaces a text a write kept meanwhile (see `keeping-texts.ts`).
 *
 * A read does not wait for what it made to be kept: the texts made within {@link FILL_DELAY_MS}
 * are kept together, in one transaction (and the next batch after it ends), so the first reads
 * after an upgrade or a copy, which miss every text, cost a few commits a second, not one each
 * (a SQLite commit syncs the disk on the event loop: one per miss held a server to 70 requests/s).
 */

/** What to read, by kind: ids of shipments, containers, shipments whose containers' ids, containers whose event linkage. */
export interface TextWants {
  /** Shipments whose record texts to read. */
  readonly shipments?: readonly string[];
  /** Containers whose record texts to read. */
  readonly containers?: readonly string[];
  /** Shipments whose containers' ids to read. */
  readonly containerIdsOf?: readonly string[];
  /** Containers whose event linkage to read. */
  readonly eventLinkageOf?: readonly string[];
}

/** What {@link TextReader.read} found, by id (a shipment or container the account does not have is absent). */
export interface TextsRead {
  /** The shipments found, in rendered form, by id. */
  readonly shipments: ReadonlyMap<string, RenderedRecord>;
  /** The containers found, in rendered form, by id. */
  readonly containers: ReadonlyMap<string, RenderedRecord>;
  /** The ids of each shipment's containers, oldest first. */
  readonly containerIds: ReadonlyMap<string, readonly string[]>;
  /** Each container's event linkage: its `transport_events` and `raw_events` relationship members as text. */
  readonly eventLinkage: ReadonlyMap<string, string>;
}

/** Reads the texts documents are written from (see {@link createTextReader}). */
export interface TextReader {
  /** The account's texts of what `wants` names: one read of the kept texts, and the records of whatever was missing. */
  read(accountId: string, wants: TextWants): Promise<TextsRead>;
  /** Resolves once the texts made by reads so far are kept (or failed to be: they are made again when next read). */
  settled(): Promise<void>;
}

/** The most texts one transaction keeps (a SQLite commit holds the event loop while it syncs). */
const BATCH_TEXTS = 1_000;
/** The most texts waiting to be kept; more are made again when next read. */
const MAX_WAITING_TEXTS = 20_000;
/** How long texts made by reads wait to be kept together. */
const FILL_DELAY_MS = 200;

/** Keeps the texts reads made, in batches: one transaction at a time, each taking what was made meanwhile (each key once). */
function createFills(storage: Storage, stamp: string): { add(accountId: string, texts: readonly KeptText[]): void; settled(): Promise<void> } {
  // By account, then key: a text made by several reads before it is kept is kept once.
  const waiting = new Map<string, Map<string, string>>();
  let count = 0;
  let running: Promise<void> | undefined;
  async function keepAll(): Promise<void> {
    while (waiting.size > 0) {
      const batch = takeBatch();
      // A failure loses nothing: those texts are made again when next read.
      await storage
        .transaction(async (tx) => {
          for (const [accountId, texts] of batch) await tx.keptTexts!.put(accountId, [...texts].map(([key, text]) => ({ key, text })), stamp, { onlyMissing: true });
        })
        .catch(() => undefined);
    }
  }
  /** Up to {@link BATCH_TEXTS} of the waiting texts, by account, taken out of `waiting`. */
  function takeBatch(): Map<string, Map<string, string>> {
    const batch = new Map<string, Map<string, string>>();
    let taken = 0;
    for (const [accountId, texts] of waiting) {
      const part = new Map<string, string>();
      for (const [key, text] of texts) {
        if (taken === BATCH_TEXTS) break;
        part.set(key, text);
        texts.delete(key);
        taken += 1;
      }
      batch.set(accountId, part);
      if (texts.size === 0) waiting.delete(accountId);
      if (taken === BATCH_TEXTS) break;
    }
    count -= taken;
    return batch;
  }
  function schedule(): void {
    running = new Promise<void>((resolve) => setTimeout(resolve, FILL_DELAY_MS).unref())
      .then(keepAll)
      .finally(() => {
        running = undefined;
        if (waiting.size > 0) schedule();
      });
  }
  return {
    add(accountId, texts) {
      let account = waiting.get(accountId);
      if (!account) waiting.set(accountId, (account = new Map()));
      for (const { key, text } of texts) {
        if (count >= MAX_WAITING_TEXTS || account.has(key)) continue;
        account.set(key, text);
        count += 1;
      }
      if (!running) schedule();
    },
    settled: async () => {
      while (running) await running;
    },
  };
}

type Kind = keyof TextWants;

const KEY_OF: Record<Kind, (id: string) => string> = {
  shipments: (id) => textKeys.record("shipment", id),
  containers: (id) => textKeys.record("container", id),
  containerIdsOf: textKeys.shipmentContainers,
  eventLinkageOf: textKeys.containerEvents,
};

/** Makes the texts of ids a read did not find, from the records (a record the account lacks gives none). */
async function makeTexts(storage: Storage, accountId: string, kind: Kind, ids: readonly string[]): Promise<Map<string, string>> {
  if (kind === "containerIdsOf") return containerIdsTexts(storage, accountId, ids);
  if (kind === "eventLinkageOf") return eventLinkageTexts(storage, accountId, ids);
  const records = kind === "shipments" ? await storage.shipments.getMany(accountId, ids) : await storage.containers.getMany(accountId, ids);
  return new Map(records.map((record) => [record.id, recordText(kind === "shipments" ? "shipment" : "container", record)]));
}

/**
 * The text reader over a tracker's storage: kept texts where it keeps them (`keptTexts`), each miss
 * made from the records and kept; without the capability, every text is made on read.
 */
export function createTextReader(storage: Storage): TextReader {
  const stamp = rendererFingerprint();
  const fills = createFills(storage, stamp);
  return {
    settled: () => fills.settled(),
    async read(accountId, wants) {
      const kinds = (Object.keys(KEY_OF) as Kind[]).filter((kind) => (wants[kind]?.length ?? 0) > 0);
      const keys = kinds.flatMap((kind) => wants[kind]!.map(KEY_OF[kind]));
      const kept = storage.keptTexts && keys.length > 0 ? await storage.keptTexts.get(accountId, keys, stamp) : new Map<string, string>();
      const texts = new Map<Kind, Map<string, string>>();
      const made: KeptText[] = [];
      await Promise.all(
        kinds.map(async (kind) => {
          const found = new Map<string, string>();
          const missing: string[] = [];
          for (const id of wants[kind]!) {
            const text = kept.get(KEY_OF[kind](id));
            if (text === undefined) missing.push(id);
            else found.set(id, text);
          }
          if (missing.length > 0) {
            for (const [id, text] of await makeTexts(storage, accountId, kind, missing)) {
              found.set(id, text);
              made.push({ key: KEY_OF[kind](id), text });
            }
          }
          texts.set(kind, found);
        }),
      );
      if (made.length > 0 && storage.keptTexts) fills.add(accountId, made);
      const records = (kind: Kind) => new Map([...(texts.get(kind) ?? [])].map(([id, text]) => [id, fromRecordText(id, text)]));
      return {
        shipments: records("shipments"),
        containers: records("containers"),
        containerIds: new Map([...(texts.get("containerIdsOf") ?? [])].map(([id, text]) => [id, JSON.parse(text) as string[]])),
        eventLinkage: texts.get("eventLinkageOf") ?? new Map(),
      };
    },
  };
}
