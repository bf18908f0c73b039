/**
 * `@bollard/core/http`: what every HTTP front of a tracker shares (`@bollard/http`'s `/v2`,
 * `@bollard/carrier-dcsa`'s DCSA routes): the request body, read bounded while it streams.
 * @packageDocumentation
 */
export { bodyTooLarge, joinChunks, MAX_BODY_BYTES, readRequestBody, type ReadRequestBodyOptions } from "../request-body/read-request-body.js";
