import type { CarrierRequest } from "../tracking/carrier-source.js";
import type { WebhookHttpRequest } from "../webhooks/http-transport.js";

/** A fault injected into a sandbox: the carrier source or webhook deliveries misbehave, N times or until deleted. */
export interface SandboxFault {
  /** The fault's id. */
  id: string;
  /** The account it was created by, and whose requests and deliveries it affects. */
  account_id: string;
  /** What misbehaves: the carrier source or webhook deliveries. */
  target: "carrier" | "webhook";
  /**
   * What happens instead. Carrier: `fail` (a transient error, retried), `timeout` (the carrier does
   * not answer in time, retried), `not_found`. Webhook: `status` (the receiver answers
   * `status_code`), `timeout` (no answer in time), `delay` (sent after `delay_ms`).
   */
  effect: "fail" | "timeout" | "not_found" | "status" | "delay";
  /** Carrier faults: only requests to this SCAC (any when null). */
  scac: string | null;
  /** Carrier faults: only requests for this number, upper-cased (any when null). */
  request_number: string | null;
  /** Webhook faults: deliveries to this URL. */
  url: string | null;
  /** Effect `status`: the status the delivery gets. */
  status_code: number | null;
  /** Effect `delay`: how long a delivery waits, in milliseconds. */
  delay_ms: number | null;
  /** How many times it applies in all; null until it is deleted. */
  times: number | null;
  /** How many times it still applies (0: used up, kept for inspection); null until it is deleted. */
  remaining: number | null;
  /** How many requests or deliveries it has affected. */
  hits: number;
  /** When it was created (sandbox time). */
  created_at: string;
}

/** The faults of a sandbox, in memory (one sandbox server, one set of faults): matched oldest first. */
export interface FaultRegistry {
  /** Adds a fault. */
  add(fault: SandboxFault): void;
  /** The account's faults, oldest first. */
  list(accountId: string): SandboxFault[];
  /** The account's fault with this id, or null. */
  get(accountId: string, id: string): SandboxFault | null;
  /** Deletes the account's fault; false when there is none. */
  delete(accountId: string, id: string): boolean;
  /** Deletes every fault of the account. */
  clear(accountId: string): void;
  /** The fault that applies to this carrier request, if any, counting the hit. */
  takeCarrier(request: CarrierRequest): SandboxFault | null;
  /** The fault that applies to this webhook delivery, if any, counting the hit. */
  takeWebhook(request: WebhookHttpRequest): SandboxFault | null;
}

const active = (fault: SandboxFault) => fault.remaining === null || fault.remaining > 0;

/** Creates an empty {@link FaultRegistry}. */
export function faultRegistry(): FaultRegistry {
  const faults: SandboxFault[] = [];
  const snapshot = (fault: SandboxFault): SandboxFault => ({ ...fault });
  function take(match: (fault: SandboxFault) => boolean): SandboxFault | null {
    const fault = faults.find((candidate) => active(candidate) && match(candidate));
    if (!fault) return null;
    fault.hits += 1;
    if (fault.remaining !== null) fault.remaining -= 1;
    return snapshot(fault);
  }
  return {
    add: (fault) => void faults.push(snapshot(fault)),
    list: (accountId) => faults.filter((fault) => fault.account_id === accountId).map(snapshot),
    get(accountId, id) {
      const fault = faults.find((candidate) => candidate.account_id === accountId && candidate.id === id);
      return fault ? snapshot(fault) : null;
    },
    delete(accountId, id) {
      const index = faults.findIndex((candidate) => candidate.account_id === accountId && candidate.id === id);
      if (index === -1) return false;
      faults.splice(index, 1);
      return true;
    },
    clear(accountId) {
      for (let i = faults.length - 1; i >= 0; i--) if (faults[i]!.account_id === accountId) faults.splice(i, 1);
    },
    takeCarrier(request) {
      const scac = request.scac.trim().toUpperCase();
      const number = request.request_number.trim().toUpperCase();
      return take(
        (fault) =>
          fault.target === "carrier" &&
          fault.account_id === request.account_id &&
          (fault.scac === null || fault.scac === scac) &&
          (fault.request_number === null || fault.request_number === number),
      );
    },
    takeWebhook(request) {
      return take((fault) => fault.target === "webhook" && fault.account_id === request.accountId && fault.url === request.url);
    },
  };
}
