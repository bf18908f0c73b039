import { REPOSITORY_NOUNS, type StorageRepositories } from "@bollard/core/storage";
import { sqliteAccountRepository, sqliteApiKeyRepository, sqliteMetaRepository, sqliteUserRepository } from "./sqlite-account-repositories.js";
import {
  sqliteCustomFieldDefinitionRepository,
  sqliteCustomFieldOptionRepository,
  sqliteCustomFieldRepository,
} from "./sqlite-custom-field-repositories.js";
import type { RepositoryScope } from "./sqlite-doc-rows.js";
import { translateSqliteError } from "./sqlite-errors.js";
import { sqliteRawEventRepository, sqliteTransportEventRepository } from "./sqlite-event-repositories.js";
import {
  sqliteMetroAreaRepository,
  sqlitePortRepository,
  sqliteRailTerminalRepository,
  sqliteShippingLineRepository,
  sqliteTerminalRepository,
  sqliteVesselPositionRepository,
  sqliteVesselRepository,
} from "./sqlite-reference-repositories.js";
import { sqliteContainerRepository, sqliteShipmentRepository } from "./sqlite-shipment-repositories.js";
import { sqliteDomainEventRepository, sqliteTrackingRequestRepository } from "./sqlite-tracking-repositories.js";
import { sqliteWebhookNotificationRepository, sqliteWebhookRepository } from "./sqlite-webhook-repositories.js";

/** Every repository, each method written once against the executors of `scope`. */
function buildRepositories(scope: RepositoryScope): StorageRepositories {
  return {
    accounts: sqliteAccountRepository(scope),
    users: sqliteUserRepository(scope),
    apiKeys: sqliteApiKeyRepository(scope),
    ports: sqlitePortRepository(scope),
    terminals: sqliteTerminalRepository(scope),
    railTerminals: sqliteRailTerminalRepository(scope),
    metroAreas: sqliteMetroAreaRepository(scope),
    shippingLines: sqliteShippingLineRepository(scope),
    vessels: sqliteVesselRepository(scope),
    vesselPositions: sqliteVesselPositionRepository(scope),
    shipments: sqliteShipmentRepository(scope),
    containers: sqliteContainerRepository(scope),
    transportEvents: sqliteTransportEventRepository(scope),
    rawEvents: sqliteRawEventRepository(scope),
    trackingRequests: sqliteTrackingRequestRepository(scope),
    customFieldDefinitions: sqliteCustomFieldDefinitionRepository(scope),
    customFieldOptions: sqliteCustomFieldOptionRepository(scope),
    customFields: sqliteCustomFieldRepository(scope),
    webhooks: sqliteWebhookRepository(scope),
    webhookNotifications: sqliteWebhookNotificationRepository(scope),
    domainEvents: sqliteDomainEventRepository(scope),
    meta: sqliteMetaRepository(scope),
  };
}

type AnyMethod = (...args: unknown[]) => Promise<unknown>;

/** Admits repository calls: the storage refuses them once closed and counts those under way. */
export interface CallGate {
  /** The error to reject a call with, or undefined when it may run. */
  enter(): Error | undefined;
  /** Called once when an admitted call has settled. */
  leave(): void;
}

const OPEN_GATE: CallGate = { enter: () => undefined, leave: () => undefined };

/**
 * Wraps every method of every object so that each call passes through `gate` and driver errors
 * become the BollardErrors the contract promises (naming the object's record, `nouns[name]`).
 * One `.then` per call: this sits on every hot read.
 */
export function guarded<T extends object>(objects: T, nouns: Record<keyof T, string>, gate: CallGate): T {
  const out: Record<string, Record<string, AnyMethod>> = {};
  for (const [name, repository] of Object.entries(objects) as [keyof T & string, Record<string, AnyMethod>][]) {
    const noun = nouns[name];
    const settled = (value: unknown) => {
      gate.leave();
      return value;
    };
    const failed = (error: unknown) => {
      gate.leave();
      throw translateSqliteError(error, noun);
    };
    const wrapped: Record<string, AnyMethod> = {};
    for (const [method, fn] of Object.entries(repository)) {
      wrapped[method] = (...args) => {
        const refused = gate.enter();
        if (refused) return Promise.reject(refused);
        try {
          return fn(...args).then(settled, failed);
        } catch (error) {
          gate.leave();
          return Promise.reject(translateSqliteError(error, noun));
        }
      };
    }
    out[name] = wrapped;
  }
  return out as unknown as T;
}

/**
 * The repositories over `scope`: reader and writer for direct calls, or one open transaction
 * for the `tx` of `Storage.transaction`.
 */
export function repositoriesOver(scope: RepositoryScope, gate: CallGate = OPEN_GATE): StorageRepositories {
  return guarded(buildRepositories(scope), REPOSITORY_NOUNS, gate);
}
