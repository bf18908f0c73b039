import { z } from "zod";
import type { Party } from "../domain/index.js";
import { BollardError, NotFoundError, ValidationError } from "../errors/index.js";
import { uuidv7 } from "../ids/index.js";
import type { StorageRepositories } from "../storage/index.js";
import { parseInput } from "../validation/input-validation.js";
import { resolvePage } from "./pagination-defaults.js";
import type { ListOptions, ListResult } from "./read-options.js";
import { createRelatedReader } from "./related-reader.js";
import type { SessionContext } from "./session-context.js";

/** The default page size of {@link PartyService.list}, as upstream declares for parties. */
export const PARTY_PAGE_SIZE = 25;

// Only the shape: the name is checked below, so its errors read as upstream's ("Company name can't be blank").
const PartyInputSchema = z.strictObject({ company_name: z.unknown().optional() });

/** What {@link PartyService.create} and {@link PartyService.update} accept: the company's name. */
export interface PartyInput {
  /** The company's name: trimmed, not blank, at most 255 characters, unique within the account. */
  company_name: string;
}

/**
 * The parties (customers) of the session account: the `customer` a tracking request names.
 * Writes need the editor role (403); another account's party is a 404, like an unknown one.
 */
export interface PartyService {
  /** Creates a party (editor only); 422 `blank` for a missing or blank name, `duplicate` for one the account already has. */
  create(input: PartyInput): Promise<Party>;
  /** The account's party with this id; 404 when absent. */
  get(id: string): Promise<Party>;
  /** The account's parties, oldest first; default page size 25. */
  list(options?: ListOptions): Promise<ListResult<Party>>;
  /** Renames a party (editor only), with the checks of {@link PartyService.create}; 404 when absent. */
  update(id: string, input: PartyInput): Promise<Party>;
}

const NAME_PATH = ["company_name"];

/** The trimmed company name of an input; 422 when it is missing, blank, not a string or too long. */
function companyNameOf(input: unknown): string {
  const { company_name: raw } = parseInput(PartyInputSchema, input ?? {});
  if (raw !== undefined && raw !== null && typeof raw !== "string") throw new ValidationError([new BollardError("invalid", "Company name must be a string", { path: NAME_PATH })]);
  const name = (raw ?? "").trim();
  if (name === "") throw new ValidationError([new BollardError("blank", "Company name can't be blank", { path: NAME_PATH })]);
  if (name.length > 255) throw new ValidationError([new BollardError("invalid", "Company name is too long (at most 255 characters)", { path: NAME_PATH })]);
  return name;
}

/** Creates the {@link PartyService} of a session. */
export function createPartyService(context: SessionContext): PartyService {
  const { storage, accountId } = context;
  const now = () => context.clock.now().toISOString();
  const reader = createRelatedReader(storage, accountId);

  async function requireFreeName(tx: StorageRepositories, name: string, id?: string): Promise<void> {
    const holder = await tx.parties.findByName(accountId, name);
    if (holder && holder.id !== id) throw new ValidationError([new BollardError("duplicate", `'${name}' already exists in Account`, { path: NAME_PATH })]);
  }

  async function byId(tx: StorageRepositories, id: string): Promise<Party> {
    const party = await tx.parties.get(accountId, id);
    if (!party) throw new NotFoundError(`No party ${id}`);
    return party;
  }

  return {
    async create(input) {
      context.requireEditor();
      const name = companyNameOf(input);
      return storage.transaction(async (tx) => {
        await requireFreeName(tx, name);
        const at = now();
        const party: Party = { id: uuidv7(), account_id: accountId, company_name: name, created_at: at, updated_at: at };
        await tx.parties.insert(party);
        return party;
      });
    },
    get: (id) => byId(storage, id),
    list(options = {}) {
      const page = resolvePage(options.page, PARTY_PAGE_SIZE);
      return reader.page("party", options.include, page, () => storage.parties.list(accountId, page));
    },
    async update(id, input) {
      context.requireEditor();
      const name = companyNameOf(input);
      return storage.transaction(async (tx) => {
        const current = await byId(tx, id);
        await requireFreeName(tx, name, id);
        const next: Party = { ...current, company_name: name, updated_at: now() };
        await tx.parties.update(next);
        return next;
      });
    },
  };
}
