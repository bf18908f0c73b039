import type { StorageRepositories } from "@bollard/core/storage";
import { sqlChangeRepository } from "./sql-change-repositories.js";
import { sqlChangeVersionRepository } from "./sql-change-versions.js";
import { sqlKeptTextRepository } from "./sql-kept-texts.js";
import { sqlRefreshLogRepository } from "./sql-refresh-log-repositories.js";
import { sqlAccountRepository, sqlApiKeyRepository, sqlMetaRepository, sqlUserRepository } from "./sql-account-repositories.js";
import { sqlCustomFieldDefinitionRepository, sqlCustomFieldOptionRepository, sqlCustomFieldRepository } from "./sql-custom-field-repositories.js";
import { sqlRawEventRepository, sqlTransportEventRepository } from "./sql-event-repositories.js";
import { sqlEventFeedRepository } from "./sql-event-feed.js";
import {
  sqlMetroAreaRepository,
  sqlPortRepository,
  sqlRailTerminalRepository,
  sqlShippingLineRepository,
  sqlTerminalRepository,
  sqlVesselPositionRepository,
  sqlVesselRepository,
} from "./sql-reference-repositories.js";
import { sqlPartyRepository } from "./sql-party-repositories.js";
import type { SqlScope } from "./sql-rows.js";
import { sqlContainerRepository, sqlShipmentRepository } from "./sql-shipment-repositories.js";
import { sqlTariffRepository } from "./sql-tariff-repositories.js";
import { sqlExceptionRepository, sqlExceptionRuleRepository } from "./sql-exception-repositories.js";
import { sqlBulkJobRepository } from "./sql-bulk-job-repositories.js";
import { sqlDomainEventRepository, sqlTrackingRequestRepository } from "./sql-tracking-repositories.js";
import { sqlWebhookNotificationRepository, sqlWebhookReplayRepository, sqlWebhookRepository } from "./sql-webhook-repositories.js";

/** Every repository of the storage contract, each method written once against the executors of `scope`. */
export function sqlRepositories(scope: SqlScope): StorageRepositories {
  return {
    accounts: sqlAccountRepository(scope),
    users: sqlUserRepository(scope),
    apiKeys: sqlApiKeyRepository(scope),
    ports: sqlPortRepository(scope),
    terminals: sqlTerminalRepository(scope),
    railTerminals: sqlRailTerminalRepository(scope),
    metroAreas: sqlMetroAreaRepository(scope),
    shippingLines: sqlShippingLineRepository(scope),
    vessels: sqlVesselRepository(scope),
    vesselPositions: sqlVesselPositionRepository(scope),
    shipments: sqlShipmentRepository(scope),
    containers: sqlContainerRepository(scope),
    changes: sqlChangeRepository(scope),
    refreshLog: sqlRefreshLogRepository(scope),
    transportEvents: sqlTransportEventRepository(scope),
    rawEvents: sqlRawEventRepository(scope),
    eventFeed: sqlEventFeedRepository(scope),
    trackingRequests: sqlTrackingRequestRepository(scope),
    parties: sqlPartyRepository(scope),
    tariffs: sqlTariffRepository(scope),
    exceptionRules: sqlExceptionRuleRepository(scope),
    exceptions: sqlExceptionRepository(scope),
    bulkJobs: sqlBulkJobRepository(scope),
    customFieldDefinitions: sqlCustomFieldDefinitionRepository(scope),
    customFieldOptions: sqlCustomFieldOptionRepository(scope),
    customFields: sqlCustomFieldRepository(scope),
    webhooks: sqlWebhookRepository(scope),
    webhookNotifications: sqlWebhookNotificationRepository(scope),
    webhookReplays: sqlWebhookReplayRepository(scope),
    domainEvents: sqlDomainEventRepository(scope),
    meta: sqlMetaRepository(scope),
    changeVersions: sqlChangeVersionRepository(scope),
    keptTexts: sqlKeptTextRepository(scope),
  };
}
