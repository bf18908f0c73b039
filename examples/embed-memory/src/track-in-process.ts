import { createTracker, manualClock, type Container, type MetroArea, type Port } from "@bollard/core";
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
    print(`Tracking request ${created.data.request_number} (scac ${created.data.scac}): ${created.data.status}`);

    // The refresh scheduler asks the carrier source about every due request. On a manual clock
    // you call runDue() yourself; on real time, tracker.refresh.start() runs it in a loop.
    for (let day = 0; day <= 21; day++) {
      if (day > 0) clock.advance(DAY);
      const summary = await tracker.refresh.runDue();
      if (summary.created > 0) print(`${clock.now().toISOString()} shipment created by the first refresh`);
    }
    const request = await session.trackingRequests.get(created.data.id);
    print(`${clock.now().toISOString()} tracking request ${request.data.status}, shipment ${request.data.tracked_object_id}`);

    // Shipments always carry their containers' linkage; include=containers loads the records too.
    const shipments = await session.shipments.list({ include: "containers" });
    for (const shipment of shipments.data) {
      const route = [shipment.port_of_lading_name, shipment.port_of_discharge_name, shipment.destination_name].filter(Boolean).join(" → ");
      print(`Shipment ${shipment.bill_of_lading_number} (${shipment.shipping_line_short_name}): ${route}`);
      print(`  vessel ${shipment.pod_vessel_name} voyage ${shipment.pod_voyage_number}, arrived ${shipment.pod_ata_at ?? `not yet (ETA ${shipment.pod_eta_at})`}`);
      for (const { id } of shipments.graph.getMany("shipment", shipment.id, "containers") ?? []) {
        const container = shipments.graph.get("container", id) as Container;
        const events = await session.containers.transportEvents(container.id, { include: "location" });
        print(`  Container ${container.number}: ${container.current_status}, ${events.total} transport events`);
        for (const event of events.data) {
          const location = event.location_id ? (events.graph.get(event.location_type ?? "port", event.location_id) as Port | MetroArea | undefined) : undefined;
          print(`    ${event.timestamp ?? "(no time)"}  ${event.event.replace("container.transport.", "").padEnd(30)} ${location?.name ?? event.location_locode ?? ""}`);
        }
      }
    }
  } finally {
    await tracker.close();
  }
}
