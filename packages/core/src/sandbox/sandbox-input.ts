import { z } from "zod";
import { TimestampInputSchema, WebhookUrlInputSchema } from "../webhooks/webhook-input.js";

/** The longest a single clock change may advance: ten years, in seconds. */
export const MAX_ADVANCE_SECONDS = 10 * 366 * 86_400;

/**
 * What `PATCH /v2/sandbox/clock` accepts: move time (`advance_by_seconds` or a later `now`, not
 * both), change its `speed`, or pause and resume it; any of them together.
 */
export const SandboxClockUpdateSchema = z
  .strictObject({
    /** Seconds to move forward, running every refresh and webhook pass that falls due on the way. */
    advance_by_seconds: z.number().positive().max(MAX_ADVANCE_SECONDS).optional(),
    /** A later instant to move to, the same way. */
    now: TimestampInputSchema.optional(),
    /** Sandbox seconds per real second from now on. */
    speed: z.number().positive().max(1_000_000).optional(),
    /** Stop (true) or resume (false) the flow of time. */
    paused: z.boolean().optional(),
  })
  .refine((input) => Object.keys(input).length > 0, { message: "give advance_by_seconds, now, speed or paused" })
  .refine((input) => input.advance_by_seconds === undefined || input.now === undefined, { message: "give advance_by_seconds or now, not both", path: ["now"] });

/** What {@link SandboxClockUpdateSchema} accepts, as the SDK takes it. */
export type SandboxClockUpdate = z.input<typeof SandboxClockUpdateSchema>;

const TimesSchema = z.int().min(1).max(10_000).optional();

/** A fault of the carrier source: it fails (`fail`), times out (`timeout`) or does not know the number (`not_found`). */
const CarrierFaultSchema = z
  .strictObject({
    /** Faults of the carrier source. */
    target: z.literal("carrier"),
    /** What the carrier does instead of answering. */
    effect: z.enum(["fail", "timeout", "not_found"]),
    /** Only requests to this shipping line (SCAC). */
    scac: z.string().trim().min(1).max(10).transform((scac) => scac.toUpperCase()).optional(),
    /** Only requests for this number. */
    request_number: z.string().trim().min(1).max(100).transform((number) => number.toUpperCase()).optional(),
    /** How many times it applies; until it is deleted when absent. */
    times: TimesSchema,
  })
  .refine((input) => input.scac !== undefined || input.request_number !== undefined, { message: "name the scac, the request_number or both", path: ["scac"] });

/** A fault of webhook deliveries to one URL: it answers a status, times out, or is delayed and then delivered. */
const WebhookFaultSchema = z
  .strictObject({
    /** Faults of webhook deliveries. */
    target: z.literal("webhook"),
    /** What happens to a delivery instead of (or before) reaching the receiver. */
    effect: z.enum(["status", "timeout", "delay"]),
    /** Deliveries to exactly this URL. */
    url: WebhookUrlInputSchema,
    /** The status the delivery gets (effect `status`). */
    status_code: z.int().min(100).max(599).optional(),
    /** How long a delivery waits before it is sent (effect `delay`), in milliseconds. */
    delay_ms: z.int().min(1).max(60_000).optional(),
    /** How many times it applies; until it is deleted when absent. */
    times: TimesSchema,
  })
  .refine((input) => (input.effect === "status") === (input.status_code !== undefined), { message: "status_code is given with effect status, and only then", path: ["status_code"] })
  .refine((input) => (input.effect === "delay") === (input.delay_ms !== undefined), { message: "delay_ms is given with effect delay, and only then", path: ["delay_ms"] });

/** What `POST /v2/sandbox/faults` accepts: a carrier fault or a webhook fault, by `target`. */
export const SandboxFaultCreateSchema = z.discriminatedUnion("target", [CarrierFaultSchema, WebhookFaultSchema]);

/** What {@link SandboxFaultCreateSchema} accepts, as the SDK takes it. */
export type SandboxFaultCreate = z.input<typeof SandboxFaultCreateSchema>;
