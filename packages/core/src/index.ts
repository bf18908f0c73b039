/**
 * `@bollard/core`: the in-process SDK of Bollard. Start at {@link createTracker}: it opens a
 * storage (`@bollard/storage-memory`, `@bollard/storage-sqlite`, `@bollard/storage-postgres`),
 * and `tracker.session(principal)` gives one user's typed services over the account's records.
 * Adapter authors use `@bollard/core/storage`, JSON:API servers `@bollard/core/jsonapi`, code
 * that validates like Bollard `@bollard/core/schemas`, tests `@bollard/core/testing`.
 * @packageDocumentation
 */

// The tracker and its options.
export { createTracker, type BackgroundPass, type CloseOptions, type Tracker, type TrackerOptions } from "./tracker.js";
export { WIRE_COMPATS, type WireCompat } from "./jsonapi/wire-compat.js";
export type { WorkCountOptions, WorkCounts } from "./services/work-counts.js";
export type { Documents, ListDocumentOptions, ShipmentDocumentOptions } from "./documents/documents.js";
export { manualClock, realClock, scaledClock, type Clock, type ManualClock } from "./clock/index.js";
export type { PeriodicPass, StopOptions } from "./background/index.js";
export type { Storage } from "./storage/storage.js";
export { createTurnScheduler, type TurnScheduler } from "./storage/turn-end.js";
export { uuidv7 } from "./ids/index.js";
export type { Page } from "./storage/pagination.js";

// Accounts and sessions.
export type { AccountService, IssuedKey, IssueKeyOptions, KeySummary, Principal, RotatedKey } from "./services/account-service.js";
export type { Session } from "./services/session.js";
export type { ListOptions, ListResult, ReadOptions } from "./services/read-options.js";
export { MAX_PAGE_SIZE } from "./services/pagination-defaults.js";
export type { IncludePath, WithRelated } from "./relations/include-paths.js";
export { MAX_INCLUDE_DEPTH, MAX_INCLUDE_PATHS, MAX_INCLUDED_RESOURCES } from "./relations/include-paths.js";
export type { RecordRef, RecordType, RecordTypes } from "./relations/record-types.js";
export type { Relation, ToManyRelation, ToOneRelation } from "./relations/relation-definitions.js";

// The session services, their inputs and options.
export type { ShipmentExportOptions, ShipmentInclude, ShipmentListOptions, ShipmentService, ShipmentUpdate } from "./services/shipment-service.js";
export type { ContainerExportOptions, ContainerInclude, ContainerListOptions, ContainerService, ContainerUpdate } from "./services/container-service.js";
export { CHANGE_PAGE_SIZE, type AsOfReadOptions, type ChangeListOptions } from "./services/history-reads.js";
export type { ContainerEventService } from "./services/container-event-service.js";
export { feedCursor, MAX_FEED_LIMIT, type EventExportOptions, type EventFeedListOptions, type EventFeedPage, type EventFeedService, type FeedEvent, type FeedEventRecords } from "./services/event-feed-service.js";
export type { EventFeedType } from "./storage/event-feed-repositories.js";
export type { TrackingRequestExportOptions, TrackingRequestInclude, TrackingRequestListOptions, TrackingRequestService } from "./services/tracking-request-service.js";
export type { TrackingRequestCreate, TrackingRequestCreateAutoDetect, TrackingRequestCreateCommon, TrackingRequestCreateWithScac, TrackingRequestUpdate, TrackingRequestWrites } from "./services/tracking-request-writes.js";
export type { InitialCustomFieldsInput } from "./custom-fields/initial-custom-fields.js";
export type { ReferenceService, ShippingLineListOptions } from "./services/reference-service.js";
export type { SearchService } from "./services/search-service.js";
export { inferNumber, type InferredCarrier, type InferredNumber, type InferredNumberType, type InferredShippingLine, type InferredValidation } from "./tracking/infer-number.js";
export type {
  CustomFieldDefinitionCreate,
  CustomFieldDefinitionInclude,
  CustomFieldDefinitionListOptions,
  CustomFieldDefinitionService,
  CustomFieldDefinitionUpdate,
  DeletedCustomFieldDefinition,
} from "./services/custom-field-definition-service.js";
export type { CustomFieldOptionCreate, CustomFieldOptionInclude, CustomFieldOptionService, CustomFieldOptionUpdate } from "./services/custom-field-option-service.js";
export type { CustomFieldInclude, CustomFieldListOptions, CustomFieldService, CustomFieldUpdate, CustomFieldUpsert, CustomFieldWriteResult } from "./services/custom-field-service.js";
export type { CustomFieldTarget } from "./custom-fields/custom-field-lookup.js";
export { PARTY_PAGE_SIZE, type PartyInput, type PartyService } from "./services/party-service.js";
export { TARIFF_PAGE_SIZE, type TariffInput, type TariffService } from "./services/tariff-service.js";
export { EXCEPTION_RULE_PAGE_SIZE, type ExceptionRuleService } from "./services/exception-rule-service.js";
export { EXCEPTION_PAGE_SIZE, type ExceptionListOptions, type ExceptionService } from "./services/exception-service.js";
export { MAX_BULK_ROWS, type BulkJobRowListOptions, type BulkJobService, type BulkOptions, type BulkRows, type BulkTrackingRequests, type BulkUpdates } from "./services/bulk-job-service.js";
export * from "./bulk/index.js";
export type { ContainerDemurrageResult, DemurrageReadOptions, DemurrageService, ExposureOptions } from "./services/demurrage-service.js";
export { ETA_ACCURACY_DEFINITION, type EtaAccuracyDefinition, type EtaAccuracyOptions, type EtaAccuracyReport, type EtaService } from "./services/eta-service.js";
export { MAX_VESSEL_POSITIONS, type FuturePositionsFromQuery, type FuturePositionsQuery, type PositionWindowOptions, type VesselService, type VesselWithPositions } from "./services/vessel-service.js";
export type { MapService } from "./services/map-service.js";
export type { WebhookCreate, WebhookOptions, WebhookReplay, WebhookService, WebhookTrigger, WebhookTriggerResult, WebhookUpdate } from "./services/webhook-service.js";
export type { WebhookNotificationInclude, WebhookNotificationListOptions, WebhookNotificationService } from "./services/webhook-notification-service.js";
export type { SandboxClockChange, SandboxClockService, SandboxDataChange, SandboxFaultService, SandboxService, SandboxSnapshotService } from "./services/sandbox-service.js";
export type { SandboxScenario, SandboxScenarioCreate, SandboxScenarioCreated, SandboxScenarioService } from "./services/sandbox-scenario-service.js";
export {
  sandboxClock,
  type Sandbox,
  type SandboxAdvanceSummary,
  type SandboxClock,
  type SandboxClockOptions,
  type SandboxClockState,
  type SandboxClockUpdate,
  type SandboxFault,
  type SandboxFaultCreate,
  type SandboxOptions,
  type SandboxSnapshot,
  type FaultRegistry,
  type StoredSandboxSnapshot,
  type AccountData,
  type DuePass,
  type DuePassSummary,
  type SnapshotScenario,
  type ScenarioDocument,
  type ScenarioContainer,
  type ScenarioVessel,
  type ScenarioLeg,
  type ScenarioRail,
  type ScenarioRollover,
  type ScenarioShownSailing,
  type ScenarioHold,
  type ScenarioFee,
  type ScenarioDateChange,
  type ScenarioLastFreeDays,
  type ScenarioEvent,
  BUILTIN_SCENARIOS,
  builtinScenarioDocument,
  type BuiltinScenario,
  type ScenarioRegistry,
  type ScenarioLookup,
  type RegisteredScenario,
  type ScenarioTimeline,
  type ScriptedEvent,
} from "./sandbox/index.js";

// The records, and the enums of their fields.
export type {
  Account,
  ApiKey,
  Change,
  ChangeResourceType,
  ChangeSource,
  Container,
  ChargeExposure,
  ChargeMilestone,
  ChargeType,
  ContainerDemurrage,
  ExposureGroup,
  ExposureGroupBy,
  ContainerFee,
  ContainerHold,
  ContainerStatus,
  CustomField,
  CustomFieldDataType,
  CustomFieldDefaultValue,
  CustomFieldDefinition,
  CustomFieldEntityType,
  CustomFieldOption,
  CustomFieldTargetType,
  CustomFieldValidation,
  CustomFieldValue,
  DomainEvent,
  DomainEventObjectType,
  EquipmentHeight,
  EquipmentLength,
  EquipmentType,
  FailedReason,
  FeeType,
  HoldName,
  HoldStatus,
  ImportDeadlines,
  InitialCustomField,
  InitialCustomFields,
  LineTrackingStoppedReason,
  LocationType,
  MetroArea,
  LastFreeDayBasis,
  LastFreeDayFigure,
  Money,
  Party,
  Port,
  RailTerminal,
  RawEvent,
  RateTier,
  RawEventName,
  RequestType,
  Shipment,
  ShippingLine,
  Terminal,
  TerminalFacilityType,
  TerminalType,
  Timestamp,
  Tariff,
  TariffAttributes,
  ExceptionKind,
  ExceptionRule,
  ExceptionRuleAttributes,
  ExceptionRulePatch,
  ExceptionStatus,
  ShipmentException,
  BulkColumn,
  BulkFormat,
  BulkJob,
  BulkJobKind,
  BulkJobRow,
  BulkJobStatus,
  BulkRowCounts,
  BulkRowError,
  BulkRowStatus,
  ServedBulkJobRow,
  TrackingRequest,
  TrackingRequestStatus,
  TransportEvent,
  TransportEventDataSource,
  TransportEventName,
  User,
  UserRole,
  Vessel,
  VesselPosition,
  VesselPositionRecord,
  Weekday,
  WorkingDay,
  HolidayCalendar,
  Webhook,
  WebhookDeliveryStatus,
  WebhookEventName,
  WebhookHeader,
  WebhookNotification,
  WebhookNotificationAttempt,
  WebhookReplayRecord,
  WebhookReplayStatus,
} from "./domain/index.js";

// Errors.
export {
  BollardError,
  ERROR_CODES,
  ForbiddenError,
  isBollardError,
  NotFoundError,
  UnauthorizedError,
  ValidationError,
  type BollardErrorOptions,
  type ErrorCode,
  type ErrorCodeInfo,
  type FieldPath,
} from "./errors/index.js";
export { editDistance, suggestKey, unknownKeyDetail } from "./validation/unknown-keys.js";

// Tracking: carrier sources, your own feeds, refresh.
export {
  DEFAULT_REFRESH_POLICY,
  type CarrierFetchContext,
  type CarrierRequest,
  type CarrierResult,
  type CarrierSnapshot,
  type CarrierSnapshotInput,
  type CarrierSource,
  type EventsIngest,
  type IngestReference,
  type IngestResult,
  type IngestService,
  type IngestTarget,
  type PositionIngestResult,
  type PositionReportInput,
  type RefreshOutcome,
  type RefreshPolicy,
  type RefreshScheduler,
  type RefreshSummary,
  type SnapshotIngest,
} from "./tracking/index.js";
export { simulatedCarrier, DEFAULT_ETA_NOISE, type EtaNoise, type EtaNoiseOptions, type SimulatedCarrierOptions } from "./simulated-carrier/index.js";

// Webhooks: delivery, and checking the signatures of a delivery you receive.
export {
  DEFAULT_DELIVERED_MAX_AGE_MS,
  DEFAULT_WEBHOOK_DELIVERY_POLICY,
  DEFAULT_WEBHOOK_REPLAY_SETTINGS,
  nodeHttpTransport,
  standardWebhooksSecret,
  standardWebhooksSignature,
  t49Signature,
  verifyT49Signature,
  WEBHOOK_EVENT_CATEGORIES,
  type HostLookup,
  type HttpTransportOptions,
  type OutboxRetentionOptions,
  type WebhookDeliveryPolicy,
  type WebhookDeliverySummary,
  type WebhookDispatcher,
  type WebhookEventCategory,
  type WebhookEventDescription,
  type WebhookHttpRequest,
  type WebhookHttpResponse,
  type WebhookPayload,
  type WebhookReplayOptions,
  type WebhookReplayPass,
  type WebhookReplayPassSummary,
  type WebhookReplaySettings,
  type WebhookWorker,
  type WebhookTransport,
} from "./webhooks/index.js";

// Vessel position retention.
export {
  createPositionRetention, thinnedAway, DEFAULT_FULL_RESOLUTION_MS, DEFAULT_THINNED_INTERVAL_MS, DEFAULT_TURN_DEGREES,
  type PositionRetention, type PositionRetentionOptions, type PositionRetentionSummary,
} from "./vessels/index.js";

// Demurrage and detention, as pure functions over facts and rules, and the alert pass.
export { DEMURRAGE_ALERT_EVENTS, type DemurrageAlerts, type DemurrageAlertSummary } from "./demurrage/demurrage-alerts.js";
export {
  chargeFactsOf, containerDemurrage, createCalendars, SAMPLE_TARIFFS, sumMoney,
  type Calendars, type ChargeFacts, type DemurrageOptions, type LocalDate, type MilestoneFact,
} from "./demurrage/index.js";

// Exception rules: the pure evaluation and the pass that raises and clears exceptions.
export {
  createExceptionPass, DEFAULT_EXCEPTION_EVERY_MS, DEFAULT_EXCEPTION_THRESHOLDS, effectiveRules, etaSlipOf, exceptionConditions, exceptionEvaluator, reconcileExceptions,
  type EffectiveRule, type EffectiveRules, type EtaSlip, type EvaluatedShipment, type ExceptionChanges, type ExceptionCondition, type ExceptionFacts,
  type ExceptionPass, type ExceptionPassOptions, type ExceptionPassSummary, type LocalDayOf,
} from "./exceptions/index.js";

// ETA: delays against the first and departure ETAs, the pluggable arrival predictor, accuracy.
export {
  accuracyRows, baselinePredictor, delayHours, forecastSamples, horizonOf, learnCarrierBias, recentSpeedKnots, ETA_SOURCES, HORIZONS, MAX_HORIZON_DAYS, SAMPLE_EVERY_HOURS,
  type ArrivalHistory, type HorizonBin, type PredictionPlace, type LaneArrivalHistory, type CarrierBias, type CarrierBiasTable, type EtaPrediction, type EtaPredictor, type ForecastSample, type PredictionInput, type PredictionPosition,
} from "./eta/index.js";

// Maps and demo data.
export type { ContainerMap, ContainerMapFeature } from "./map/index.js";
export { generateDemoDataset, type DemoDataset, type DemoDatasetOptions } from "./demo/index.js";
