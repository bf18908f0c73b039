import type { ListResult, Session } from "@bollard/core";
import { shipmentDcsaEvents, type ServedEvent, type ShipmentRecords } from "./records-to-events.js";

async function allPages<T>(read: (page: { number: number; size: number }) => Promise<ListResult<T>>): Promise<T[]> {
  const items: T[] = [];
  for (let number = 1; ; number++) {
    const result = await read({ number, size: 100 });
    items.push(...result.data);
    if (result.data.length < 100 || items.length >= result.total) return items;
  }
}

/**
 * Every DCSA event of the account a session sees, read through the session (so tenancy holds).
 * A transport document or equipment reference narrows the shipments read first.
 */
export async function accountEvents(session: Session, narrow: { transportDocumentReference?: string; equipmentReference?: string }): Promise<ServedEvent[]> {
  let shipmentIds: Set<string> | null = null;
  if (narrow.equipmentReference !== undefined) {
    const containers = await allPages((page) => session.containers.list({ page, number: narrow.equipmentReference! }));
    shipmentIds = new Set(containers.map((c) => c.shipment_id));
  }
  const shipments = (await allPages((page) => session.shipments.list({ page, ...(narrow.transportDocumentReference !== undefined && { number: narrow.transportDocumentReference }) })))
    .filter((s) => shipmentIds === null || shipmentIds.has(s.id));
  const vessels = new Map<string, { imo: string | null; name: string } | null>();
  const terminals = new Map<string, string | null>();
  const served: ServedEvent[] = [];
  for (const shipment of shipments) {
    const { containers } = await session.shipments.get(shipment.id, { include: ["containers"] });
    const request = shipment.tracking_request_id ? await session.trackingRequests.get(shipment.tracking_request_id).catch(() => null) : null;
    const records: ShipmentRecords = {
      shipment,
      bookingReference: request?.request_type === "booking_number" ? request.request_number : null,
      containers: [],
      vessel: (id) => vessels.get(id) ?? null,
      terminalCode: (id) => terminals.get(id) ?? null,
    };
    for (const container of containers) {
      const transportEvents = await allPages((page) => session.containers.transportEvents(container.id, { page }));
      const rawEvents = await allPages((page) => session.containers.rawEvents(container.id, { page }));
      for (const event of transportEvents) {
        if (event.vessel_id && !vessels.has(event.vessel_id)) vessels.set(event.vessel_id, await session.vessels.get(event.vessel_id).then(({ vessel }) => ({ imo: vessel.imo, name: vessel.name }), () => null));
        if (event.terminal_id && event.terminal_type === "terminal" && !terminals.has(event.terminal_id)) {
          terminals.set(event.terminal_id, await session.reference.terminal(event.terminal_id).then((t) => t.smdg_code, () => null));
        }
      }
      records.containers.push({ container, transportEvents, rawEvents });
    }
    served.push(...shipmentDcsaEvents(records));
  }
  return served;
}
