/**
 * `@bollard/http/testing`: helpers for tests that talk to a Bollard server over a socket — a
 * local webhook receiver ({@link startTestReceiver}) and the heaviest allowed `include`
 * ({@link WORST_INCLUDE}). Only test code should import it.
 * @packageDocumentation
 */
export { startTestReceiver, type TestReceiver, type ReceivedWebhook } from "./webhook-receiver.js";
export { WORST_INCLUDE } from "./include-fixtures.js";
