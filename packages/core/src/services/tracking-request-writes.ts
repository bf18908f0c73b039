import { z } from "zod";
import type { TrackingRequest } from "../domain/index.js";
import { BollardError, NotFoundError } from "../errors/index.js";
import { definedOnly, parseInput, ReferenceListSchema } from "../validation/input-validation.js";
import type { SessionContext } from "./session-context.js";
import { inferNumber, type InferredNumber } from "../tracking/infer-number.js";
import { checkTrackingRequestCreate, duplicateError, insertTrackingRequest, type TrackingRequestCreate } from "../tracking/tracking-request-create.js";

export { TrackingRequestCreateSchema } from "../tracking/tracking-request-create.js";
export type { TrackingRequestCreate, TrackingRequestCreateAutoDetect, TrackingRequestCreateCommon, TrackingRequestCreateWithScac } from "../tracking/tracking-request-create.js";

/** The attributes `PATCH /v2/tracking_requests/{id}` accepts (`ref_number` is the real API's singular form). */
export const TrackingRequestPatchSchema = z.strictObject({
  /** One reference number, replacing the list (the live API's singular form). */
  ref_number: z.string().trim().min(1).max(255).optional(),
  /** Replaces the reference numbers. */
  ref_numbers: ReferenceListSchema.optional(),
  /** Replaces the shipment tags. */
  shipment_tags: ReferenceListSchema.optional(),
});

/** What {@link TrackingRequestWrites.update} accepts. */
export type TrackingRequestUpdate = z.input<typeof TrackingRequestPatchSchema>;

/** Writes of tracking requests. */
export interface TrackingRequestWrites {
  /**
   * Registers a number to track (editor only): 201 with status `pending`. 422s for a blank number,
   * a blank, unknown or unsupported SCAC, a container number failing ISO 6346, and a duplicate of a
   * pending or created request.
   */
  create(input: TrackingRequestCreate): Promise<TrackingRequest>;
  /** Edits reference numbers and tags (editor only). */
  update(id: string, input: TrackingRequestUpdate): Promise<TrackingRequest>;
  /** The kind and carrier of a number (see `inferNumber`); a blank or malformed number is a 422. */
  inferNumber(number: string): InferredNumber;
}

const at = (field: string) => ({ path: [field] });

/** Creates the {@link TrackingRequestWrites} of a session. */
export function createTrackingRequestWrites(context: SessionContext): TrackingRequestWrites {
  const { storage, accountId } = context;
  return {
    async create(create) {
      context.requireEditor();
      const checked = checkTrackingRequestCreate(context, create);
      const now = context.clock.now().toISOString();
      const outcome = await storage.transaction((tx) => insertTrackingRequest(tx, { accountId, userId: context.principal.user.id, now }, checked));
      if (outcome.duplicateOf) throw duplicateError(checked);
      return outcome.created;
    },
    inferNumber(number) {
      if (typeof number !== "string" || number.trim() === "") throw new BollardError("blank", "This reference number is not valid.", at("number"));
      const inferred = inferNumber(number);
      // A number of no known kind is the live service's 422, not an answer outside its enums.
      if (inferred.number_type === null) throw new BollardError("invalid", "This reference number is not valid.", at("number"));
      return inferred;
    },
    async update(id, input) {
      context.requireEditor();
      const patch = parseInput(TrackingRequestPatchSchema, input ?? {});
      const updated = await storage.transaction(async (tx) => {
        const request = await tx.trackingRequests.get(accountId, id);
        if (!request) throw new NotFoundError(`No tracking request ${id}`);
        const refNumbers = patch.ref_numbers ?? (patch.ref_number !== undefined ? [patch.ref_number] : undefined);
        const next: TrackingRequest = {
          ...request,
          ...definedOnly({ ref_numbers: refNumbers, shipment_tags: patch.shipment_tags, tags: patch.shipment_tags }),
          updated_at: context.clock.now().toISOString(),
        };
        await tx.trackingRequests.update(next);
        return next;
      });
      return updated;
    },
  };
}
