import type { Session, WireCompat } from "@bollard/core";
import type { ErrorLocation } from "@bollard/core/jsonapi";

/** The variables a request carries through the app. */
export interface AppEnv {
  /** Read with `c.get(name)` in a handler. */
  Variables: {
    /** The session of the request's API key (set by the authentication middleware under `/v2`). */
    session: Session;
    /** The request's id, echoed as `X-Request-Id`. */
    requestId: string;
    /**
     * How this route's errors are located in the request, when it differs from the default:
     * input paths under `/data/attributes`, SDK option names as query parameter names.
     */
    errorLocation: ErrorLocation;
    /** The JSON:API body of a successful GET's response, as sent: UTF-8 bytes (set by `jsonApiText`; the response cache keeps them). */
    responseBody: Uint8Array<ArrayBuffer> | undefined;
    /** The `ETag` of a successful GET's JSON:API response (set with `responseBody`). */
    etag: string | undefined;
    /** Set to `openapi` when the tracker's wire format follows the published OpenAPI document (see `TrackerOptions.wireCompat`). */
    wireCompat: WireCompat | undefined;
    /** Set when the response cache answered: the route pattern that built the response (no route runs on a hit), for the request log. */
    cachedRoute: string | undefined;
  };
}
