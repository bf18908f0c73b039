import { CsvError, parse } from "csv-parse/sync";
import type { ValidationError } from "../errors/index.js";
import { issue, TableBuilder } from "./table-builder.js";
import { DEFAULT_MAX_TABLE_ROWS } from "./table-limits.js";
import { readXlsx } from "./xlsx-table-reader.js";

export { DEFAULT_MAX_TABLE_ROWS, MAX_TABLE_CELL_LENGTH, MAX_TABLE_CELLS, MAX_TABLE_COLUMNS, MAX_XLSX_INFLATED_BYTES } from "./table-limits.js";

/** The file formats {@link readTable} reads: CSV (or TSV), XLSX, and JSON or NDJSON. */
export type TableFormat = "csv" | "xlsx" | "json";

/** One row of a {@link Table}. */
export interface TableRow {
  /** Where the row starts: the CSV line, the worksheet row, the JSON array index or the NDJSON line, from 1. */
  line: number;
  /** The row's cells by column, as trimmed text; empty cells are left out. */
  values: Record<string, string>;
}

/** A table read from a file: its columns in file order, and the rows that are not empty. */
export interface Table {
  /** The column headers in file order, trimmed and made unique (see {@link readTable}). */
  columns: string[];
  /** The rows, blank ones left out. */
  rows: TableRow[];
}

/** Options of {@link readTable}. */
export interface ReadTableOptions {
  /**
   * The most rows a file may have; one more and the read stops with a ValidationError.
   * @default DEFAULT_MAX_TABLE_ROWS (100,000)
   */
  maxRows?: number;
}

/**
 * Reads a CSV, XLSX or JSON file as a table of text cells keyed by header, for bulk imports.
 *
 * - CSV: UTF-8 with or without a byte order mark (UTF-16 with one), `,` `;` or tab, whichever
 *   splits the header into most fields; RFC 4180 quoting; CRLF or LF. Line breaks inside cells
 *   come out as `\n`. Cells past the last header are ignored.
 * - XLSX: the first worksheet with data, its first non-empty row as header; numbers without float
 *   noise, dates as `YYYY-MM-DD` (or full ISO when not midnight UTC), formulas as their result,
 *   error cells as empty.
 * - JSON: an array of objects, `{ "rows": [...] }`, or one object per line (NDJSON).
 *
 * Headers are trimmed; an empty one is named `Column N`, a repeated one gets ` (2)`, ` (3)`.
 * Rows with no values are skipped. An empty file is a table without rows.
 *
 * Limits, each refused as soon as it is passed (`meta` names it): `maxRows` rows
 * (`max_rows`), {@link MAX_TABLE_COLUMNS} header columns (`max_columns`),
 * {@link MAX_TABLE_CELL_LENGTH} characters in a cell (`max_cell_length`),
 * {@link MAX_TABLE_CELLS} filled cells (`max_cells`), and for XLSX
 * {@link MAX_XLSX_INFLATED_BYTES} unpacked (`max_inflated_bytes`), checked as the zip is inflated,
 * before exceljs reads it, so memory follows these limits rather than how far the file unpacks.
 * @throws ValidationError `invalid` for a malformed file, naming the line; `out_of_range` past a limit.
 * @example
 * const table = await readTable(bytes, tableFormatOf(file.name) ?? "csv");
 * for (const row of table.rows) console.log(row.line, row.values["Container number"]);
 */
export async function readTable(bytes: Uint8Array, format: TableFormat, options: ReadTableOptions = {}): Promise<Table> {
  const table = new TableBuilder(options.maxRows ?? DEFAULT_MAX_TABLE_ROWS);
  if (bytes.byteLength === 0) return table.result();
  if (format === "csv") readCsv(decodeText(bytes, "CSV"), table);
  else if (format === "json") readJson(decodeText(bytes, "JSON"), table);
  else await readXlsx(bytes, table);
  return table.result();
}

const CONTENT_TYPES: Record<string, TableFormat> = {
  "text/csv": "csv",
  "application/csv": "csv",
  "text/tab-separated-values": "csv",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "xlsx",
  "application/json": "json",
  "application/x-ndjson": "json",
};
const EXTENSIONS: Record<string, TableFormat> = { csv: "csv", tsv: "csv", txt: "csv", xlsx: "xlsx", json: "json", ndjson: "json", jsonl: "json" };

/** The {@link TableFormat} of a content type (parameters ignored) or of a file name's extension; null when neither is known. */
export function tableFormatOf(contentTypeOrFileName: string): TableFormat | null {
  const text = contentTypeOrFileName.trim().toLowerCase();
  const mediaType = text.split(";")[0]!.trim();
  return CONTENT_TYPES[mediaType] ?? EXTENSIONS[/\.([a-z0-9]+)$/.exec(text)?.[1] ?? ""] ?? null;
}

/** The file's text: UTF-16 when it starts with that byte order mark, else UTF-8 (its BOM dropped). */
function decodeText(bytes: Uint8Array, kind: string): string {
  const encoding = bytes[0] === 0xff && bytes[1] === 0xfe ? "utf-16le" : bytes[0] === 0xfe && bytes[1] === 0xff ? "utf-16be" : "utf-8";
  try {
    return new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch (error) {
    throw issue("invalid", `The ${kind} file is not UTF-8 text${kind === "CSV" ? '; save it from Excel as "CSV UTF-8"' : ""}`, { cause: error });
  }
}

const DELIMITERS = [",", ";", "\t"];

function readCsv(source: string, table: TableBuilder): void {
  // csv-parse counts a CRLF inside a quoted cell as two lines, and LF as one.
  const text = source.replace(/\r\n/g, "\n");
  let previousLine = 0;
  let header = true;
  try {
    parse(text, {
      delimiter: csvDelimiter(text),
      relax_column_count: true,
      // `info.lines` is the line a record ends on, so the next one starts on the line after.
      on_record: (cells: string[], info) => {
        const line = previousLine + 1;
        previousLine = info.lines;
        if (header && cells.some((cell) => cell.trim())) {
          table.header(cells);
          header = false;
        } else if (!header) table.cells(cells, line);
        return null;
      },
    });
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    throw issue("invalid", `Line ${previousLine + 1} of the CSV file: ${error.message}`, { meta: { line: previousLine + 1 }, cause: error });
  }
}

/** The delimiter that splits the header into most fields outside quotes; `,` when none does. */
function csvDelimiter(text: string): string {
  const firstRecord = text.replace(/^\s*\n/, "");
  let best = { delimiter: ",", fields: 1 };
  for (const delimiter of DELIMITERS) {
    try {
      const fields = parse(firstRecord, { delimiter, to: 1, relax_column_count: true })[0]?.length ?? 0;
      if (fields > best.fields) best = { delimiter, fields };
    } catch {
      // Quotes that do not line up with this delimiter: not the one.
    }
  }
  return best.delimiter;
}

function readJson(text: string, table: TableBuilder): void {
  let items: { value: unknown; line: number }[];
  try {
    const document: unknown = JSON.parse(text);
    const rows = isObject(document) && "rows" in document ? document.rows : document;
    items = Array.isArray(rows) ? rows.map((value, index) => ({ value, line: index + 1 })) : [{ value: rows, line: 1 }];
  } catch (error) {
    // Not one JSON value: NDJSON when the first two objects start lines of their own.
    if (!/^\s*\{[^\n]*\n\s*\{/.test(text)) throw notJson(error, jsonErrorLine(text, error));
    items = text.split("\n").flatMap((source, index) => {
      if (!source.trim()) return [];
      try {
        return [{ value: JSON.parse(source) as unknown, line: index + 1 }];
      } catch (lineError) {
        throw notJson(lineError, index + 1);
      }
    });
  }
  addObjects(table, items, (line) => `Item ${line} of the JSON file is not an object; the file must hold an array of objects, { "rows": [...] }, or one object per line`);
}

/** Adds objects as rows: their keys are the columns (first seen first), their values cells as {@link jsonCell} writes them. */
function addObjects(table: TableBuilder, items: readonly { value: unknown; line: number }[], notAnObject: (line: number) => string): void {
  for (const { value, line } of items) {
    if (!isObject(value)) throw issue("invalid", notAnObject(line), { meta: { line } });
    for (const key of Object.keys(value)) table.column(key);
    table.add(Object.entries(value).flatMap(([key, cell]) => {
      const cellText = jsonCell(cell);
      return cellText ? [[key, cellText] as const] : [];
    }), line);
  }
}

/**
 * The table of rows given as objects (the SDK's `bulk([{ "Container #": … }])`), read as a JSON
 * file's rows are: keys are the columns, values become text cells, the line is the row's position.
 */
export function tableOfObjects(objects: readonly unknown[], options: ReadTableOptions = {}): Table {
  const table = new TableBuilder(options.maxRows ?? DEFAULT_MAX_TABLE_ROWS);
  addObjects(table, objects.map((value, index) => ({ value, line: index + 1 })), (line) => `Row ${line} is not an object: rows are objects keyed by column name`);
  return table.result();
}

function notJson(error: unknown, line: number | undefined): ValidationError {
  const where = line === undefined ? "The JSON file" : `Line ${line} of the JSON file`;
  return issue("invalid", `${where} is not valid JSON: ${(error as Error).message}`, { ...(line !== undefined && { meta: { line } }), cause: error });
}

/** The line of a JSON.parse error, when the engine's message says where it is (Node 20 often does not). */
function jsonErrorLine(text: string, error: unknown): number | undefined {
  const message = String((error as Error).message);
  const line = /\(line (\d+) column \d+\)/.exec(message)?.[1];
  if (line !== undefined) return Number(line);
  const position = /at position (\d+)/.exec(message)?.[1];
  return position === undefined ? undefined : text.slice(0, Number(position)).split("\n").length;
}

function jsonCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value.trim();
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value) && value.every((item) => ["string", "number", "boolean"].includes(typeof item))) {
    return value.map(jsonCell).filter(Boolean).join(", ");
  }
  return JSON.stringify(value);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
