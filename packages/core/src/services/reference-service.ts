import { NotFoundError } from "../errors/index.js";
import { isUnLocode, UuidSchema, type MetroArea, type Port, type ShippingLine } from "../domain/index.js";
import type { IncludePath, WithRelated } from "../relations/include-paths.js";
import { slicePage } from "../storage/index.js";
import { definedOnly, parseOptions } from "../validation/input-validation.js";
import { resolvePage } from "./pagination-defaults.js";
import type { ListOptions, ListResult, ReadOptions } from "./read-options.js";
import { createRelatedReader } from "./related-reader.js";
import type { SessionContext } from "./session-context.js";
import { z } from "zod";

/** The filters of {@link ReferenceService.shippingLines}. */
export const ShippingLineFiltersSchema = z.object({
  /** Case-insensitive substring of the SCAC, an alternative SCAC or the name. */
  search: z.string().max(200).optional(),
});

/** Filters and paging of {@link ReferenceService.shippingLines}. */
export interface ShippingLineListOptions extends ListOptions, z.input<typeof ShippingLineFiltersSchema> {}

/** Reads of the shared reference data: ports, terminals, metro areas and shipping lines. */
export interface ReferenceService {
  /** A port by id or UN/LOCODE, with its `terminals` when asked for; 404 when unknown. */
  port<const P extends IncludePath<"port"> = never>(idOrLocode: string, options?: ReadOptions<P>): Promise<WithRelated<"port", P>>;
  /** A terminal by id, with its `port` when asked for; 404 when unknown. */
  terminal<const P extends IncludePath<"terminal"> = never>(id: string, options?: ReadOptions<P>): Promise<WithRelated<"terminal", P>>;
  /** A metro area by id or UN/LOCODE; 404 when unknown. */
  metroArea(idOrLocode: string): Promise<MetroArea>;
  /** A shipping line by id or SCAC (any of its alternative SCACs too); 404 when unknown. */
  shippingLine(idOrScac: string): Promise<ShippingLine>;
  /** Shipping lines by SCAC; default page size 100. */
  shippingLines(options?: ShippingLineListOptions): Promise<ListResult<ShippingLine>>;
}

/** Creates the {@link ReferenceService} of a session. */
export function createReferenceService(context: SessionContext): ReferenceService {
  const { storage, accountId } = context;
  const reader = createRelatedReader(storage, accountId);
  // Anything but an id or a UN/LOCODE names no record, and never reaches the storage.
  const byIdOrLocode = async <T>(value: string, byId: (id: string) => Promise<T | null>, byCode: (code: string) => Promise<T | null>) =>
    isUnLocode(value.toUpperCase()) ? byCode(value.toUpperCase()) : UuidSchema.safeParse(value).success ? byId(value.toLowerCase()) : null;
  return {
    port: (idOrLocode, options = {}) =>
      reader.one("port", options.include, () => byIdOrLocode(idOrLocode, (id) => storage.ports.get(id), (code) => storage.ports.getByLocode(code)), `No port ${idOrLocode.slice(0, 64)}`),
    terminal: (id, options = {}) =>
      reader.one("terminal", options.include, async () => (UuidSchema.safeParse(id).success ? storage.terminals.get(id.toLowerCase()) : null), `No terminal ${id.slice(0, 64)}`),
    metroArea: (idOrLocode) =>
      reader.one(
        "metro_area",
        undefined,
        () => byIdOrLocode(idOrLocode, (id) => storage.metroAreas.get(id), (code) => storage.metroAreas.getByLocode(code)),
        `No metro area ${idOrLocode.slice(0, 64)}`,
      ),
    async shippingLine(idOrScac) {
      const all = (await storage.shippingLines.list({ number: 1, size: Number.MAX_SAFE_INTEGER })).items;
      const key = idOrScac.trim();
      const line = all.find((l) => l.id === key.toLowerCase() || l.scac === key.toUpperCase() || l.alternative_scacs.includes(key.toUpperCase()));
      if (!line) throw new NotFoundError(`No shipping line ${key.slice(0, 64)}`);
      return line;
    },
    async shippingLines(options = {}) {
      const { search } = parseOptions(ShippingLineFiltersSchema, definedOnly({ search: options.search }));
      const page = resolvePage(options.page, 100);
      const all = (await storage.shippingLines.list({ number: 1, size: Number.MAX_SAFE_INTEGER })).items;
      const term = search?.trim().toLowerCase();
      const matching = term
        ? all.filter((line) => [line.scac, line.name, line.short_name, ...line.alternative_scacs].some((text) => text.toLowerCase().includes(term)))
        : all;
      const { items, total } = slicePage(matching, page);
      return { data: items, total, page };
    },
  };
}
