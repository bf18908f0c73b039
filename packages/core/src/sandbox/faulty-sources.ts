import type { CarrierResult, CarrierSource } from "../tracking/carrier-source.js";
import type { WebhookTransport } from "../webhooks/http-transport.js";
import type { FaultRegistry, SandboxFault } from "./sandbox-faults.js";

/** What a carrier fault makes the carrier answer. */
function carrierAnswer(fault: SandboxFault): CarrierResult {
  if (fault.effect === "not_found") return { status: "not_found", reason: "not_found" };
  const detail = fault.effect === "timeout" ? `the carrier did not answer in time (sandbox fault ${fault.id})` : `the carrier failed (sandbox fault ${fault.id})`;
  return { status: "transient", reason: "shipping_line_unreachable", detail };
}

/**
 * The carrier source of a sandbox: a request matching one of the registry's carrier faults gets the
 * fault's answer (a timeout answers at once, as a carrier that timed out would be reported);
 * every other request goes to `inner`.
 */
export function faultyCarrier(inner: CarrierSource, faults: FaultRegistry): CarrierSource {
  return {
    name: inner.name,
    supports: (scac) => inner.supports(scac),
    async fetch(request, context) {
      const fault = faults.takeCarrier(request);
      return fault ? carrierAnswer(fault) : inner.fetch(request, context);
    },
  };
}

/** Waits `ms`, or less when `signal` aborts. */
function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    }
    signal?.addEventListener("abort", done, { once: true });
  });
}

/**
 * The webhook transport of a sandbox: a delivery matching one of the registry's webhook faults gets
 * the fault's status or a timeout without reaching the receiver, or is sent by `inner` after its
 * delay; every other delivery goes to `inner` at once.
 */
export function faultyTransport(inner: WebhookTransport, faults: FaultRegistry): WebhookTransport {
  return async (request) => {
    const fault = faults.takeWebhook(request);
    if (!fault) return inner(request);
    if (fault.effect === "delay") {
      await pause(fault.delay_ms ?? 0, request.signal);
      return inner(request);
    }
    if (fault.effect === "timeout") {
      return { status: null, headers: null, body: null, error: `timed out after ${request.timeoutMs} ms (sandbox fault ${fault.id})`, durationMs: 0 };
    }
    return { status: fault.status_code, headers: { "content-type": "text/plain" }, body: `sandbox fault ${fault.id}`, error: null, durationMs: 0 };
  };
}
