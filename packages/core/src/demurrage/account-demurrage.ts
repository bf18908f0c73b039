import type { Container } from "../domain/container-schema.js";
import type { ContainerDemurrage } from "../domain/demurrage-schema.js";
import type { Shipment } from "../domain/shipment-schema.js";
import type { Tariff } from "../domain/tariff-schema.js";
import type { Storage, StorageRepositories } from "../storage/index.js";
import { allTariffs } from "./account-tariffs.js";
import type { Calendars } from "./calendars.js";
import { chargeFactsOf } from "./charge-facts.js";
import { containerDemurrage, type DemurrageOptions } from "./container-demurrage.js";

/** One container with its shipment and its figures. */
export interface ContainerFigures {
  /** The container. */
  container: Container;
  /** Its shipment, when found. */
  shipment: Shipment | null;
  /** Its charges. */
  demurrage: ContainerDemurrage;
}

/** What {@link accountDemurrage} and {@link oneContainerDemurrage} need besides the storage. */
export interface AccountDemurrageOptions extends Omit<DemurrageOptions, "calendars"> {
  /** Public holidays and zone offsets. */
  calendars: Calendars;
}

const PAGE = 500;

/** The first `container.transport.available` of each container, read only when a rule starts free time there. */
async function availableAt(storage: Storage | StorageRepositories, accountId: string, containers: readonly Container[], tariffs: readonly Tariff[]): Promise<Map<string, string>> {
  const first = new Map<string, string>();
  if (containers.length === 0 || !tariffs.some((rule) => rule.free_time_starts === "available_for_pickup")) return first;
  const events = await storage.transportEvents.listByContainers(accountId, containers.map((c) => c.id));
  for (const event of events.items) {
    if (event.event === "container.transport.available" && event.container_id !== null && event.timestamp !== null && !first.has(event.container_id)) first.set(event.container_id, event.timestamp);
  }
  return first;
}

/** The figures of some containers of an account, with their shipments and availability read in one batch each. */
async function figuresOf(storage: Storage, accountId: string, containers: readonly Container[], tariffs: readonly Tariff[], options: AccountDemurrageOptions): Promise<ContainerFigures[]> {
  const shipments = new Map((await storage.shipments.getMany(accountId, [...new Set(containers.map((c) => c.shipment_id))])).map((s) => [s.id, s]));
  const available = await availableAt(storage, accountId, containers, tariffs);
  return containers.map((container) => {
    const shipment = shipments.get(container.shipment_id) ?? null;
    return { container, shipment, demurrage: containerDemurrage(chargeFactsOf(container, shipment, available.get(container.id) ?? null), tariffs, options) };
  });
}

/**
 * The figures of an account's containers, a page of 500 at a time (all of them, or those of
 * `containerIds`): the one way exposure, exports and the alert pass read them, so all three agree
 * with `GET /v2/containers/{id}/demurrage`. Three reads a page (containers, shipments, and
 * availability events only when a rule starts free time at availability).
 */
export async function* accountDemurrage(storage: Storage, accountId: string, options: AccountDemurrageOptions & { containerIds?: readonly string[] }): AsyncIterable<ContainerFigures[]> {
  const tariffs = await allTariffs(storage, accountId);
  if (options.containerIds) {
    for (let i = 0; i < options.containerIds.length; i += PAGE) {
      yield figuresOf(storage, accountId, await storage.containers.getMany(accountId, options.containerIds.slice(i, i + PAGE)), tariffs, options);
    }
    return;
  }
  for (let number = 1; ; number++) {
    const page = await storage.containers.list(accountId, { page: { number, size: PAGE } });
    yield figuresOf(storage, accountId, page.items, tariffs, options);
    if (page.items.length < PAGE) return;
  }
}
