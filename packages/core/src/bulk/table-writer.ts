import { PassThrough } from "node:stream";
import { setImmediate as nextTurn } from "node:timers/promises";
import { stringify } from "csv-stringify/sync";
import type { stream as ExcelStream, Worksheet } from "exceljs";

/** The file formats {@link writeTable} writes. */
export type ExportFormat = "csv" | "xlsx" | "ndjson";

/** One cell of an exported row; `null` is an empty cell (`null` in NDJSON). */
export type ExportCell = string | number | boolean | null;

/** Options of {@link writeTable}. */
export interface TableWriterOptions {
  /**
   * CSV only: start the file with a UTF-8 byte order mark, without which Excel reads the file in the
   * system's legacy code page and garbles accents.
   * @default true
   */
  bom?: boolean;
  /**
   * CSV only: prefix text cells that start with `=`, `+`, `-`, `@`, tab or carriage return with `'`,
   * so a spreadsheet opening the file shows them as text instead of running them as formulas.
   * @default false
   */
  escapeFormulas?: boolean;
}

/** An export being written: what to send as `Content-Type`, the file's extension, and the bytes. */
export interface TableWriter {
  /** The media type to send, e.g. `text/csv; charset=utf-8`. */
  contentType: string;
  /** The file name extension, without the dot: `csv`, `xlsx` or `ndjson`. */
  fileExtension: string;
  /**
   * The file's bytes. Rows are read from the source only as this stream is read, a batch at a
   * time, so an export holds a bounded number of rows whatever its length; cancelling it returns
   * the source iterator.
   */
  stream: ReadableStream<Uint8Array>;
}

/** Rows read from the source per chunk of output: large enough to amortise the encoding, small enough to keep memory flat (one export page, `EXPORT_PAGE_SIZE`, per chunk). */
const BATCH_ROWS = 100;

/**
 * Writes a table as CSV, XLSX or NDJSON, streaming: the source is pulled as the stream is consumed
 * (backpressure), so exports of any length take constant memory.
 *
 * CSV is RFC 4180 with CRLF line ends and UTF-8 with a byte order mark (see {@link TableWriterOptions});
 * NDJSON writes one object per row keyed by the column names; XLSX writes one worksheet named
 * `Export` with a bold header row. Rows shorter than `columns` are padded with empty cells, longer
 * ones cut.
 * @example
 * const { contentType, fileExtension, stream } = writeTable(["Container", "Status"], rowsFromStorage(), "xlsx");
 * return new Response(stream, { headers: { "Content-Type": contentType, "Content-Disposition": `attachment; filename="containers.${fileExtension}"` } });
 */
export function writeTable(columns: readonly string[], rows: AsyncIterable<readonly ExportCell[]>, format: ExportFormat, options: TableWriterOptions = {}): TableWriter {
  const cells = (row: readonly ExportCell[]): ExportCell[] => columns.map((_, index) => row[index] ?? null);
  switch (format) {
    case "csv": {
      const csv = (records: ExportCell[][]): string =>
        stringify(records, { record_delimiter: "\r\n", escape_formulas: options.escapeFormulas ?? false, cast: { boolean: String } });
      const head = `${options.bom ?? true ? "\uFEFF" : ""}${csv([[...columns]])}`;
      return { contentType: "text/csv; charset=utf-8", fileExtension: "csv", stream: textStream(rows, head, (batch) => csv(batch.map(cells))) };
    }
    case "ndjson": {
      const line = (row: readonly ExportCell[]): string => `${JSON.stringify(Object.fromEntries(columns.map((column, index) => [column, row[index] ?? null])))}\n`;
      return { contentType: "application/x-ndjson", fileExtension: "ndjson", stream: textStream(rows, "", (batch) => batch.map(line).join("")) };
    }
    case "xlsx":
      return { contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", fileExtension: "xlsx", stream: xlsxStream(columns, rows, cells) };
  }
}

/** Reads up to {@link BATCH_ROWS} rows; `done` once the source has no more. */
async function nextBatch(iterator: AsyncIterator<readonly ExportCell[]>): Promise<{ batch: (readonly ExportCell[])[]; done: boolean }> {
  const batch: (readonly ExportCell[])[] = [];
  while (batch.length < BATCH_ROWS) {
    const next = await iterator.next();
    if (next.done) return { batch, done: true };
    batch.push(next.value);
  }
  return { batch, done: false };
}

/** A text file: `head`, then one encoded chunk per batch of rows, each batch read when the consumer asks for more. */
function textStream(rows: AsyncIterable<readonly ExportCell[]>, head: string, encode: (batch: readonly (readonly ExportCell[])[]) => string): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let iterator: AsyncIterator<readonly ExportCell[]> | undefined;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!iterator) {
          iterator = rows[Symbol.asyncIterator]();
          if (head) controller.enqueue(encoder.encode(head));
        }
        const { batch, done } = await nextBatch(iterator);
        if (batch.length > 0) controller.enqueue(encoder.encode(encode(batch)));
        if (done) controller.close();
      },
      async cancel(reason) {
        await iterator?.return?.(reason);
      },
    },
    { highWaterMark: 1 },
  );
}

/**
 * An XLSX file from exceljs's streaming writer. Rows are added only when the consumer asks for bytes
 * and none are waiting, and each batch gives the zip a turn of the event loop, so what exceljs and
 * the zip hold stays bounded. `workbook.commit()` is never awaited inside `pull`: it resolves only
 * once the output is drained, which is the consumer's job.
 */
function xlsxStream(columns: readonly string[], rows: AsyncIterable<readonly ExportCell[]>, cells: (row: readonly ExportCell[]) => ExportCell[]): ReadableStream<Uint8Array> {
  const output = new PassThrough();
  let workbook: ExcelStream.xlsx.WorkbookWriter | undefined;
  let sheet: Worksheet | undefined;
  let iterator: AsyncIterator<readonly ExportCell[]> | undefined;
  let committing = false;
  let failure: unknown;
  let wake: (() => void) | undefined;
  const signal = (): void => {
    wake?.();
    wake = undefined;
  };
  output.on("readable", signal).on("end", signal).on("error", (error) => {
    failure ??= error;
    signal();
  });

  async function open(): Promise<{ workbook: ExcelStream.xlsx.WorkbookWriter; sheet: Worksheet; iterator: AsyncIterator<readonly ExportCell[]> }> {
    if (!workbook || !sheet || !iterator) {
      const { default: ExcelJS } = await import("exceljs");
      workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
      sheet = workbook.addWorksheet("Export");
      const header = sheet.addRow([...columns]);
      header.font = { bold: true };
      header.commit();
      iterator = rows[Symbol.asyncIterator]();
    }
    return { workbook, sheet, iterator };
  }

  async function addBatch(): Promise<void> {
    const opened = await open();
    const { batch, done } = await nextBatch(opened.iterator);
    for (const row of batch) opened.sheet.addRow(cells(row)).commit();
    if (done) {
      committing = true;
      opened.sheet.commit();
      opened.workbook.commit().catch((error: unknown) => {
        failure ??= error;
        signal();
      });
    }
    await nextTurn();
  }

  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          for (;;) {
            if (failure !== undefined) throw failure;
            const chunk = output.read() as Buffer | null;
            if (chunk !== null) return controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
            if (output.readableEnded) return controller.close();
            if (!committing) await addBatch();
            else await new Promise<void>((resolve) => (wake = resolve));
          }
        } catch (error) {
          output.destroy();
          throw error;
        }
      },
      async cancel(reason) {
        output.destroy();
        await iterator?.return?.(reason);
      },
    },
    { highWaterMark: 1 },
  );
}
