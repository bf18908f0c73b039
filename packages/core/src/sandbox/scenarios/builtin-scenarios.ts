import { SCENARIO_NUMBERS, TEST_SCAC } from "../../simulated-carrier/scenario-numbers.js";
import { BUILTIN_DOCUMENTS } from "./builtin-documents.js";
import type { ScenarioDocument } from "./scenario-document.js";

/** One built-in scenario: a `TEST-TR-*` number of the simulated carrier. */
export interface BuiltinScenario {
  /** The scenario's name: its number without `TEST-TR-`, in snake case (`customs_hold`). */
  readonly name: string;
  /** The number to track with scac `TEST`. */
  readonly number: string;
  /** Always `TEST`. */
  readonly scac: typeof TEST_SCAC;
  /** What tracking the number shows. */
  readonly summary: string;
  /** Whether {@link builtinScenarioDocument} has a document of it to start from. */
  readonly has_document: boolean;
}

const nameOf = (number: string): string => number.replace(/^TEST-TR-/, "").toLowerCase().replaceAll("-", "_");

/** Every built-in scenario, in the simulated carrier's documented order. */
export const BUILTIN_SCENARIOS: readonly BuiltinScenario[] = SCENARIO_NUMBERS.map((scenario) => ({
  name: nameOf(scenario.number),
  number: scenario.number,
  scac: TEST_SCAC,
  summary: scenario.summary,
  has_document: scenario.number in BUILTIN_DOCUMENTS,
}));

/**
 * A scenario document telling the story of a built-in scenario (by name or number), to edit and
 * register as a scenario of one's own; a fresh copy each call. Undefined for the scenarios a
 * document cannot express (carrier failures and retries, a change of POD terminal, revised inland ETAs) and for
 * unknown names.
 *
 * @example
 * const doc = builtinScenarioDocument("customs_hold");
 * registry.register(account.id, { ...doc, number: "MY-HOLD-1" }, new Date());
 */
export function builtinScenarioDocument(nameOrNumber: string): ScenarioDocument | undefined {
  const scenario = BUILTIN_SCENARIOS.find((candidate) => candidate.name === nameOrNumber || candidate.number === nameOrNumber);
  const document = scenario && BUILTIN_DOCUMENTS[scenario.number];
  return document && { name: scenario.name, summary: scenario.summary, ...structuredClone(document) };
}
