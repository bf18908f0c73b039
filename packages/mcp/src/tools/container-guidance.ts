import type { Container } from "@bollard/core";

/** A container's state in the hosted server's words, with what to present first and what is missing. */
export function containerGuidance(container: Container): { state: string; guidance: string; missing: string[] } {
  const missing: string[] = [];
  if (container.pickup_lfd === null) missing.push("pickup_lfd (no last free day reported; get_container_demurrage works one out from tariffs when it can)");
  if (!container.availability_known) missing.push("availability (the terminal has not reported it)");
  const holds = container.holds_at_pod_terminal.filter((hold) => hold.status === "hold").length;
  if (container.empty_terminated_at !== null || container.current_status === "empty_returned") return { state: "empty_returned", guidance: "The container's journey is over: summarise it.", missing: [] };
  if (container.pod_full_out_at !== null || ["picked_up", "delivered", "off_dock", "dropped"].includes(container.current_status)) {
    return { state: "delivered_or_picked_up", guidance: "Say when it left the terminal; detention runs until the empty is returned (get_container_demurrage).", missing };
  }
  if (container.current_status === "on_rail") return { state: "on_rail", guidance: "Lead with the inland ETA (ind_eta_at) and rail carrier.", missing };
  if (container.pod_discharged_at !== null || container.pod_arrived_at !== null) {
    const lfd = container.pickup_lfd ? ` Last free day ${container.pickup_lfd.slice(0, 10)}.` : " No last free day reported.";
    return { state: "at_terminal", guidance: `Lead with availability (${container.available_for_pickup ? "available" : "not available"} for pickup)${holds ? ` and the ${holds} hold${holds === 1 ? "" : "s"}` : ""}.${lfd}`, missing };
  }
  return { state: "in_transit", guidance: "Lead with the ETA at the port of discharge and the vessel (include shipment).", missing };
}
