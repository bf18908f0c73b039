import type { ChargeType, Tariff } from "../domain/tariff-schema.js";
import type { ChargeFacts } from "./charge-facts.js";
import type { LocalDate } from "./local-date.js";

/** True when every list the rule fills names the container's value (an empty list matches anything). */
export function ruleMatches(rule: Tariff, facts: ChargeFacts): boolean {
  const customer = facts.customer_name?.toLowerCase() ?? null;
  return (
    rule.direction === facts.direction &&
    listMatches(rule.carrier_scacs, facts.carrier_scac) &&
    listMatches(rule.port_locodes, facts.port_locode) &&
    listMatches(rule.terminal_ids, facts.terminal_id) &&
    (rule.customer_names.length === 0 || (customer !== null && rule.customer_names.some((name) => name.toLowerCase() === customer))) &&
    listMatches(rule.equipment_types, facts.equipment_type) &&
    listMatches<number>(rule.equipment_lengths, facts.equipment_length)
  );
}

function listMatches<T>(list: readonly T[], value: T | null): boolean {
  return list.length === 0 || (value !== null && list.includes(value));
}

/** True when the rule is in force on the date. */
export function inForce(rule: Tariff, date: LocalDate): boolean {
  return rule.valid_from <= date && (rule.valid_to === null || date <= rule.valid_to);
}

/** How many of the rule's lists are filled: a rule naming the customer and terminal beats one naming the carrier alone. */
function specificity(rule: Tariff): number {
  return [rule.carrier_scacs, rule.port_locodes, rule.terminal_ids, rule.customer_names, rule.equipment_types, rule.equipment_lengths].filter((list) => list.length > 0).length;
}

/**
 * The precedence between rules that match and are in force: a contract beats a tariff; then the
 * more specific rule; then the one in force from later; then the newer; then the larger id.
 */
export function comparePrecedence(a: Tariff, b: Tariff): number {
  return (
    Number(b.kind === "contract") - Number(a.kind === "contract") ||
    specificity(b) - specificity(a) ||
    compareText(b.valid_from, a.valid_from) ||
    compareText(b.created_at, a.created_at) ||
    compareText(b.id, a.id)
  );
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The account's rules for one charge type that match the container, best first (not yet filtered by date). */
export function candidateRules(tariffs: readonly Tariff[], facts: ChargeFacts, chargeType: ChargeType): Tariff[] {
  return tariffs.filter((rule) => rule.charge_type === chargeType && ruleMatches(rule, facts)).sort(comparePrecedence);
}

/** The best of `candidates` (already in precedence order) in force on `date`, optionally of one kind only. */
export function ruleInForce(candidates: readonly Tariff[], date: LocalDate, kind?: Tariff["kind"]): Tariff | null {
  return candidates.find((rule) => inForce(rule, date) && (kind === undefined || rule.kind === kind)) ?? null;
}
