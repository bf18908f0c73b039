import type { MetroArea, Port, ShippingLine, Terminal } from "../domain/index.js";
import { isUnLocode } from "../domain/index.js";
import { NotFoundError } from "../errors/index.js";
import { parseInclude } from "../jsonapi/include.js";
import { ResourceGraph } from "../jsonapi/resource-graph.js";
import { resourceRegistry } from "../jsonapi/resources.js";
import { slicePage } from "../storage/index.js";
import { loadIncludes } from "./include-loader.js";
import { resolvePage } from "./pagination-defaults.js";
import type { ListOptions, ListResult, ReadOptions, ResourceResult } from "./read-results.js";
import type { SessionContext } from "./session.js";

/** Reads of the shared reference data: ports, terminals, metro areas and shipping lines. */
export interface ReferenceService {
  /** A port by id or UN/LOCODE; 404 when unknown. */
  port(idOrLocode: string, options?: ReadOptions): Promise<ResourceResult<Port>>;
  /** A terminal by id (include `port`); 404 when unknown. */
  terminal(id: string, options?: ReadOptions): Promise<ResourceResult<Terminal>>;
  /** A metro area by id or UN/LOCODE; 404 when unknown. */
  metroArea(idOrLocode: string, options?: ReadOptions): Promise<ResourceResult<MetroArea>>;
  /** Shipping lines by SCAC; `search` matches SCAC, alternative SCACs or name (case-insensitive); default page size 100. */
  shippingLines(options?: ListOptions & { search?: string }): Promise<ListResult<ShippingLine>>;
}

/** Creates the {@link ReferenceService} of a session. */
export function createReferenceService(context: SessionContext): ReferenceService {
  const { storage, accountId } = context;
  async function single<T extends { id: string }>(type: string, record: T | null, what: string, options: ReadOptions): Promise<ResourceResult<T>> {
    const include = parseInclude(options.include, type, resourceRegistry);
    if (!record) throw new NotFoundError(`No ${what}`);
    const graph = new ResourceGraph();
    await loadIncludes(storage, accountId, graph, type, [record], include);
    return { type, data: record, graph, include };
  }
  const byIdOrLocode = <T>(value: string, byId: (id: string) => Promise<T | null>, byCode: (code: string) => Promise<T | null>) =>
    isUnLocode(value.toUpperCase()) ? byCode(value.toUpperCase()) : byId(value);
  return {
    async port(idOrLocode, options = {}) {
      return single("port", await byIdOrLocode(idOrLocode, (id) => storage.ports.get(id), (code) => storage.ports.getByLocode(code)), `port ${idOrLocode}`, options);
    },
    async terminal(id, options = {}) {
      return single("terminal", await storage.terminals.get(id), `terminal ${id}`, options);
    },
    async metroArea(idOrLocode, options = {}) {
      return single("metro_area", await byIdOrLocode(idOrLocode, (id) => storage.metroAreas.get(id), (code) => storage.metroAreas.getByLocode(code)), `metro area ${idOrLocode}`, options);
    },
    async shippingLines(options = {}) {
      const include = parseInclude(options.include, "shipping_line", resourceRegistry);
      const page = resolvePage(options.page, 100);
      const all = (await storage.shippingLines.list({ number: 1, size: Number.MAX_SAFE_INTEGER })).items;
      const term = options.search?.trim().toLowerCase();
      const matching = term
        ? all.filter((line) => [line.scac, line.name, line.short_name, ...line.alternative_scacs].some((text) => text.toLowerCase().includes(term)))
        : all;
      const { items, total } = slicePage(matching, page);
      return { type: "shipping_line", data: items, total, page, graph: new ResourceGraph(), include };
    },
  };
}
