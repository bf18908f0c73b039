import { z } from "zod";
import { InitialCustomFieldsInputSchema, stageInitialCustomFields } from "../custom-fields/initial-custom-fields.js";
import { isContainerNumber, normalizeContainerNumber, RequestTypeSchema, UuidSchema, type TrackingRequest } from "../domain/index.js";
import { BollardError, ValidationError } from "../errors/index.js";
import { uuidv7 } from "../ids/index.js";
import { shippingLineByScac, UNSUPPORTED_SCACS } from "../reference/index.js";
import type { StorageRepositories } from "../storage/index.js";
import { parseInput, ReferenceListSchema } from "../validation/input-validation.js";
import type { CarrierSource } from "./carrier-source.js";

/*
 * Making a tracking request, in two steps every way of making one shares (the single create, a
 * bulk job's rows): a check that needs no stored data, then the insert inside a transaction.
 */

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

const at = (field: string) => ({ path: [field] });

/** A create checked against everything but the stored data: what {@link insertTrackingRequest} writes. */
export interface CheckedTrackingRequestCreate {
  /** The parsed attributes. */
  readonly input: z.output<typeof TrackingRequestCreateSchema>;
  /** The number, trimmed (and normalized, for a container). */
  readonly number: string;
  /** The SCAC in upper case, or `""` to detect it. */
  readonly scac: string;
}

/**
 * Checks a create against the rules that need no stored data: the attributes' shapes, a blank
 * number, a blank, unknown or unsupported SCAC, a container number failing ISO 6346. Throws the
 * {@link ValidationError} the create answers with.
 */
export function checkTrackingRequestCreate(context: { readonly carrier: CarrierSource }, create: unknown): CheckedTrackingRequestCreate {
  const input = parseInput(TrackingRequestCreateSchema, create ?? {});
  const issues: BollardError[] = [];
  const scac = (input.scac ?? "").trim().toUpperCase();
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
  return { input, number, scac };
}

/** Who makes a tracking request, and when. */
export interface TrackingRequestAuthor {
  /** The account it belongs to. */
  readonly accountId: string;
  /** The user making it. */
  readonly userId: string;
  /** Its `created_at`. */
  readonly now: string;
}

/** What {@link insertTrackingRequest} did: created a request, or found the pending or created one it duplicates. */
export type TrackingRequestInsert = { created: TrackingRequest; duplicateOf?: undefined } | { created?: undefined; duplicateOf: TrackingRequest };

/**
 * The `pending` and `created` requests that creates of some numbers could duplicate: read with one
 * storage call for all of them (a bulk import's batch), and kept up to date as requests are made.
 */
export interface ActiveRequests {
  /** The request a create of `checked` duplicates: the same number (any case) and, when `checked` names one, the same SCAC. */
  duplicateOf(checked: CheckedTrackingRequestCreate): TrackingRequest | undefined;
  /** Counts a new request in (a later create of its number is a duplicate). */
  add(request: TrackingRequest): void;
}

/** Whether `a` is newer than `b` in the listing's order: `created_at`, then `id`. */
const newerRequest = (a: TrackingRequest, b: TrackingRequest) => a.created_at > b.created_at || (a.created_at === b.created_at && a.id > b.id);

/** Reads the account's {@link ActiveRequests} of `numbers` through `tx`. */
export async function activeRequests(tx: StorageRepositories, accountId: string, numbers: readonly string[]): Promise<ActiveRequests> {
  const byNumber = new Map<string, TrackingRequest[]>();
  const add = (request: TrackingRequest) => {
    const key = request.request_number.toLowerCase();
    byNumber.set(key, [...(byNumber.get(key) ?? []), request]);
  };
  for (const request of await tx.trackingRequests.activeByNumbers(accountId, numbers)) add(request);
  return {
    // The newest when several match (a create with no SCAC, several lines tracking one number).
    duplicateOf: ({ number, scac }) =>
      byNumber
        .get(number.toLowerCase())
        ?.filter((request) => scac === "" || request.scac === scac)
        .reduce<TrackingRequest | undefined>((newest, request) => (!newest || newerRequest(request, newest) ? request : newest), undefined),
    add,
  };
}

/**
 * Writes a checked create through `tx`: unless a pending or created request has the same number
 * (and SCAC, when one is given), stages its initial custom fields (a {@link ValidationError} when
 * one does not type) and stores the new request. `active` are the requests read for a batch of
 * creates (see {@link activeRequests}); without it, they are read for this one.
 */
export async function insertTrackingRequest(tx: StorageRepositories, author: TrackingRequestAuthor, checked: CheckedTrackingRequestCreate, active?: ActiveRequests): Promise<TrackingRequestInsert> {
  const { input, number, scac } = checked;
  const { accountId, now } = author;
  const known = active ?? (await activeRequests(tx, accountId, [number]));
  const duplicateOf = known.duplicateOf(checked);
  if (duplicateOf) return { duplicateOf };
  const tags = input.shipment_tags ?? input.tags ?? [];
  const initial = await stageInitialCustomFields(tx, accountId, input.initial_custom_fields, now);
  const request: TrackingRequest = {
    id: uuidv7(), account_id: accountId, request_number: number, request_type: input.request_type, scac: scac || null,
    status: "pending", failed_reason: null,
    created_at: now, updated_at: now, ref_numbers: input.ref_numbers ?? [], shipment_tags: tags, tags,
    is_retrying: false, retry_count: null, tracked_object_id: null, tracked_object_type: null,
    customer_id: input.customer_id?.toLowerCase() ?? null,
    user_id: author.userId, next_attempt_at: now, customer_name: input.customer_name ?? null,
    ...(initial && { initial_custom_fields: initial }),
  };
  await tx.trackingRequests.insert(request);
  known.add(request);
  return { created: request };
}

/** The 422 a create of an already tracked number answers. */
export function duplicateError(checked: CheckedTrackingRequestCreate): BollardError {
  return new BollardError("duplicate", `Request number '${checked.number}' with scac '${checked.scac}' already exists in a tracking_request with a pending or created status`, at("request_number"));
}

