import type { CarrierSource } from "../../tracking/carrier-source.js";
import type { ScenarioLookup } from "./scenario-registry.js";

/**
 * A carrier source answering the numbers registered as scenarios from their timelines, and
 * passing every other request to `inner`. Requests are matched by scac and number (any request
 * type), in the request's account when it names one.
 *
 * @example
 * const registry = createScenarioRegistry();
 * const tracker = await createTracker({ storage, carrier: scenarioCarrier(simulatedCarrier(), registry) });
 */
export function scenarioCarrier(inner: CarrierSource, scenarios: ScenarioLookup): CarrierSource {
  return {
    name: inner.name,
    supports: (scac) => scenarios.hasScac(scac) || inner.supports(scac),
    async fetch(request, context) {
      // A request of the refresh path carries its account: a scenario is matched in it alone.
      const scenario = scenarios.find(request.scac, request.request_number, request.account_id);
      return scenario ? scenario.timeline.snapshotAt(context.now) : inner.fetch(request, context);
    },
  };
}
