import type { CellValue, XlsxReadOptions } from "exceljs";
import type { TableBuilder } from "./table-builder.js";
import { issue } from "./table-builder.js";
import { checkInflatedSize } from "./xlsx-inflated-size.js";

/**
 * Reads an XLSX file into `table` with exceljs: the first worksheet with data, its first row with
 * values as header. exceljs loads the workbook whole (a few hundred bytes per cell), so the file is
 * first checked to unpack to at most `MAX_XLSX_INFLATED_BYTES` ({@link checkInflatedSize}): what
 * bounds that memory whatever the upload holds. exceljs's own row limit (`maxRows`, which its
 * typings leave out) is a backstop, generous because it also counts formatted blank rows; the
 * table's limits (rows, columns, cell length, cells) apply to the rows as they are added.
 */
export async function readXlsx(bytes: Uint8Array, table: TableBuilder): Promise<void> {
  await checkInflatedSize(bytes);
  const { default: ExcelJS } = await import("exceljs");
  const workbook = new ExcelJS.Workbook();
  const backstop: Partial<XlsxReadOptions> & { maxRows: number } = { maxRows: 2 * table.maxRows + 10 };
  try {
    // exceljs's typings declare their own `Buffer` as an ArrayBuffer; JSZip underneath takes Node's.
    await workbook.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as unknown as ArrayBuffer, backstop);
  } catch (error) {
    if (error instanceof Error && error.message.startsWith("Max row count")) throw table.tooManyRows();
    throw issue("invalid", "The file is not an XLSX workbook", { cause: error });
  }
  if (workbook.worksheets.length === 0) throw issue("invalid", "The file is not an XLSX workbook");
  for (const worksheet of workbook.worksheets) {
    let header = true;
    worksheet.eachRow((row, rowNumber) => {
      const cells: string[] = [];
      // A merged range's value is its first cell's; the others read as empty.
      row.eachCell((cell, column) => (cells[column - 1] = cell.isMerged && cell.master !== cell ? "" : cellText(cell.value)));
      const filled = Array.from(cells, (cell) => cell ?? "");
      if (header && filled.some(Boolean)) {
        table.header(filled.slice(0, filled.findLastIndex(Boolean) + 1));
        header = false;
      } else if (!header) table.cells(filled, rowNumber);
    });
    if (!header) return;
  }
}

/** A cell's value as text, per `readTable`. */
function cellText(value: CellValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value.trim();
  if (typeof value === "number") return String(Number(value.toPrecision(15)));
  if (typeof value === "boolean") return String(value);
  if (value instanceof Date) return value.getTime() % 86_400_000 === 0 ? value.toISOString().slice(0, 10) : value.toISOString();
  if ("richText" in value) return value.richText.map((part) => part.text).join("").trim();
  if ("hyperlink" in value) return cellText(value.text as CellValue);
  if ("result" in value) return cellText(value.result as CellValue);
  return "";
}
