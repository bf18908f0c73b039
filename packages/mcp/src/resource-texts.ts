/*
 * The static documents the server offers as resources: what an assistant reads to explain events
 * and to choose tools. Written for Bollard's surface.
 */

/** `bollard://docs/milestone-glossary`: what each transport event means. */
export const MILESTONE_GLOSSARY = `# Bollard milestone glossary

Transport events are named \`container.transport.<milestone>\`; \`.estimated.\` marks a forecast, not a fact.

## Origin
- **empty_out** — the empty container left the depot to be stuffed.
- **full_in** — the loaded container was gated in at the port of lading terminal.
- **vessel_loaded** — loaded on the vessel at the port of lading.
- **vessel_departed** — the vessel left the port of lading (ATD). Bollard records the ETA in force at this moment as the *ETA at departure*.

## Ocean and transshipment
- **transshipment_arrived / transshipment_discharged** — arrived at and unloaded in an intermediate port.
- **transshipment_loaded / transshipment_departed** — loaded on the next vessel and left. A long gap between discharge and loading is *transshipment dwell*; a change of vessel or voyage before departure is a *rollover*.
- **feeder_*** — the same milestones on a feeder vessel.

## Destination port
- **vessel_arrived** — the vessel arrived at the port of discharge (ATA); **vessel_berthed** — it berthed.
- **vessel_discharged** — the container was unloaded; free time at the terminal usually starts here.
- **available / not_available** — the terminal reports whether it can be picked up (holds, fees, location).
- **full_out** — picked up (gated out full); demurrage stops, detention runs until the empty is returned.
- **pickup_lfd.changed** (and _line, _terminal, _rail) — a last free day was reported or changed.
- **pickup_appointment.changed** — a pickup appointment was made or moved.

## Inland
- **rail_loaded / rail_departed / rail_arrived / rail_unloaded** — the rail leg to an inland ramp.
- **arrived_at_inland_destination** — arrived at the final destination; **delivered** — delivered to the consignee.
- **empty_in** — the empty was returned: the journey is over and detention stops.

## Container statuses (current_status)
new, on_ship, available, not_available, grounded, on_rail, picked_up, off_dock, delivered, dropped, loaded, empty_returned, awaiting_inland_transfer.

## Presenting a journey
Order events by timestamp, lead with milestones over terminal noise, give times in the location's time zone (each event carries it), and mark estimated ones.
`;

/** `bollard://docs/query-guidance`: which tool answers which question. */
export const QUERY_GUIDANCE = `# Choosing Bollard tools

| question | tools |
|---|---|
| Where is container X? | search_container → get_container (include shipment, pod_terminal) |
| Track a new number | track_container (then list_tracking_requests until it is created) |
| Tell me about BL / shipment X | search_container → get_shipment_details |
| What happened on the journey? | get_container_transport_events; get_container_route for ports and vessels |
| Which carriers / what is the SCAC of …? | get_supported_shipping_lines |
| What will it cost? Last free day? | get_container_demurrage (the working day by day); list_last_free_days for "this week"; get_demurrage_exposure by terminal, carrier, customer |
| Is it late? When will it arrive? | get_eta (delay, prediction p10/p90); list_delayed_shipments; get_eta_accuracy for how far to trust each source |
| What changed, and when? What did we know on date D? | get_history; get_as_of |
| What needs attention? | list_exceptions (open by default) |
| Will this import file work? | bulk_import_dry_run |
| Are our webhooks delivering? | list_webhooks, list_webhook_deliveries |
| Sandbox (servers started with --sandbox) | sandbox_get_clock, sandbox_set_clock, sandbox_track_scenario, sandbox_add_fault, sandbox_reset, snapshots |

## Rules
- Quote Bollard's figures; never estimate a rate, a date or a charge. When a value is null, say it is not known.
- Money is an exact decimal string with an ISO 4217 currency.
- Lists are paged (page, page_size ≤ 50) and say how many match (meta.total): page on instead of asking for everything.
- Ids are UUIDs: find them with search_container or the list tools.
- Write tools (track_container, bulk_import_dry_run, sandbox changes) need an editor key; a viewer key does not see them.
`;

/** `bollard://docs/demurrage-basis`: how Bollard works out last free days and charges. */
export const DEMURRAGE_BASIS = `# How Bollard works out demurrage and detention

- Each charge (demurrage, detention, storage, combined) comes from the account's tariff rules (free days, daily rates in tiers, calendars) or from a last free day a carrier, terminal or rail line reported.
- The binding last free day is the earliest of the charges that end when the container leaves full; its *basis* says where it comes from: carrier_reported, terminal_reported, rail_reported, contract or tariff. Disagreements between sources are listed.
- Free time counts local dates in the facility's time zone; weekends, holidays and closed days follow the rule's calendar.
- *accrued* is the money charged up to today; *projected* runs through a date (the pickup appointment, else today + 7 days, or the date you give).
- A charge running with no rate is *unpriced*: the money is unknown, not zero. Bollard never invents a rate.
`;
