import {
  EXCEPTION_THRESHOLD_UNITS,
  ExceptionRuleAttributesSchema,
  ExceptionRulePatchSchema,
  type ExceptionRule,
  type ExceptionRuleAttributes,
  type ExceptionRulePatch,
} from "../domain/exception-schema.js";
import { BollardError, NotFoundError, ValidationError } from "../errors/index.js";
import { allExceptionRules } from "../exceptions/account-exception-rules.js";
import { DEFAULT_EXCEPTION_THRESHOLDS, effectiveRules, type EffectiveRules } from "../exceptions/exception-thresholds.js";
import { uuidv7 } from "../ids/index.js";
import type { Storage, StorageRepositories } from "../storage/index.js";
import { parseInput } from "../validation/input-validation.js";
import { resolvePage } from "./pagination-defaults.js";
import type { ListOptions, ListResult } from "./read-options.js";
import type { SessionContext } from "./session-context.js";

/** The default page size of {@link ExceptionRuleService.list}. */
export const EXCEPTION_RULE_PAGE_SIZE = 25;

/**
 * The session account's exception rules (docs/exceptions.md): at most one per kind, each with its
 * threshold and whether it is enabled; a kind with no rule follows its default. Writes need the
 * editor role (403); the next evaluation (the refresh loop's pass, or a sandbox advance) applies them.
 */
export interface ExceptionRuleService {
  /** Creates the rule of a kind (editor only); 422 `duplicate` on `kind` when the account has one, 422 with the field's path when invalid. */
  create(input: ExceptionRuleAttributes): Promise<ExceptionRule>;
  /** The account's rule with this id; 404 when absent. */
  get(id: string): Promise<ExceptionRule>;
  /** The account's stored rules, oldest first; default page size 25. */
  list(options?: ListOptions): Promise<ListResult<ExceptionRule>>;
  /** Every kind's rule as the evaluation applies it: the stored rule, else the default. */
  effective(): Promise<EffectiveRules>;
  /** Changes the threshold or `enabled` (editor only); a threshold in the wrong unit is 422; 404 when absent. */
  update(id: string, patch: ExceptionRulePatch): Promise<ExceptionRule>;
  /** Deletes a rule (editor only), so its kind follows the default again; 404 when absent. */
  delete(id: string): Promise<void>;
}

/** A threshold given in the unit the kind does not use: 422 on that attribute. */
function wrongUnit(kind: ExceptionRule["kind"], patch: ExceptionRulePatch): void {
  const unit = EXCEPTION_THRESHOLD_UNITS[kind];
  const wrong = unit === "hours" ? "threshold_days" : "threshold_hours";
  if (patch[wrong] !== undefined) throw new ValidationError([new BollardError("invalid", `${wrong}: must not be given for ${kind}: its threshold is threshold_${unit}`, { path: [wrong] })]);
}

/** Creates the {@link ExceptionRuleService} of a session. */
export function createExceptionRuleService(context: SessionContext): ExceptionRuleService {
  const { storage, accountId } = context;
  const now = () => context.clock.now().toISOString();

  async function byId(tx: Storage | StorageRepositories, id: string): Promise<ExceptionRule> {
    const rule = await tx.exceptionRules.get(accountId, id);
    if (!rule) throw new NotFoundError(`No exception rule ${id}`);
    return rule;
  }

  return {
    async create(input) {
      context.requireEditor();
      const fields = parseInput(ExceptionRuleAttributesSchema, input ?? {});
      const hours = EXCEPTION_THRESHOLD_UNITS[fields.kind] === "hours";
      const threshold = (hours ? fields.threshold_hours : fields.threshold_days) ?? DEFAULT_EXCEPTION_THRESHOLDS[fields.kind];
      const at = now();
      const rule: ExceptionRule = {
        id: uuidv7(), account_id: accountId, kind: fields.kind, threshold_hours: hours ? threshold : null, threshold_days: hours ? null : threshold, enabled: fields.enabled, created_at: at, updated_at: at,
      };
      await storage.transaction(async (tx) => {
        if ((await allExceptionRules(tx, accountId)).some((r) => r.kind === rule.kind)) {
          throw new ValidationError([new BollardError("duplicate", `kind: the account already has a ${rule.kind} rule; change it with PATCH`, { path: ["kind"] })]);
        }
        await tx.exceptionRules.insert(rule);
      });
      return rule;
    },
    get: (id) => byId(storage, id),
    async list(options = {}) {
      const page = resolvePage(options.page, EXCEPTION_RULE_PAGE_SIZE);
      const result = await storage.exceptionRules.list(accountId, page);
      return { data: result.items, total: result.total, page };
    },
    async effective() {
      return effectiveRules(await allExceptionRules(storage, accountId));
    },
    async update(id, patch) {
      context.requireEditor();
      const fields = parseInput(ExceptionRulePatchSchema, patch ?? {});
      return storage.transaction(async (tx) => {
        const current = await byId(tx, id);
        wrongUnit(current.kind, fields);
        const next: ExceptionRule = { ...current, ...fields, updated_at: now() };
        await tx.exceptionRules.update(next);
        return next;
      });
    },
    async delete(id) {
      context.requireEditor();
      await storage.transaction(async (tx) => {
        if (!(await tx.exceptionRules.delete(accountId, id))) throw new NotFoundError(`No exception rule ${id}`);
      });
    },
  };
}
