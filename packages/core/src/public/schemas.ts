/**
 * `@bollard/core/schemas`: the zod schemas behind the SDK's types. The records (one schema per
 * entity, with their enums and validators) and the inputs and filters of the session services, for
 * code that validates or describes data the way Bollard does (the HTTP API's OpenAPI document and
 * query parsing use them).
 * @packageDocumentation
 */
export * from "../domain/index.js";
export { ShipmentFiltersSchema, ShipmentUpdateSchema } from "../services/shipment-service.js";
export { ContainerFiltersSchema, ContainerUpdateSchema } from "../services/container-service.js";
export { TrackingRequestFiltersSchema } from "../services/tracking-request-service.js";
export { TrackingRequestCreateSchema, TrackingRequestPatchSchema } from "../services/tracking-request-writes.js";
export { InitialCustomFieldsInputSchema } from "../custom-fields/initial-custom-fields.js";
export { CustomFieldDefinitionCreateSchema, CustomFieldDefinitionFiltersSchema, CustomFieldDefinitionPatchSchema } from "../services/custom-field-definition-service.js";
export { CustomFieldFiltersSchema } from "../services/custom-field-service.js";
export { CustomFieldOptionCreateSchema, CustomFieldOptionPatchSchema, CustomFieldOptionValueSchema } from "../services/custom-field-option-service.js";
export { ShippingLineFiltersSchema } from "../services/reference-service.js";
export { WebhookNotificationFiltersSchema } from "../services/webhook-notification-service.js";
export { TimestampInputSchema, WebhookCreateSchema, WebhookPatchSchema, WebhookReplaySchema, WebhookTriggerSchema } from "../webhooks/webhook-input.js";
export { SandboxClockUpdateSchema, SandboxFaultCreateSchema } from "../sandbox/sandbox-input.js";
export { ScenarioDocumentSchema } from "../sandbox/scenarios/scenario-document-schema.js";
export { CarrierSnapshotSchema, SnapshotTransportEventSchema } from "../tracking/snapshot-schema.js";
export { PositionReportSchema } from "../tracking/position-ingest.js";
// Custom field typing and display, to check a value before sending it.
export * from "../custom-fields/index.js";
export { EventExportFiltersSchema, EventFeedOptionsSchema } from "../services/event-feed-service.js";
export { ExportFormatSchema, ExportOptionsSchema } from "../bulk/table-export.js";
export { DemurrageOptionsSchema, ExposureOptionsSchema } from "../services/demurrage-service.js";
export { MoneySchema } from "../domain/demurrage-schema.js";
export { EtaAccuracyOptionsSchema } from "../services/eta-service.js";
export { ExceptionFiltersSchema } from "../services/exception-service.js";
