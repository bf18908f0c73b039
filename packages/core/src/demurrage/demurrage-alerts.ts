import { periodicPass, type PassControl, type PeriodicPass } from "../background/index.js";
import type { Clock } from "../clock/index.js";
import type { ChargeExposure, ContainerDemurrage } from "../domain/demurrage-schema.js";
import type { DomainEvent, WebhookEventName } from "../domain/index.js";
import { uuidv7 } from "../ids/index.js";
import type { Storage } from "../storage/index.js";
import { upgradeWebhook } from "../storage/record-upgrades.js";
import { recordDomainEvents } from "../tracking/record-domain-events.js";
import type { Calendars } from "./calendars.js";
import { accountDemurrage } from "./account-demurrage.js";
import { PICKUP_CHARGES } from "./container-demurrage.js";
import { dayNumberOf } from "./local-date.js";

/** The webhook events the alert pass raises. */
export const DEMURRAGE_ALERT_EVENTS: readonly WebhookEventName[] = ["container.free_time.ending", "container.demurrage.started", "container.detention.started"];

/** What one alert pass did. */
export interface DemurrageAlertSummary {
  /** Accounts with a webhook subscribed to an alert, whose containers it went through. */
  accounts: number;
  /** Containers it worked out. */
  containers: number;
  /** Alerts it raised (domain events, each queued to the webhooks that want it). */
  total: number;
}

/** The alert pass: `runDue()` raises what today's figures call for, once each. */
export type DemurrageAlerts = PeriodicPass<DemurrageAlertSummary>;

/** Which alerts a container has had, kept as a text per container (`keptTexts`). */
const SENT_STAMP = "demurrage-alerts/1";
const sentKey = (containerId: string) => `demurrage-alerts/${containerId}`;
const ACCOUNT_PAGE = 100;

/** 15 minutes: how often the pass runs beside the refresh loop by default. */
export const DEFAULT_DEMURRAGE_ALERT_EVERY_MS = 15 * 60 * 1000;

/**
 * The demurrage and detention alerts, raised on the clock from the same figures as
 * `GET /v2/containers/{id}/demurrage`: `container.free_time.ending` when a container's binding last
 * free day is within a webhook's `free_time_ending_days` (one event per setting in use, so each
 * webhook hears of it on its own day), `container.demurrage.started` when a pickup charge passes its
 * last free day and `container.detention.started` when detention does. Each alert is raised once per
 * container, charge and last free day (a moved last free day is a new one), remembered in the
 * storage's kept texts in the same transaction as its domain event; a storage without kept texts
 * raises none rather than repeat them. Only accounts with a webhook subscribed to one are read.
 */
export function createDemurrageAlerts(config: { storage: Storage; clock: Clock; calendars: Calendars; onError?: (error: unknown) => void }): DemurrageAlerts {
  const { storage, clock, calendars } = config;
  const empty = (): DemurrageAlertSummary => ({ accounts: 0, containers: 0, total: 0 });

  async function alertAccount(accountId: string, control: PassControl, summary: DemurrageAlertSummary): Promise<void> {
    const webhooks = (await storage.webhooks.listActive(accountId)).map(upgradeWebhook).filter((w) => w.events.some((e) => DEMURRAGE_ALERT_EVENTS.includes(e)));
    if (webhooks.length === 0 || !storage.keptTexts) return;
    summary.accounts++;
    const daysAhead = [...new Set(webhooks.filter((w) => w.events.includes("container.free_time.ending")).map((w) => w.free_time_ending_days))];
    const now = clock.now();
    for await (const page of accountDemurrage(storage, accountId, { now, calendars, working: false })) {
      if (control.stopping) return;
      const sent = await storage.keptTexts.get(accountId, page.map(({ container }) => sentKey(container.id)), SENT_STAMP);
      const events: DomainEvent[] = [];
      const kept: { key: string; text: string }[] = [];
      for (const { container, shipment, demurrage } of page) {
        if (shipment?.line_tracking_stopped_at) continue;
        summary.containers++;
        const before = sentAlerts(sent.get(sentKey(container.id)));
        const raised = alertsOf(demurrage, daysAhead).filter((alert) => !before.includes(alert.key));
        if (raised.length === 0) continue;
        for (const alert of raised) {
          const id = uuidv7();
          events.push({
            id, account_id: accountId, event: alert.event, tracking_request_id: shipment?.tracking_request_id ?? null, shipment_id: container.shipment_id, container_id: container.id,
            reference_object_type: "container_demurrage_event", reference_object_id: id, occurred_at: now.toISOString(), created_at: now.toISOString(),
            data: { ...alert.data, timezone: demurrage.charges[0]?.time_zone ?? null },
          });
        }
        kept.push({ key: sentKey(container.id), text: JSON.stringify([...before, ...raised.map((alert) => alert.key)]) });
      }
      if (events.length > 0) {
        await storage.transaction(async (tx) => {
          await recordDomainEvents(tx, events);
          await tx.keptTexts?.put(accountId, kept, SENT_STAMP);
        });
        summary.total += events.length;
      }
    }
  }

  return periodicPass(
    async (control) => {
      const summary = empty();
      for (let number = 1; !control.stopping; number++) {
        const accounts = await storage.accounts.list({ number, size: ACCOUNT_PAGE });
        for (const account of accounts.items) await alertAccount(account.id, control, summary);
        if (accounts.items.length < ACCOUNT_PAGE) break;
      }
      return summary;
    },
    empty,
    config.onError,
  );
}

/** The keys of the alerts a container has had; a text that does not read as a list of keys counts as none. */
function sentAlerts(text: string | undefined): string[] {
  try {
    const keys: unknown = JSON.parse(text ?? "[]");
    return Array.isArray(keys) ? keys.filter((key): key is string => typeof key === "string") : [];
  } catch {
    return [];
  }
}

/** One alert a container's figures call for, with its key (what makes it once only) and event data. */
interface Alert {
  key: string;
  event: WebhookEventName;
  data: Record<string, unknown>;
}

/** The alerts of a container's figures today; the caller drops those already raised. */
export function alertsOf(demurrage: ContainerDemurrage, daysAhead: readonly number[]): Alert[] {
  const alerts: Alert[] = [];
  const today = dayNumberOf(demurrage.as_of);
  for (const charge of demurrage.charges) {
    if (charge.last_free_day === null || charge.basis === null) continue;
    const daysUntil = dayNumberOf(charge.last_free_day) - today;
    if (charge.status === "charging") {
      const event = PICKUP_CHARGES.has(charge.charge_type) ? "container.demurrage.started" : "container.detention.started";
      alerts.push({ key: `${charge.charge_type}:${charge.last_free_day}:started`, event, data: dataOf(event, charge, daysUntil, null) });
    }
  }
  // Free time ending: the binding pickup deadline only (the one a driver has to meet).
  const binding = demurrage.charges.find((c) => c.charge_type === demurrage.last_free_day_charge_type && c.last_free_day === demurrage.last_free_day);
  if (binding && binding.status === "free" && binding.basis !== null) {
    const daysUntil = dayNumberOf(binding.last_free_day!) - today;
    for (const days of daysAhead) {
      if (daysUntil >= 0 && daysUntil <= days) {
        alerts.push({ key: `ending:${binding.last_free_day}:${days}`, event: "container.free_time.ending", data: dataOf("container.free_time.ending", binding, daysUntil, days) });
      }
    }
  }
  return alerts;
}

function dataOf(event: WebhookEventName, charge: ChargeExposure, daysUntil: number, daysAhead: number | null): Record<string, unknown> {
  return {
    event,
    charge_type: charge.charge_type,
    last_free_day: charge.last_free_day,
    basis: charge.basis,
    days_until_last_free_day: daysUntil,
    days_ahead: daysAhead,
    accrued: charge.accrued,
    projected: charge.projected,
    projected_through: charge.projected_through,
    tariff_id: charge.tariff_id,
  };
}
