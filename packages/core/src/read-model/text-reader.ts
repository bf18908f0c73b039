import type { KeptText } from "../storage/kept-text-repositories.js";
import type { RenderedRecord } from "../jsonapi/rendered.js";
import type { Storage } from "../storage/storage.js";
import { eventLinkageText, fromRecordText, recordText, rendererFingerprint, textKeys } from "./resource-texts.js";

/*
 * The read model's read side: the texts a document is written from, read as kept, and made from
 * the records where none is kept (a storage without `keptTexts`, a text never made or made by
 * another renderer). This is the one place a miss is filled: what it makes is kept with
 * `onlyMissing`, so it never replaces a text a write kept meanwhile (see `keeping-texts.ts`).
 */

/** What to read, by kind: ids of shipments, containers, shipments whose containers' ids, containers whose event linkage. */
export interface TextWants {
  readonly shipments?: readonly string[];
  readonly containers?: readonly string[];
  readonly containerIdsOf?: readonly string[];
  readonly eventLinkageOf?: readonly string[];
}

/** What {@link TextReader.read} found, by id (a shipment or container the account does not have is absent). */
export interface TextsRead {
  readonly shipments: ReadonlyMap<string, RenderedRecord>;
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
  const made = new Map<string, string>();
  if (kind === "shipments") for (const shipment of await storage.shipments.getMany(accountId, ids)) made.set(shipment.id, recordText("shipment", shipment));
  else if (kind === "containers") for (const container of await storage.containers.getMany(accountId, ids)) made.set(container.id, recordText("container", container));
  else if (kind === "containerIdsOf") {
    const containers = await storage.containers.listByShipments(accountId, ids);
    for (const id of ids) made.set(id, JSON.stringify(containers.filter((c) => c.shipment_id === id).map((c) => c.id)));
  } else {
    const [transport, raw] = await Promise.all([storage.transportEvents.listByContainers(accountId, ids), storage.rawEvents.listByContainers(accountId, ids)]);
    const events = new Map(ids.map((id) => [id, { transport_events: [] as string[], raw_events: [] as string[] }]));
    for (const event of transport.items) if (event.container_id !== null) events.get(event.container_id)?.transport_events.push(event.id);
    for (const event of raw.items) if (event.container_id !== null) events.get(event.container_id)?.raw_events.push(event.id);
    for (const [id, linkage] of events) made.set(id, eventLinkageText(linkage));
  }
  return made;
}

/**
 * The text reader over a tracker's storage: kept texts where it keeps them (`keptTexts`), each miss
 * made from the records and kept; without the capability, every text is made on read.
 */
export function createTextReader(storage: Storage): TextReader {
  const stamp = rendererFingerprint();
  return {
    async read(accountId, wants) {
      const kinds = (Object.keys(KEY_OF) as Kind[]).filter((kind) => (wants[kind]?.length ?? 0) > 0);
      const keys = kinds.flatMap((kind) => wants[kind]!.map(KEY_OF[kind]));
      const kept = storage.keptTexts && keys.length > 0 ? await storage.keptTexts.get(accountId, keys, stamp) : new Map<string, string>();
      const texts = new Map<Kind, Map<string, string>>();
      const fills: KeptText[] = [];
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
              fills.push({ key: KEY_OF[kind](id), text });
            }
          }
          texts.set(kind, found);
        }),
      );
      if (fills.length > 0 && storage.keptTexts) await storage.keptTexts.put(accountId, fills, stamp, { onlyMissing: true });
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
