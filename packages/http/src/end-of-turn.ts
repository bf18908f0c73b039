/**
 * Resolves once the event loop's current turn has run its I/O callbacks: every caller in one
 * turn shares a single `setImmediate`, so what they do next runs together, in the turn's check
 * phase.
 *
 * {@link startServer} waits for it before it writes a response, so the responses to the requests
 * read in one turn leave back to back instead of one between each request's work. A client
 * waiting on several connections (a proxy, a load balancer or a load generator on the same host)
 * is then woken once for all of them, not once each: on loopback those wake-ups cost the server
 * more than writing the bytes, measured in docs/operating.md#responses-leave-together. A request
 * alone in its turn waits for nothing but the `setImmediate`.
 */
export function endOfTurn(): Promise<void> {
  return (turnEnd ??= new Promise<void>((resolve) =>
    setImmediate(() => {
      turnEnd = undefined;
      resolve();
    }),
  ));
}

let turnEnd: Promise<void> | undefined;
