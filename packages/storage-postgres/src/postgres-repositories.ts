import { REPOSITORY_NOUNS, type StorageRepositories } from "@bollard/core/storage";
import { postgresAccountRepository, postgresApiKeyRepository, postgresMetaRepository, postgresUserRepository } from "./postgres-account-repositories.js";
import {
  postgresCustomFieldDefinitionRepository,
  postgresCustomFieldOptionRepository,
  postgresCustomFieldRepository,
} from "./postgres-custom-field-repositories.js";
import type { RepositoryScope } from "./postgres-rows.js";
import { translatePostgresError } from "./postgres-errors.js";
import { postgresRawEventRepository, postgresTransportEventRepository } from "./postgres-event-repositories.js";
import {
  postgresMetroAreaRepository,
  postgresPortRepository,
  postgresRailTerminalRepository,
  postgresShippingLineRepository,
  postgresTerminalRepository,
  postgresVesselPositionRepository,
  postgresVesselRepository,
} from "./postgres-reference-repositories.js";
import { postgresContainerRepository, postgresShipmentRepository } from "./postgres-shipment-repositories.js";
import { postgresDomainEventRepository, postgresTrackingRequestRepository } from "./postgres-tracking-repositories.js";
import { postgresWebhookNotificationRepository, postgresWebhookRepository } from "./postgres-webhook-repositories.js";

/** Every repository, each method written once against the executors of `scope`. */
function buildRepositories(scope: RepositoryScope): StorageRepositories {
  return {
    accounts: postgresAccountRepository(scope),
    users: postgresUserRepository(scope),
    apiKeys: postgresApiKeyRepository(scope),
    ports: postgresPortRepository(scope),
    terminals: postgresTerminalRepository(scope),
    railTerminals: postgresRailTerminalRepository(scope),
    metroAreas: postgresMetroAreaRepository(scope),
    shippingLines: postgresShippingLineRepository(scope),
    vessels: postgresVesselRepository(scope),
    vesselPositions: postgresVesselPositionRepository(scope),
    shipments: postgresShipmentRepository(scope),
    containers: postgresContainerRepository(scope),
    transportEvents: postgresTransportEventRepository(scope),
    rawEvents: postgresRawEventRepository(scope),
    trackingRequests: postgresTrackingRequestRepository(scope),
    customFieldDefinitions: postgresCustomFieldDefinitionRepository(scope),
    customFieldOptions: postgresCustomFieldOptionRepository(scope),
    customFields: postgresCustomFieldRepository(scope),
    webhooks: postgresWebhookRepository(scope),
    webhookNotifications: postgresWebhookNotificationRepository(scope),
    domainEvents: postgresDomainEventRepository(scope),
    meta: postgresMetaRepository(scope),
  };
}

type AnyMethod = (...args: unknown[]) => Promise<unknown>;

/** Runs one repository call; the storage uses it to refuse calls when closed and to track them. */
export type CallGate = <T>(call: () => Promise<T>) => Promise<T>;

const direct: CallGate = (call) => call();

/**
 * Wraps every method so that driver errors become the BollardErrors the contract promises, and
 * each call passes through `gate`.
 */
function guarded(repositories: StorageRepositories, gate: CallGate): StorageRepositories {
  const out: Record<string, Record<string, AnyMethod>> = {};
  for (const [name, repository] of Object.entries(repositories) as [keyof StorageRepositories, Record<string, AnyMethod>][]) {
    const noun = REPOSITORY_NOUNS[name];
    const wrapped: Record<string, AnyMethod> = {};
    for (const [method, fn] of Object.entries(repository)) {
      wrapped[method] = (...args) =>
        gate(async () => {
          try {
            return await fn(...args);
          } catch (error) {
            throw translatePostgresError(error, noun);
          }
        });
    }
    out[name] = wrapped;
  }
  return out as unknown as StorageRepositories;
}

/**
 * The repositories over `scope`: the pool for direct calls, or one open transaction for the `tx`
 * of `Storage.transaction`.
 */
export function repositoriesOver(scope: RepositoryScope, gate: CallGate = direct): StorageRepositories {
  return guarded(buildRepositories(scope), gate);
}
