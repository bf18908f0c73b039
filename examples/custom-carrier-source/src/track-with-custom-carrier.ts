import { createTracker, manualClock } from "@bollard/core";
import { memoryStorage } from "@bollard/storage-memory";
import { ediFeedCarrier } from "./edi-feed-carrier.js";
import { SAMPLE_BILL } from "./sample-bills.js";

const DAY = 24 * 60 * 60 * 1000;

/**
 * Tracks a bill of lading through a custom carrier source (pulled by the refresh scheduler), then
 * pushes a terminal's out-gate event and AIS position reports through `tracker.ingest`.
 */
export async function trackWithCustomCarrier(print: (line: string) => void = console.log): Promise<void> {
  const clock = manualClock("2026-05-08T00:00:00Z");
  // Atlantic Container Line (ACLU) is one of Bollard's known shipping lines: a tracking request
  // needs a SCAC from that list (GET /v2/shipping_lines) that the carrier source supports.
  const carrier = ediFeedCarrier({ scac: "ACLU", bills: [SAMPLE_BILL] });
  const tracker = await createTracker({ storage: memoryStorage(), clock, carrier });
  try {
    const { account } = await tracker.accounts.ensure("Acme Imports");
    const session = tracker.session(await tracker.accounts.authenticate((await tracker.accounts.issueKey(account.id)).apiKey));

    // The source decides which lines it serves: a request for any other SCAC is refused at once.
    try {
      await session.trackingRequests.create({ request_type: "bill_of_lading", request_number: "MAEU123456789", scac: "MAEU" });
    } catch (error) {
      print(`Refused: ${(error as Error).message}`);
    }
    const request = await session.trackingRequests.create({ request_type: "bill_of_lading", request_number: SAMPLE_BILL.number, scac: "ACLU" });

    // Pull: the refresh scheduler calls carrier.fetch for due requests and applies the snapshots.
    for (let day = 0; day <= 13; day++) {
      if (day > 0) clock.advance(DAY);
      const summary = await tracker.refresh.runDue();
      if (summary.created + summary.updated > 0) print(`${clock.now().toISOString().slice(0, 10)} refresh: ${summary.created ? "shipment created" : "shipment updated"}`);
    }
    const shipmentId = (await session.trackingRequests.get(request.id)).tracked_object_id!;
    const shipment = await session.shipments.get(shipmentId);
    print(`Shipment ${shipment.bill_of_lading_number} (${shipment.shipping_line_name}): ${shipment.port_of_lading_name} → ${shipment.port_of_discharge_name}, arrived ${shipment.pod_ata_at}`);

    // Push: a terminal feed reports the out-gate of one box, through the same diff-and-apply path.
    clock.set("2026-05-23T00:00:00Z");
    const pushed = await tracker.ingest.events({
      accountId: account.id,
      shipmentId,
      containerNumber: "ACLU1234569",
      events: [{ event: "container.transport.full_out", timestamp: "2026-05-22T15:30:00Z", location_locode: "USNYC", data_source: "terminal" }],
    });
    print(`Terminal feed: ${pushed.transportEventsAdded} event added to ACLU1234569`);

    // Push: AIS position reports for the vessel the carrier named (vessels are shared by all accounts).
    const positions = await tracker.ingest.positions([
      { mmsi: SAMPLE_BILL.vessel.mmsi, latitude: 48.91, longitude: -28.4, speed_knots: 17.2, heading: 262, timestamp: "2026-05-15T12:00:00Z" },
      { mmsi: SAMPLE_BILL.vessel.mmsi, latitude: 40.47, longitude: -73.82, speed_knots: 0.1, heading: 300, timestamp: "2026-05-22T12:00:00Z" },
    ]);
    const { vessel } = await session.vessels.get(SAMPLE_BILL.vessel.imo);
    print(`AIS feed: ${positions.stored} positions stored; ${vessel.name} last seen at ${vessel.latitude}, ${vessel.longitude} (${vessel.position_timestamp})`);

    const containers = await session.containers.list();
    for (const container of containers.data) {
      const events = await session.containers.transportEvents(container.id);
      print(`${container.number} (${container.equipment_length}' ${container.equipment_height}): ${container.current_status}`);
      for (const event of events.data) print(`  ${event.timestamp}  ${event.event.padEnd(38)} ${event.location_locode}  ${event.data_source}`);
    }
  } finally {
    await tracker.close();
  }
}
