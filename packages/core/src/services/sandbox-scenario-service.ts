import { createTariffService } from "./tariff-service.js";
import type { TrackingRequest } from "../domain/index.js";
import { BollardError, NotFoundError, ValidationError } from "../errors/index.js";
import type { Sandbox } from "../sandbox/sandbox.js";
import { BUILTIN_SCENARIOS, builtinScenarioDocument } from "../sandbox/scenarios/builtin-scenarios.js";
import type { ScenarioDocument } from "../sandbox/scenarios/scenario-document.js";
import { pageOfList } from "./pagination-defaults.js";
import type { ListOptions, ListResult } from "./read-options.js";
import type { SessionContext } from "./session-context.js";
import type { TrackingRequestWrites } from "./tracking-request-writes.js";

/** A scenario as `GET /v2/sandbox/scenarios` lists it: a built-in one, or one of the account's own. */
export interface SandboxScenario {
  /** `builtin:<name>` for a built-in scenario, else `<SCAC>:<NUMBER>`. */
  id: string;
  /** A built-in scenario's name (`rollover`), or null for the account's own. */
  name: string | null;
  /** Whether it comes with Bollard (scac `TEST`, any request type). */
  builtin: boolean;
  /** The SCAC to track it with. */
  scac: string;
  /** The number to track it with. */
  number: string;
  /** What tracking it shows (built-in), or null. */
  summary: string | null;
  /** Its scenario document: a starting point to copy for a built-in one (null when it has none). */
  document: ScenarioDocument | null;
  /** When its offsets count from: null for a built-in one (from each tracking request's creation). */
  start: string | null;
}

/** What {@link SandboxScenarioService.create} accepts: a scenario document, or `{ name }` of a built-in scenario. */
export type SandboxScenarioCreate = Record<string, unknown>;

/** What creating a scenario did: the scenario and the tracking request that tracks it. */
export interface SandboxScenarioCreated {
  /** The scenario. */
  scenario: SandboxScenario;
  /** Its tracking request, after the refresh due at creation ran (its shipment, once the carrier knows the number). */
  tracking_request: TrackingRequest;
}

/** Scripted shipments of the account (`/v2/sandbox/scenarios`). */
export interface SandboxScenarioService {
  /** The built-in scenarios, then the account's own in registration order. */
  list(options?: ListOptions): Promise<ListResult<SandboxScenario>>;
  /**
   * Tracks a scenario (editor only): registers a scenario document under the account (422 with a
   * pointer per problem; `duplicate` for a number it already has) or picks a built-in one by
   * `name`, creates its tracking request and runs the refresh due now, so its shipment exists at
   * once unless the document's `known_at` is later.
   */
  create(input: SandboxScenarioCreate): Promise<SandboxScenarioCreated>;
}

const builtinOf = (scenario: (typeof BUILTIN_SCENARIOS)[number]): SandboxScenario => ({
  id: `builtin:${scenario.name}`,
  name: scenario.name,
  builtin: true,
  scac: scenario.scac,
  number: scenario.number,
  summary: scenario.summary,
  document: builtinScenarioDocument(scenario.name) ?? null,
  start: null,
});

/** Creates the scenario part of a session's sandbox service. */
export function createSandboxScenarioService(context: SessionContext, need: () => Sandbox, trackingRequests: TrackingRequestWrites): SandboxScenarioService {
  const { accountId } = context;
  const tariffs = createTariffService(context);
  const ownOf = (document: ScenarioDocument, start: Date): SandboxScenario => ({
    id: `${document.scac}:${document.number.trim().toUpperCase()}`,
    name: null,
    builtin: false,
    scac: document.scac,
    number: document.number.trim().toUpperCase(),
    summary: null,
    document,
    start: start.toISOString(),
  });
  return {
    async list(options) {
      const own = need().scenarios.list(accountId).map((scenario) => ownOf(scenario.timeline.document, scenario.timeline.start));
      const all = [...BUILTIN_SCENARIOS.map(builtinOf), ...own];
      return pageOfList(all, options?.page, 30);
    },
    async create(input) {
      context.requireEditor();
      const sandbox = need();
      let scenario: SandboxScenario;
      let requestType: TrackingRequest["request_type"] = "bill_of_lading";
      if (input && typeof input === "object" && "name" in input && Object.keys(input).length === 1) {
        const builtin = BUILTIN_SCENARIOS.find((candidate) => candidate.name === input.name || candidate.number === input.name);
        if (!builtin) {
          const names = BUILTIN_SCENARIOS.map((candidate) => candidate.name).join(", ");
          throw new ValidationError([new BollardError("not_an_option", `name must be a built-in scenario (${names}), or send a scenario document`, { path: ["name"] })]);
        }
        scenario = builtinOf(builtin);
      } else {
        const registered = sandbox.scenarios.register(accountId, input, sandbox.clock.now());
        scenario = ownOf(registered.timeline.document, registered.timeline.start);
        requestType = registered.timeline.document.request_type;
      }
      let created: TrackingRequest;
      try {
        created = await trackingRequests.create({ request_type: requestType, request_number: scenario.number, scac: scenario.scac });
      } catch (error) {
        // Not tracked: the number is free to be scripted again.
        if (!scenario.builtin) sandbox.scenarios.remove(accountId, scenario.scac, scenario.number);
        throw error;
      }
      // The scenario's tariff rules join the account's once it is tracked.
      if (!scenario.builtin) for (const tariff of scenario.document?.tariffs ?? []) await tariffs.create(tariff);
      await sandbox.advanceBy(0);
      const tracking = await context.storage.trackingRequests.get(accountId, created.id);
      if (!tracking) throw new NotFoundError(`No tracking request ${created.id}`);
      return { scenario, tracking_request: tracking };
    },
  };
}
