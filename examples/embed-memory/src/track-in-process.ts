import { createTracker, manualClock } from "@bollard/core";
import { memoryStorage } from "@bollard/storage-memory";

const DAY = 24 * 60 * 60 * 1000;

/**
 * Embeds a tracker in this process on memory storage, tracks a bill of lading with the simulated
 * carrier, lets three weeks pass on a manual clock, and prints the shipment with its containers
 * and their transport events.
 */
export async function trackInProcess(print: (line: string) => void = console.log): Promise<void> {
  // A manual clock only moves when told to, so the journey unfolds as fast as the loop below runs.
  const clock = manualClock("2026-03-02T08:00:00Z");
  const tracker = await createTracker({ storage: memoryStorage(), clock });
  try {
    // Everything is scoped to an account; a session acts as one of its users.
    const { account } = await tracker.accounts.ensure("Acme Imports");
    const { apiKey } = await tracker.accounts.issueKey(account.id, { role: "editor" });
    const session = tracker.session(await tracker.accounts.authenticate(apiKey));

    // scac TEST is the simulated carrier's sandbox line; TEST-TR-SUCCEEDED is a normal journey.
    const created = await session.trackingRequests.create({ request_type: "bill_of_lading", request_number: "TEST-TR-SUCCEEDED", scac: "TEST" });
    print(`Tracking request ${created.request_number} (scac ${created.scac}): ${created.status}`);

    // The refresh scheduler asks the carrier source about every due request. On a manual clock
    // you call runDue() yourself; on real time, tracker.refresh.start() runs it in a loop.
    for (let day = 0; day <= 21; day++) {
      if (day > 0) clock.advance(DAY);
      const summary = await tracker.refresh.runDue();
      if (summary.created > 0) print(`${clock.now().toISOString()} shipment created by the first refresh`);
    }
    const request = await session.trackingRequests.get(created.id);
    print(`${clock.now().toISOString()} tracking request ${request.status}, shipment ${request.tracked_object_id}`);

    // `include` reads related records too, typed by what was asked: each shipment comes with its
    // containers, each container with its transport events, each event with its location.
    const shipments = await session.shipments.list({ include: ["containers", "containers.transport_events.location"] });
    for (const shipment of shipments.data) {
      const route = [shipment.port_of_lading_name, shipment.port_of_discharge_name, shipment.destination_name].filter(Boolean).join(" → ");
      print(`Shipment ${shipment.bill_of_lading_number} (${shipment.shipping_line_short_name}): ${route}`);
      print(`  vessel ${shipment.pod_vessel_name} voyage ${shipment.pod_voyage_number}, arrived ${shipment.pod_ata_at ?? `not yet (ETA ${shipment.pod_eta_at})`}`);
      for (const container of shipment.containers) {
        print(`  Container ${container.number}: ${container.current_status}, ${container.transport_events.length} transport events`);
        for (const event of container.transport_events) {
          print(`    ${event.timestamp ?? "(no time)"}  ${event.event.replace("container.transport.", "").padEnd(30)} ${event.location?.name ?? event.location_locode ?? ""}`);
        }
      }
    }
  } finally {
    await tracker.close();
  }
}
