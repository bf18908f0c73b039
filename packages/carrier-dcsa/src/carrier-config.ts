import { z } from "zod";

const text = z.string().trim().min(1);

/** An API key sent in a header of the carrier's choosing. */
export const DcsaApiKeyAuthSchema = z.strictObject({
  /** The kind of authentication. */
  type: z.literal("api_key"),
  /** The header's name. */
  header: text.max(100).regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, "must be an HTTP header name").default("API-Key"),
  /** The key. */
  key: text,
});

/** OAuth2 client credentials: a bearer token fetched from `tokenUrl`, renewed when it expires or is refused. */
export const DcsaOAuth2AuthSchema = z.strictObject({
  /** The kind of authentication. */
  type: z.literal("oauth2"),
  /** The token endpoint. */
  tokenUrl: z.url({ protocol: /^https?$/ }),
  /** The client id. */
  clientId: text,
  /** The client secret. */
  clientSecret: text,
  /** The scope to ask for, when the carrier wants one. */
  scope: text.optional(),
  /** The audience to ask for, when the carrier wants one. */
  audience: text.optional(),
});

/** One carrier's DCSA Track & Trace endpoint and credentials. */
export const DcsaCarrierConfigSchema = z.strictObject({
  /** The SCACs whose tracking requests go to this endpoint. */
  scacs: z.array(z.string().regex(/^[A-Z]{2,4}$/, "must be a SCAC: 2 to 4 upper-case letters")).min(1),
  /** The API root: events are read at `<baseUrl>/events`, subscriptions made at `<baseUrl>/event-subscriptions` (for most carriers it ends in `/v2`). */
  baseUrl: z.url({ protocol: /^https?$/ }),
  /** How to authenticate; none when absent. */
  auth: z.discriminatedUnion("type", [DcsaApiKeyAuthSchema, DcsaOAuth2AuthSchema]).optional(),
  /** Events asked for per page (`limit`). @default 100 */
  pageSize: z.int().min(1).max(1000).default(100),
  /** Attempts per request for 5xx, 429 and network errors. @default 3 */
  maxAttempts: z.int().min(1).max(10).default(3),
  /** The longest `Retry-After` (in seconds) waited for within one fetch; a longer one fails the fetch as transient. @default 30 */
  maxRetryAfterSeconds: z.number().min(0).max(3600).default(30),
  /** Time allowed for each HTTP request, in milliseconds. @default 30000 */
  timeoutMs: z.int().min(1).max(600_000).default(30_000),
});

/** One carrier's configuration as written (defaults not applied). */
export type DcsaCarrierConfigInput = z.input<typeof DcsaCarrierConfigSchema>;
/** One carrier's configuration, defaults applied. */
export type DcsaCarrierConfig = z.output<typeof DcsaCarrierConfigSchema>;
/** How a carrier authenticates. */
export type DcsaAuth = NonNullable<DcsaCarrierConfig["auth"]>;
