import { BollardError, ValidationError } from "../../errors/index.js";
import { parseScenarioDocument } from "./parse-scenario.js";
import { compileScenario, type ScenarioTimeline } from "./scenario-timeline.js";

/** A scenario registered under an account: its document compiled against its start. */
export interface RegisteredScenario {
  /** The account it belongs to. */
  readonly account_id: string;
  /** The SCAC it answers for (upper case). */
  readonly scac: string;
  /** The number it answers for (trimmed, upper case). */
  readonly number: string;
  /** When it was registered. */
  readonly registered_at: Date;
  /** The compiled scenario (its document, start and scripted events). */
  readonly timeline: ScenarioTimeline;
}

/** Finds the scenario a carrier request names; what {@link scenarioCarrier} reads. */
export interface ScenarioLookup {
  /**
   * The scenario registered for `scac` and `number` (matched trimmed and upper-cased), in
   * `accountId`'s account when given, else the one registered last under any account; undefined
   * when there is none.
   */
  find(scac: string, number: string, accountId?: string): RegisteredScenario | undefined;
  /** Whether any scenario is registered for `scac` (so a carrier source that does not know it still takes its numbers). */
  hasScac(scac: string): boolean;
}

/** An in-memory store of the scenarios of every account (sandbox state: lost on restart). */
export interface ScenarioRegistry extends ScenarioLookup {
  /**
   * Validates a scenario document and registers it under `accountId`, its offsets counting from
   * the document's `start` or else `registeredAt`. Throws a `ValidationError` (422) for an invalid
   * document, and a 422 `duplicate` when the account already has a scenario for its scac and number.
   */
  register(accountId: string, document: unknown, registeredAt: Date): RegisteredScenario;
  /** An account's scenarios, in the order they were registered. */
  list(accountId: string): RegisteredScenario[];
  /** Removes every scenario of an account (a sandbox reset); returns how many there were. */
  removeAll(accountId: string): number;
  /** Removes the account's scenario for `scac` and `number`; false when there is none. */
  remove(accountId: string, scac: string, number: string): boolean;
}

const keyOf = (scac: string, number: string): string => `${scac.trim().toUpperCase()} ${number.trim().toUpperCase()}`;

/**
 * Creates an empty {@link ScenarioRegistry}.
 *
 * @example
 * const registry = createScenarioRegistry();
 * registry.register(account.id, { scac: "MAEU", request_type: "bill_of_lading", number: "MAEU-DEMO-1", containers, legs }, new Date());
 * const carrier = scenarioCarrier(simulatedCarrier(), registry);
 */
export function createScenarioRegistry(): ScenarioRegistry {
  // Per account, by scac and number; Maps keep registration order.
  const accounts = new Map<string, Map<string, RegisteredScenario>>();
  const latest = new Map<string, RegisteredScenario>();

  /** After `scenario` left its account: the latest other account's scenario for the key answers, if any. */
  function forget(key: string, scenario: RegisteredScenario): void {
    if (latest.get(key) !== scenario) return;
    const others = [...accounts.values()].map((scenarios) => scenarios.get(key)).filter((s): s is RegisteredScenario => s !== undefined);
    const next = others.sort((a, b) => a.registered_at.getTime() - b.registered_at.getTime()).at(-1);
    if (next) latest.set(key, next);
    else latest.delete(key);
  }

  return {
    register(accountId, input, registeredAt) {
      const document = parseScenarioDocument(input);
      const key = keyOf(document.scac, document.number);
      const own = accounts.get(accountId) ?? new Map<string, RegisteredScenario>();
      if (own.has(key)) {
        throw new ValidationError([new BollardError("duplicate", `number ${document.number} of ${document.scac} is already a scenario of this account`, { path: ["number"] })]);
      }
      const scenario: RegisteredScenario = {
        account_id: accountId,
        scac: document.scac,
        number: document.number.trim().toUpperCase(),
        registered_at: registeredAt,
        timeline: compileScenario(document, registeredAt),
      };
      own.set(key, scenario);
      accounts.set(accountId, own);
      latest.set(key, scenario);
      return scenario;
    },
    find(scac, number, accountId) {
      const key = keyOf(scac, number);
      return accountId === undefined ? latest.get(key) : accounts.get(accountId)?.get(key);
    },
    hasScac(scac) {
      const wanted = scac.trim().toUpperCase();
      return [...latest.values()].some((scenario) => scenario.scac === wanted);
    },
    list(accountId) {
      return [...(accounts.get(accountId)?.values() ?? [])];
    },
    removeAll(accountId) {
      const own = accounts.get(accountId);
      if (!own) return 0;
      accounts.delete(accountId);
      for (const [key, scenario] of own) forget(key, scenario);
      return own.size;
    },
    remove(accountId, scac, number) {
      const key = keyOf(scac, number);
      const scenario = accounts.get(accountId)?.get(key);
      if (!scenario) return false;
      accounts.get(accountId)!.delete(key);
      forget(key, scenario);
      return true;
    },
  };
}
