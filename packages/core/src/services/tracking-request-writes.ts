import { z } from "zod";
import { isContainerNumber, normalizeContainerNumber, RequestTypeSchema, UuidSchema, type TrackingRequest } from "../domain/index.js";
import { BollardError, NotFoundError, ValidationError } from "../errors/index.js";
import { uuidv7 } from "../ids/index.js";
import { shippingLineByScac, UNSUPPORTED_SCACS } from "../reference/index.js";
import { definedOnly, parseInput, ReferenceListSchema } from "../validation/input-validation.js";
import type { SessionContext } from "./session-context.js";
import { inferNumber, type InferredNumber } from "../tracking/infer-number.js";
import { InitialCustomFieldsInputSchema, stageInitialCustomFields } from "../custom-fields/initial-custom-fields.js";

/**
 * The attributes of `POST /v2/tracking_requests`: every attribute the hosted service's published
 * request body has, Bollard's extensions, and `tags` (the API specification's name for
 * `shipment_tags`). Any other key is a 422 `unknown_attribute` with a did-you-mean.
 */
export const TrackingRequestCreateSchema = z.strictObject({
  /** What kind of number `request_number` is. */
  request_type: RequestTypeSchema,
  /** The number to track (required; blank is a 422). */
  request_number: z.string().max(100).nullish(),
  /** The shipping line's SCAC (required unless `auto_detect_vocc_scac` is true; any case). */
  scac: z.string().max(10).nullish(),
  /** Reference numbers for the shipment. */
  ref_numbers: ReferenceListSchema.optional(),
  /** Tags for the shipment. */
  shipment_tags: ReferenceListSchema.optional(),
  /**
   * The same list as `shipment_tags`, under the name the API specification gives the tracking
   * request's attribute (a client may send the resource's own name); `shipment_tags` wins when both are given.
   */
  tags: ReferenceListSchema.optional(),
  /** Bollard extension: the customer's name, copied onto the shipment. */
  customer_name: z.string().trim().min(1).max(200).nullish(),
  /** The customer (a party) the request is for: the id the HTTP API takes as `relationships.customer`. */
  customer_id: UuidSchema.nullish(),
  /** Find the SCAC from the number when `scac` is blank: the request is `pending` with `scac: null` until the refresh pass finds it (see `detectedScac`), or fails with `scac_auto_detect_failed`. */
  auto_detect_vocc_scac: z.boolean().nullish(),
  /**
   * Custom field values for the shipment (`shipment`) and its containers (`containers`, each for the
   * container `number` or for all), checked now like the custom field routes and set when the shipment is created.
   */
  initial_custom_fields: InitialCustomFieldsInputSchema.nullish(),
});

/** The attributes of {@link TrackingRequestCreate} whatever the carrier: everything but `scac` and `auto_detect_vocc_scac`. */
export type TrackingRequestCreateCommon = Omit<z.input<typeof TrackingRequestCreateSchema>, "request_number" | "scac" | "auto_detect_vocc_scac"> & {
  /** The number to track: a bill of lading, booking or container number. */
  request_number: string;
};

/** A tracking request for a named shipping line: `scac` is required. */
export type TrackingRequestCreateWithScac = TrackingRequestCreateCommon & {
  /** The shipping line's SCAC (any case). */
  scac: string;
  /** With a `scac` given, detection does not run whatever this says. */
  auto_detect_vocc_scac?: boolean | null | undefined;
};

/** A tracking request whose shipping line is found from the number: `scac` may be left out. */
export type TrackingRequestCreateAutoDetect = TrackingRequestCreateCommon & {
  /** Find the shipping line from `request_number` (the create answers `pending` with `scac: null`). */
  auto_detect_vocc_scac: true;
  /** Left out, null or blank to detect it; a SCAC given here is used instead. */
  scac?: string | null | undefined;
};

/**
 * What {@link TrackingRequestWrites.create} accepts. `request_number` is required, and `scac` too
 * unless `auto_detect_vocc_scac` is `true`: the compiler says so, and a JavaScript caller leaving
 * one out gets a 422 `blank` on it. Unknown keys are a 422 `unknown_attribute`.
 */
export type TrackingRequestCreate = TrackingRequestCreateWithScac | TrackingRequestCreateAutoDetect;

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
      const input = parseInput(TrackingRequestCreateSchema, create ?? {});
      const issues: BollardError[] = [];
      let scac = (input.scac ?? "").trim().toUpperCase();
      let number = (input.request_number ?? "").trim();
      if (number === "") issues.push(new BollardError("blank", "Request number can't be blank", at("request_number")));
      const detect = scac === "" && input.auto_detect_vocc_scac === true;
      if (detect) {
        // The carrier is found in the background, on the request's first refresh (`detectedScac`):
        // the create answers `pending` with `scac: null`, as the hosted service documents.
      } else if (scac === "") issues.push(new BollardError("blank", "Scac can't be blank", at("scac")));
      else if (UNSUPPORTED_SCACS[scac]) issues.push(new BollardError("not_supported", `Scac '${scac}' is not supported. We do not currently integrate with ${UNSUPPORTED_SCACS[scac]}`, at("scac")));
      else if (!shippingLineByScac(scac)) issues.push(new BollardError("not_recognized", `Scac '${scac}' is not recognized`, at("scac")));
      else if (!context.carrier.supports(scac)) issues.push(new BollardError("not_supported", `Scac '${scac}' is not supported by the configured carrier source (${context.carrier.name})`, at("scac")));
      if (input.request_type === "container" && number !== "") {
        number = normalizeContainerNumber(number);
        if (!isContainerNumber(number)) issues.push(new BollardError("invalid", `Request number '${number}' is not a valid ISO 6346 container number`, at("request_number")));
      }
      if (issues.length > 0) throw new ValidationError(issues);
      const now = context.clock.now().toISOString();
      const tags = input.shipment_tags ?? input.tags ?? [];
      const created = await storage.transaction(async (tx) => {
        const existing = await tx.trackingRequests.list(accountId, { page: { number: 1, size: 100 }, requestNumber: number, ...(scac !== "" && { scac }) });
        if (existing.items.some((r) => r.status === "pending" || r.status === "created")) {
          throw new BollardError("duplicate", `Request number '${number}' with scac '${scac}' already exists in a tracking_request with a pending or created status`, at("request_number"));
        }
        const initial = await stageInitialCustomFields(tx, accountId, input.initial_custom_fields, now);
        const request: TrackingRequest = {
          id: uuidv7(), account_id: accountId, request_number: number, request_type: input.request_type, scac: scac || null,
          status: "pending", failed_reason: null,
          created_at: now, updated_at: now, ref_numbers: input.ref_numbers ?? [], shipment_tags: tags, tags,
          is_retrying: false, retry_count: null, tracked_object_id: null, tracked_object_type: null,
          customer_id: input.customer_id?.toLowerCase() ?? null,
          user_id: context.principal.user.id, next_attempt_at: now, customer_name: input.customer_name ?? null,
          ...(initial && { initial_custom_fields: initial }),
        };
        await tx.trackingRequests.insert(request);
        return request;
      });
      return created;
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
