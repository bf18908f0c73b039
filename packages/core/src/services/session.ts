import type { BulkJobRunner } from "../bulk/bulk-job-runner.js";
import { createBulkJobService, createBulkUpdates, type BulkJobService, type BulkUpdates } from "./bulk-job-service.js";
import type { Clock } from "../clock/index.js";
import { ForbiddenError } from "../errors/index.js";
import type { Storage } from "../storage/index.js";
import type { CarrierSource } from "../tracking/carrier-source.js";
import type { SessionContext } from "./session-context.js";
import type { Principal } from "./account-service.js";
import { createContainerService, type ContainerService } from "./container-service.js";
import { createCustomFieldDefinitionService, type CustomFieldDefinitionService } from "./custom-field-definition-service.js";
import { createCustomFieldService, type CustomFieldService } from "./custom-field-service.js";
import { createEventFeedService, type EventFeedService } from "./event-feed-service.js";
import { createMapService, type MapService } from "./map-service.js";
import { createPartyService, type PartyService } from "./party-service.js";
import { createReferenceService, type ReferenceService } from "./reference-service.js";
import { createSandboxService, type SandboxService } from "./sandbox-service.js";
import type { Sandbox } from "../sandbox/sandbox.js";
import { createSearchService, type SearchService } from "./search-service.js";
import { createShipmentService, type ShipmentService } from "./shipment-service.js";
import { createTrackingRequestService, type TrackingRequestService } from "./tracking-request-service.js";
import { createVesselService, type VesselService } from "./vessel-service.js";
import { createWebhookNotificationService, type WebhookNotificationService } from "./webhook-notification-service.js";
import { createWebhookService, defaultWebhookSettings, type WebhookService, type WebhookSettings } from "./webhook-service.js";
import { createTariffService, type TariffService } from "./tariff-service.js";
import { createDemurrageService, type DemurrageService } from "./demurrage-service.js";
import { createEtaService, type EtaService } from "./eta-service.js";
import { createExceptionRuleService, type ExceptionRuleService } from "./exception-rule-service.js";
import { createExceptionService, type ExceptionService } from "./exception-service.js";
import { type Calendars, createCalendars } from "../demurrage/calendars.js";

/**
 * The tracker as seen by one user of one account: every read and write is scoped to the account,
 * records of other accounts are invisible (404), and writes need the `editor` role (403 otherwise).
 */
export interface Session {
  /** Who the session acts as. */
  readonly principal: Principal;
  /** The account's shipments, edited one at a time or in bulk. */
  readonly shipments: ShipmentService & BulkUpdates;
  /** The account's containers and their events, edited one at a time or in bulk. */
  readonly containers: ContainerService & BulkUpdates;
  /** Every transport and raw event of the account in the order Bollard learned them, read with a cursor. */
  readonly events: EventFeedService;
  /** The account's tracking requests, one at a time or in bulk. */
  readonly trackingRequests: TrackingRequestService;
  /** The account's bulk jobs (imports): progress and per-row results. */
  readonly bulkJobs: BulkJobService;
  /** Ports, terminals, metro areas and shipping lines (shared by every account). */
  readonly reference: ReferenceService;
  /** Custom field definitions, their options, and the service templates. */
  readonly customFieldDefinitions: CustomFieldDefinitionService;
  /** Custom field values on shipments, containers and tracking requests. */
  readonly customFields: CustomFieldService;
  /** The account's parties: the customers tracking requests name. */
  readonly parties: PartyService;
  /** The account's tariff rules: free time and daily rates for demurrage, detention and storage. */
  readonly tariffs: TariffService;
  /** Demurrage and detention of the account's containers: last free days, money accrued and projected, and the working. */
  readonly demurrage: DemurrageService;
  /** The account's exception rules: thresholds per kind (docs/exceptions.md). */
  readonly exceptionRules: ExceptionRuleService;
  /** The exceptions the rules raised on the account's shipments, open and cleared. */
  readonly exceptions: ExceptionService;
  /** ETA accuracy over the account's arrived shipments, per source and horizon (docs/eta.md). */
  readonly eta: EtaService;
  /** Vessels (shared by every account), their positions and forecasts along the sea lanes. */
  readonly vessels: VesselService;
  /** The GeoJSON maps of the account's containers. */
  readonly maps: MapService;
  /** Webhook subscriptions, the events catalogue and test deliveries. */
  readonly webhooks: WebhookService;
  /** Webhook notifications with their delivery attempts, and payload examples. */
  readonly webhookNotifications: WebhookNotificationService;
  /** Search over the account's shipments and containers. */
  readonly search: SearchService;
  /** The sandbox controls of the session's account: clock, faults, reset, snapshots (404s unless the tracker is a sandbox). */
  readonly sandbox: SandboxService;
}

/** What every session of a tracker is made from. */
export interface SessionParts {
  /** The tracker's storage. */
  storage: Storage;
  /** The tracker's clock. */
  clock: Clock;
  /** The carrier source. */
  carrier: CarrierSource;
  /** Webhook settings. @default defaultWebhookSettings() */
  webhooks?: WebhookSettings;
  /** The sandbox, when the tracker is one. @default null */
  sandbox?: Sandbox | null;
  /** Public holidays and zone offsets, shared by every session so each is computed once. @default createCalendars() */
  calendars?: Calendars;
  /** What works the bulk jobs the session starts: the tracker's runner. */
  bulkJobs: Pick<BulkJobRunner, "kick">;
}

/** Creates a {@link Session} for a principal. */
export function createSession(parts: SessionParts, principal: Principal): Session {
  const { storage, clock, carrier, webhooks = defaultWebhookSettings(), sandbox = null, calendars = createCalendars() } = parts;
  const context: SessionContext = {
    storage,
    clock,
    carrier,
    principal,
    accountId: principal.account.id,
    requireEditor() {
      if (principal.user.role !== "editor") throw new ForbiddenError("Your role (viewer) does not allow changes");
    },
  };
  const trackingRequests = createTrackingRequestService(context, parts.bulkJobs);
  return {
    principal,
    shipments: { ...createShipmentService(context), ...createBulkUpdates(context, parts.bulkJobs, "shipment") },
    containers: { ...createContainerService(context, calendars), ...createBulkUpdates(context, parts.bulkJobs, "container") },
    events: createEventFeedService(context),
    trackingRequests,
    bulkJobs: createBulkJobService(context),
    reference: createReferenceService(context),
    customFieldDefinitions: createCustomFieldDefinitionService(context),
    customFields: createCustomFieldService(context),
    parties: createPartyService(context),
    tariffs: createTariffService(context),
    demurrage: createDemurrageService(context, calendars),
    exceptionRules: createExceptionRuleService(context),
    exceptions: createExceptionService(context),
    eta: createEtaService(context),
    vessels: createVesselService(context),
    maps: createMapService(context),
    webhooks: createWebhookService(context, webhooks),
    webhookNotifications: createWebhookNotificationService(context),
    search: createSearchService(context),
    sandbox: createSandboxService(context, sandbox, trackingRequests),
  };
}
