import { periodicPass, type PassControl, type PeriodicPass } from "../background/index.js";
import type { Clock } from "../clock/index.js";
import type { Container, DomainEvent, Shipment, ShipmentException, TransportEvent } from "../domain/index.js";
import { uuidv7 } from "../ids/index.js";
import type { KeptText, Storage } from "../storage/index.js";
import { recordDomainEvents } from "../tracking/record-domain-events.js";
import { allExceptionRules } from "./account-exception-rules.js";
import { exceptionEvaluator, isInactive, type LocalDayOf } from "./exception-conditions.js";
import { reconcileExceptions, type EvaluatedShipment } from "./exception-reconcile.js";
import { effectiveRules, type EffectiveRules } from "./exception-thresholds.js";

/** What one evaluation pass did. */
export interface ExceptionPassSummary {
  /** Accounts whose shipments it went through. */
  accounts: number;
  /** Shipments it evaluated. */
  shipments: number;
  /** Exceptions it raised. */
  raised: number;
  /** Exceptions it cleared. */
  cleared: number;
  /** Raised and cleared together (what a sandbox advance counts). */
  total: number;
}

/** The exception pass: `runDue()` evaluates every shipment of every account once against its rules. */
export type ExceptionPass = PeriodicPass<ExceptionPassSummary>;

/** 5 minutes: how often the pass runs beside the refresh loop by default. */
export const DEFAULT_EXCEPTION_EVERY_MS = 5 * 60 * 1000;

const PAGE = 500;
/** When a box's current holds were first seen, kept as a text per container (`keptTexts`). */
const HOLD_STAMP = "exception-holds/1";
const holdKey = (containerId: string) => `exception-holds/${containerId}`;

/** What the pass remembers of holds for a page: when each held box's holds began, and what to keep and forget. */
interface HoldMemory {
  since: Map<string, string>;
  remember: KeptText[];
  forget: string[];
}
const ACCOUNT_PAGE = 100;
const TRANSSHIPMENT = /^container\.transport\.transshipment_/;

/** What {@link createExceptionPass} needs. */
export interface ExceptionPassOptions {
  /** Where shipments, rules and exceptions are read and written. */
  storage: Storage;
  /** The tracker's clock (the sandbox clock in a sandbox). */
  clock: Clock;
  /** The local day of an instant in a zone (the last free day rule counts local dates). */
  localDayOf: LocalDayOf;
  /** Hears of a failed pass. */
  onError?: (error: unknown) => void;
}

/** The domain event (webhook outbox) of a raised or cleared exception: its data is the record as it now stands. */
export function exceptionDomainEvent(exception: ShipmentException, trackingRequestId: string | null): DomainEvent {
  const { account_id: _account, ...record } = exception;
  const at = exception.status === "open" ? exception.raised_at : exception.cleared_at!;
  return {
    id: uuidv7(), account_id: exception.account_id, event: exception.status === "open" ? "shipment.exception.raised" : "shipment.exception.cleared",
    tracking_request_id: trackingRequestId, shipment_id: exception.shipment_id, container_id: exception.container_id,
    reference_object_type: "exception", reference_object_id: exception.id, occurred_at: at, created_at: at, data: record,
  };
}

/**
 * The exception rules' evaluation: every shipment of every account, a page of 500 at a time (the
 * page's containers, open exceptions, and, only where a rule needs them, the transshipment events of
 * boxes at sea and when the holds of boxes at the port began, each one batch read), through the pure
 * {@link exceptionConditions} and {@link reconcileExceptions}; what a page raises and clears is
 * written with its domain events (the webhook outbox) in one transaction. Rides along the refresh
 * loop on its own timer, and runs after each step of a sandbox clock advance, so the refresh and
 * ingest paths and the clock's passing are all seen.
 */
export function createExceptionPass(options: ExceptionPassOptions): ExceptionPass {
  const { storage, clock, localDayOf } = options;
  const empty = (): ExceptionPassSummary => ({ accounts: 0, shipments: 0, raised: 0, cleared: 0, total: 0 });

  async function evaluatePage(accountId: string, shipments: readonly Shipment[], rules: EffectiveRules, summary: ExceptionPassSummary): Promise<void> {
    const ids = shipments.map((s) => s.id);
    const [containers, open] = await Promise.all([storage.containers.listByShipments(accountId, ids), storage.exceptions.listOpenByShipments(accountId, ids)]);
    const byShipment = new Map<string, Container[]>();
    for (const container of containers) {
      const list = byShipment.get(container.shipment_id);
      if (list) list.push(container);
      else byShipment.set(container.shipment_id, [container]);
    }
    const active = shipments.filter((s) => !isInactive({ shipment: s, containers: byShipment.get(s.id) ?? [] }));
    const activeIds = new Set(active.map((s) => s.id));
    const live = containers.filter((c) => activeIds.has(c.shipment_id));
    const now = clock.now();
    const [transshipmentEvents, holds] = await Promise.all([transshipmentsOf(accountId, live, rules), holdsSinceOf(accountId, live, rules, now.toISOString())]);
    const holdsSince = holds.since;
    const evaluate = exceptionEvaluator(rules, now.getTime(), localDayOf);
    const evaluated: EvaluatedShipment[] = shipments.map((shipment) => {
      const facts = { shipment, containers: byShipment.get(shipment.id) ?? [], transshipmentEvents, holdsSince };
      return { shipment_id: shipment.id, active: activeIds.has(shipment.id), conditions: evaluate(facts) };
    });
    summary.shipments += shipments.length;
    const { raised, cleared } = reconcileExceptions(accountId, evaluated, open, rules, now.toISOString(), uuidv7);
    if (raised.length === 0 && cleared.length === 0 && holds.remember.length === 0 && holds.forget.length === 0) return;
    const byId = new Map(shipments.map((s) => [s.id, s]));
    // A shipment whose tracking is stopped records no domain event: its exceptions clear without a notification.
    const events = [...cleared, ...raised].flatMap((e) => {
      const shipment = byId.get(e.shipment_id);
      return shipment?.line_tracking_stopped_at ? [] : [exceptionDomainEvent(e, shipment?.tracking_request_id ?? null)];
    });
    await storage.transaction(async (tx) => {
      if (raised.length > 0) await tx.exceptions.insertMany(raised);
      for (const exception of cleared) await tx.exceptions.update(exception);
      await recordDomainEvents(tx, events);
      if (holds.remember.length > 0) await tx.keptTexts?.put(accountId, holds.remember, HOLD_STAMP);
      if (holds.forget.length > 0) await tx.keptTexts?.drop(accountId, holds.forget);
    });
    summary.raised += raised.length;
    summary.cleared += cleared.length;
    summary.total += raised.length + cleared.length;
  }

  /** The transshipment events of boxes between lading and discharge, one read for the page. */
  async function transshipmentsOf(accountId: string, containers: readonly Container[], rules: EffectiveRules): Promise<Map<string, TransportEvent[]>> {
    const byContainer = new Map<string, TransportEvent[]>();
    if (!rules.transshipment_dwell.enabled) return byContainer;
    const atSea = containers.filter((c) => c.pod_arrived_at === null && c.pod_discharged_at === null && c.current_status === "on_ship");
    if (atSea.length === 0) return byContainer;
    for (const event of (await storage.transportEvents.listByContainers(accountId, atSea.map((c) => c.id))).items) {
      if (event.container_id === null || !TRANSSHIPMENT.test(event.event)) continue;
      const list = byContainer.get(event.container_id);
      if (list) list.push(event);
      else byContainer.set(event.container_id, [event]);
    }
    for (const container of atSea) if (!byContainer.has(container.id)) byContainer.set(container.id, []);
    return byContainer;
  }

  /**
   * When each held box's holds were first seen, remembered in the kept texts (one read for the page):
   * a box held now and not remembered starts now; a box no longer held is forgotten. Without kept
   * texts, none is known and the evaluation counts from discharge.
   */
  async function holdsSinceOf(accountId: string, containers: readonly Container[], rules: EffectiveRules, nowIso: string): Promise<HoldMemory> {
    const memory: HoldMemory = { since: new Map(), remember: [], forget: [] };
    if (!rules.hold_too_long.enabled || !storage.keptTexts) return memory;
    const watched = containers.filter((c) => c.pod_discharged_at !== null || c.pod_arrived_at !== null);
    if (watched.length === 0) return memory;
    const kept = await storage.keptTexts.get(accountId, watched.map((c) => holdKey(c.id)), HOLD_STAMP);
    for (const container of watched) {
      const key = holdKey(container.id);
      const held = container.pod_full_out_at === null && container.holds_at_pod_terminal.some((h) => h.status === "hold");
      const since = kept.get(key);
      if (held) {
        memory.since.set(container.id, since ?? nowIso);
        if (since === undefined) memory.remember.push({ key, text: nowIso });
      } else if (since !== undefined) memory.forget.push(key);
    }
    return memory;
  }

  async function evaluateAccount(accountId: string, control: PassControl, summary: ExceptionPassSummary): Promise<void> {
    const rules = effectiveRules(await allExceptionRules(storage, accountId));
    summary.accounts++;
    for (let number = 1; !control.stopping; number++) {
      const page = await storage.shipments.list(accountId, { page: { number, size: PAGE } });
      if (page.items.length > 0) await evaluatePage(accountId, page.items, rules, summary);
      if (page.items.length < PAGE) return;
    }
  }

  const pass = periodicPass(
    async (control) => {
      const summary = empty();
      for (let number = 1; !control.stopping; number++) {
        const accounts = await storage.accounts.list({ number, size: ACCOUNT_PAGE });
        for (const account of accounts.items) await evaluateAccount(account.id, control, summary);
        if (accounts.items.length < ACCOUNT_PAGE) break;
      }
      return summary;
    },
    empty,
    options.onError,
  );
  let started = false;
  return {
    ...pass,
    // The first evaluation runs as the loop starts, not one interval later: a restarted server shows its exceptions at once.
    start(everyMs) {
      pass.start(everyMs);
      if (started) return;
      started = true;
      pass.runDue().catch((error) => options.onError?.(error));
    },
  };
}
