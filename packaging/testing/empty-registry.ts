import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/** A local npm registry with no packages, and the package documents npm asked it for. */
export interface EmptyRegistry {
  /** Its address, for `@bollard:registry=` in a project's .npmrc. */
  url: string;
  /** The paths npm asked for, in order (`/@bollard%2fdashboard`). */
  asked: string[];
  close(): Promise<void>;
}

/**
 * Starts a registry that answers 404 to everything, as npm's does for the unpublished @bollard
 * packages: an install that needs one of them from a registry fails as a user's would, and
 * at once (a closed port would have npm retry for minutes first). npm also looks up a dependency
 * that a tarball named on the command line already provides; that 404 it passes over.
 */
export async function startEmptyRegistry(): Promise<EmptyRegistry> {
  const asked: string[] = [];
  const server = createServer((request, response) => {
    asked.push(request.url ?? "");
    response.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: "Not found" }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, asked, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
