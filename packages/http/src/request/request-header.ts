import type { IncomingMessage } from "node:http";
import type { Context } from "hono";

/**
 * One request header by its lower-case name, or undefined. On Node it is read from the incoming
 * message: asking the Fetch `Request` for one header makes @hono/node-server build a `Headers`
 * object of all of them, which costs more than most handlers.
 */
export function requestHeader(c: Context, name: string): string | undefined {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (incoming) {
    const value = incoming.headers[name];
    return Array.isArray(value) ? value.join(", ") : value;
  }
  return c.req.header(name);
}
