import { z } from "zod";
import type { Page, PageResult } from "../storage/index.js";
import type { ExportColumn } from "./export-columns.js";
import { writeTable, type ExportFormat, type TableWriter } from "./table-writer.js";

/** The file formats of an export: `csv` (UTF-8 with a byte order mark, for Excel), `xlsx` or `ndjson` (one JSON object per line). */
export const ExportFormatSchema = z.enum(["csv", "xlsx", "ndjson"]);

/** The options every export takes besides its listing's filters. */
export const ExportOptionsSchema = z.object({
  /** The file format. @default "csv" */
  format: ExportFormatSchema.optional(),
});

/** The options every export takes besides its listing's filters: `format` (`csv` by default). */
export interface ExportOptions extends z.input<typeof ExportOptionsSchema> {}

/**
 * How many records an export reads from storage at a time, each page only once the stream has used
 * the one before. Small enough that a page's records (with their shipments, custom fields and
 * demurrage) die young: with 500, V8 promoted them and a 100,000-container export grew the server's
 * own memory by ~160 MB; with 100, by 12–56 MB (`pnpm bench bulk`).
 */
export const EXPORT_PAGE_SIZE = 100;

/**
 * An export being written: the file's bytes as a stream that reads the records a page at a time
 * as it is consumed (so memory stays flat however many rows), its media type and extension, and
 * its columns.
 */
export interface TableExport extends TableWriter {
  /** The header, in order: the resource's stable columns, then the account's custom fields by `api_slug`. */
  readonly columns: readonly string[];
  /** How many records matched when the export started (the listing's `total`); null where the listing has no count (transport events). */
  readonly total: number | null;
  /** How many rows the stream has read so far: a progress figure. */
  readonly rowsRead: number;
}

/** The records of an export: how many there are, and their pages, each read only when asked for. */
export interface ExportPages<T> {
  /** How many records matched when the export started, or null when unknown. */
  total: number | null;
  /** The pages, in the listing's order. */
  pages: AsyncIterable<readonly T[]>;
}

/**
 * The pages of an offset-paged listing, {@link EXPORT_PAGE_SIZE} records each, from page 1 (`first`,
 * already read) on; a page is read only when the one before has been consumed. Records created
 * while an export runs push the later pages down (listings are newest first): a record the page
 * before already held is left out, so none is written twice.
 */
export function listingPages<T extends { id: string }>(first: PageResult<T>, read: (page: Page) => Promise<PageResult<T>>): ExportPages<T> {
  async function* pages(): AsyncGenerator<T[]> {
    let items = first.items;
    let before = new Set<string>();
    for (let number = 1; ; number++) {
      yield items.filter((record) => !before.has(record.id));
      if (items.length < EXPORT_PAGE_SIZE) return;
      before = new Set(items.map((record) => record.id));
      items = (await read({ number: number + 1, size: EXPORT_PAGE_SIZE })).items;
    }
  }
  return { total: first.total, pages: pages() };
}

/** Reads what each page's rows need besides its records, one batch per page. */
export async function* mapPages<T, R>(pages: AsyncIterable<readonly T[]>, read: (page: readonly T[]) => Promise<readonly R[]>): AsyncGenerator<readonly R[]> {
  for await (const page of pages) if (page.length > 0) yield await read(page);
}

/**
 * Writes the records of `source` as a table of `columns` in `format`, streaming: a page is read
 * (and its rows built) only when the stream needs more rows.
 */
export function exportTable<R>(columns: readonly ExportColumn<R>[], source: ExportPages<R>, format: ExportFormat = "csv"): TableExport {
  let rowsRead = 0;
  async function* rows() {
    for await (const page of source.pages) {
      for (const record of page) {
        rowsRead++;
        yield columns.map((column) => column.cell(record));
      }
    }
  }
  const names = columns.map((column) => column.name);
  const writer = writeTable(names, rows(), format);
  return {
    ...writer,
    columns: names,
    total: source.total,
    get rowsRead() {
      return rowsRead;
    },
  };
}
