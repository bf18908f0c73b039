import { BollardError, ValidationError, type BollardErrorOptions } from "../errors/index.js";
import { MAX_TABLE_CELL_LENGTH, MAX_TABLE_CELLS, MAX_TABLE_COLUMNS } from "./table-limits.js";
import type { Table, TableRow } from "./table-files.js";

/** A ValidationError of one issue, as {@link readTable} throws them. */
export function issue(code: "invalid" | "out_of_range", detail: string, options: BollardErrorOptions = {}): ValidationError {
  return new ValidationError([new BollardError(code, detail, options)]);
}

/** The error of a cell longer than {@link MAX_TABLE_CELL_LENGTH}; `line` when known. */
export function cellTooLong(line?: number): ValidationError {
  const where = line === undefined ? "A cell" : `A cell of row ${line}`;
  return issue("out_of_range", `${where} has more than ${MAX_TABLE_CELL_LENGTH} characters; shorten it`, {
    meta: { max_cell_length: MAX_TABLE_CELL_LENGTH, ...(line !== undefined && { line }) },
  });
}

/** The error of a header of more than {@link MAX_TABLE_COLUMNS} columns. */
export function tooManyColumns(): ValidationError {
  return issue("out_of_range", `The file has more than ${MAX_TABLE_COLUMNS} columns; remove the columns the import does not need`, {
    meta: { max_columns: MAX_TABLE_COLUMNS },
  });
}

/**
 * Collects rows, naming the columns from the header and counting rows, columns, cells and cell
 * lengths against the limits: each is refused when it is passed, before anything more is kept.
 */
export class TableBuilder {
  readonly columns: string[] = [];
  readonly rows: TableRow[] = [];
  readonly #known = new Set<string>();
  #cells = 0;
  constructor(readonly maxRows: number) {}

  /** Names the columns from the header's cells: trimmed, `Column N` when empty, ` (2)` when repeated. */
  header(cells: readonly string[]): void {
    if (cells.length > MAX_TABLE_COLUMNS) throw tooManyColumns();
    cells.forEach((cell, index) => {
      const name = cell.trim() || `Column ${index + 1}`;
      let unique = name;
      for (let copy = 2; this.#known.has(unique); copy++) unique = `${name} (${copy})`;
      this.column(unique);
    });
  }

  /** Adds a column unless there is one of that name. */
  column(name: string): void {
    if (this.#known.has(name)) return;
    if (this.columns.length === MAX_TABLE_COLUMNS) throw tooManyColumns();
    if (name.length > MAX_TABLE_CELL_LENGTH) throw cellTooLong();
    this.#known.add(name);
    this.columns.push(name);
  }

  /** Adds a row of cells by column position; cells past the last column are ignored. */
  cells(cells: readonly string[], line: number): void {
    this.add(this.columns.flatMap((column, index) => {
      const value = cells[index]?.trim();
      return value ? [[column, value] as const] : [];
    }), line);
  }

  /** Adds a row of non-empty values by column name; a row without any is skipped. */
  add(entries: readonly (readonly [string, string])[], line: number): void {
    if (entries.length === 0) return;
    if (this.rows.length === this.maxRows) throw this.tooManyRows();
    for (const [, value] of entries) if (value.length > MAX_TABLE_CELL_LENGTH) throw cellTooLong(line);
    this.#cells += entries.length;
    if (this.#cells > MAX_TABLE_CELLS) throw this.tooManyCells();
    this.rows.push({ line, values: Object.fromEntries(entries) });
  }

  /** The error of a file with more than `maxRows` rows. */
  tooManyRows(): ValidationError {
    return issue("out_of_range", `The file has more than ${this.maxRows} rows; split it into files of at most ${this.maxRows} rows`, { meta: { max_rows: this.maxRows } });
  }

  /** The error of a file with more than {@link MAX_TABLE_CELLS} non-empty cells. */
  tooManyCells(): ValidationError {
    return issue("out_of_range", `The file has more than ${MAX_TABLE_CELLS} filled cells; split it, or remove the columns the import does not need`, {
      meta: { max_cells: MAX_TABLE_CELLS },
    });
  }

  /** The table collected so far. */
  result(): Table {
    return { columns: this.columns, rows: this.rows };
  }
}
