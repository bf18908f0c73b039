import { z } from "zod";
import { type Tariff, TariffAttributesSchema } from "../domain/tariff-schema.js";
import { isKnownHolidayCalendar } from "../demurrage/calendars.js";
import { BollardError, NotFoundError, ValidationError } from "../errors/index.js";
import { uuidv7 } from "../ids/index.js";
import type { Storage, StorageRepositories } from "../storage/index.js";
import { parseInput } from "../validation/input-validation.js";
import { resolvePage } from "./pagination-defaults.js";
import type { ListOptions, ListResult } from "./read-options.js";
import type { SessionContext } from "./session-context.js";

/** The default page size of {@link TariffService.list}. */
export const TARIFF_PAGE_SIZE = 25;

/** A tariff rule as written by a client: every field of the format, defaults filled when omitted. */
export type TariffInput = z.input<typeof TariffAttributesSchema>;

/**
 * The session account's tariff rules: free time and daily rates for demurrage, detention and
 * storage, in the open format of docs/demurrage.md. Writes need the editor role (403).
 */
export interface TariffService {
  /** Creates a rule (editor only); 422 with the field's path when it breaks the format. */
  create(input: TariffInput): Promise<Tariff>;
  /** The account's rule with this id; 404 when absent. */
  get(id: string): Promise<Tariff>;
  /** The account's rules, oldest first; default page size 25. */
  list(options?: ListOptions): Promise<ListResult<Tariff>>;
  /** Changes the fields given (editor only); the whole rule is checked again; 404 when absent. */
  update(id: string, input: Partial<TariffInput>): Promise<Tariff>;
  /** Deletes a rule (editor only); 404 when absent. */
  delete(id: string): Promise<void>;
}

/** Parses a rule's fields; the holiday calendar must be one the holiday library knows. */
function tariffFieldsOf(input: unknown): z.output<typeof TariffAttributesSchema> {
  const fields = parseInput(TariffAttributesSchema, input ?? {});
  if (fields.holiday_calendar !== null && !isKnownHolidayCalendar(fields.holiday_calendar)) {
    const { country, state } = fields.holiday_calendar;
    throw new ValidationError([new BollardError("invalid", `holiday_calendar: no public holidays are known for ${state === null ? country : `${country}-${state}`}`, { path: ["holiday_calendar"] })]);
  }
  return fields;
}

/** Creates the {@link TariffService} of a session. */
export function createTariffService(context: SessionContext): TariffService {
  const { storage, accountId } = context;
  const now = () => context.clock.now().toISOString();

  async function byId(tx: Storage | StorageRepositories, id: string): Promise<Tariff> {
    const tariff = await tx.tariffs.get(accountId, id);
    if (!tariff) throw new NotFoundError(`No tariff ${id}`);
    return tariff;
  }

  return {
    async create(input) {
      context.requireEditor();
      const fields = tariffFieldsOf(input);
      const at = now();
      const tariff: Tariff = { ...fields, id: uuidv7(), account_id: accountId, created_at: at, updated_at: at };
      await storage.transaction((tx) => tx.tariffs.insert(tariff));
      return tariff;
    },
    get: (id) => byId(storage, id),
    async list(options = {}) {
      const page = resolvePage(options.page, TARIFF_PAGE_SIZE);
      const result = await storage.tariffs.list(accountId, page);
      return { data: result.items, total: result.total, page };
    },
    async update(id, input) {
      context.requireEditor();
      return storage.transaction(async (tx) => {
        const { id: _id, account_id, created_at, updated_at: _updated, ...current } = await byId(tx, id);
        const patch = parseInput(z.record(z.string(), z.unknown()), input ?? {});
        const fields = tariffFieldsOf({ ...current, ...patch });
        const next: Tariff = { ...fields, id, account_id, created_at, updated_at: now() };
        await tx.tariffs.update(next);
        return next;
      });
    },
    async delete(id) {
      context.requireEditor();
      await storage.transaction(async (tx) => {
        if (!(await tx.tariffs.delete(accountId, id))) throw new NotFoundError(`No tariff ${id}`);
      });
    },
  };
}
