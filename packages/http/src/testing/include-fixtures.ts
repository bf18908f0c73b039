/**
 * Ten paths of at most three levels: the most an `include` may ask of the shipment list
 * (`GET /v2/shipments?include=…`), as one comma-separated value.
 */
export const WORST_INCLUDE = [
  "containers.transport_events.location",
  "containers.transport_events.vessel",
  "containers.transport_events.terminal",
  "containers.raw_events.vessel",
  "containers.transport_events.container",
  "containers.shipment.containers",
  "containers.pod_terminal.port",
  "port_of_lading",
  "port_of_discharge",
  "destination_terminal.port",
].join(",");
