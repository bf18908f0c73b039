import { once } from "node:events";
import { createDeflateRaw, crc32 } from "node:zlib";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { ValidationError } from "../errors/index.js";
import { MAX_TABLE_CELL_LENGTH, MAX_TABLE_COLUMNS, MAX_XLSX_INFLATED_BYTES, readTable } from "./table-files.js";

/** A part's text, or its chunks when it is too large to hold (the same chunk may repeat). */
type Part = string | (() => Iterable<Buffer>);

/** Deflates a part with Node's zlib, streaming, so a part of hundreds of MiB never exists whole. */
async function deflatePart(part: Part): Promise<{ data: Buffer; size: number; crc: number }> {
  const deflate = createDeflateRaw({ level: 1 });
  const out: Buffer[] = [];
  deflate.on("data", (chunk: Buffer) => out.push(chunk));
  let [size, crc] = [0, 0];
  for (const chunk of typeof part === "string" ? [Buffer.from(part)] : part()) {
    size += chunk.length;
    crc = crc32(chunk, crc);
    if (!deflate.write(chunk)) await once(deflate, "drain");
  }
  deflate.end();
  await once(deflate, "end");
  return { data: Buffer.concat(out), size, crc };
}

/** A zip of DEFLATE entries, written by hand: exceljs cannot write what a hostile file holds. */
async function zipOf(parts: Record<string, Part>): Promise<Uint8Array> {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [path, part] of Object.entries(parts)) {
    const { data, size, crc } = await deflatePart(part);
    const name = Buffer.from(path);
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(8, 8);
    header.writeUInt32LE(crc >>> 0, 14);
    header.writeUInt32LE(data.length, 18);
    header.writeUInt32LE(size, 22);
    header.writeUInt16LE(name.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    header.copy(entry, 10, 8, 28);
    entry.writeUInt32LE(offset, 42);
    locals.push(header, name, data);
    central.push(entry, name);
    offset += header.length + name.length + data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(parts).length, 8);
  end.writeUInt16LE(Object.keys(parts).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}

const MAIN = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';

/** The parts of a one-sheet workbook around `sheet` (the worksheet's XML, or its chunks). */
function workbookParts(sheet: Part, extra: { workbookPr?: string; styles?: string; sharedStrings?: string } = {}): Record<string, Part> {
  return {
    "[Content_Types].xml": '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
    "xl/workbook.xml": `<?xml version="1.0"?><workbook ${MAIN}>${extra.workbookPr ?? ""}<sheets><sheet name="Rows" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    "xl/_rels/workbook.xml.rels":
      '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    ...(extra.styles && { "xl/styles.xml": extra.styles }),
    ...(extra.sharedStrings && { "xl/sharedStrings.xml": extra.sharedStrings }),
    "xl/worksheets/sheet1.xml": sheet,
  };
}

/** The ValidationError `readTable` rejects with. */
async function readError(bytes: Uint8Array, maxRows?: number): Promise<ValidationError> {
  const error: unknown = await readTable(bytes, "xlsx", maxRows === undefined ? {} : { maxRows }).then(() => undefined, (rejection: unknown) => rejection);
  expect(error).toBeInstanceOf(ValidationError);
  return error as ValidationError;
}

async function exceljsBytes(rows: readonly (readonly ExcelJS.CellValue[])[], options: { useSharedStrings?: boolean } = {}): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Rows");
  for (const row of rows) sheet.addRow([...row]);
  return new Uint8Array(await workbook.xlsx.writeBuffer(options));
}

describe("readTable: XLSX within bounds", () => {
  it("reads 100,000 rows of 5 columns", async () => {
    const rows = Array.from({ length: 100_000 }, (_, index) => [`MSCU${String(index).padStart(7, "0")}`, "MAEU", index, `PO-${index}`, new Date(Date.UTC(2024, 0, 1 + (index % 365)))]);
    const table = await readTable(await exceljsBytes([["Container", "SCAC", "Index", "Ref", "Arrived"], ...rows]), "xlsx");
    expect(table.columns).toEqual(["Container", "SCAC", "Index", "Ref", "Arrived"]);
    expect(table.rows).toHaveLength(100_000);
    expect(table.rows[0]).toEqual({ line: 2, values: { Container: "MSCU0000000", SCAC: "MAEU", Index: "0", Ref: "PO-0", Arrived: "2024-01-01" } });
    expect(table.rows.at(-1)).toEqual({ line: 100_001, values: { Container: "MSCU0099999", SCAC: "MAEU", Index: "99999", Ref: "PO-99999", Arrived: "2024-12-20" } });
  }, 120_000);

  it("refuses a workbook whose XML inflates past the cap, without its heap growing with the XML", async () => {
    const row = Buffer.from("<row><c/></row>".repeat(65_536));
    const chunks = Math.ceil((MAX_XLSX_INFLATED_BYTES + 64 * 1024 * 1024) / row.length);
    const bytes = await zipOf(workbookParts(function* () {
      yield Buffer.from(`<?xml version="1.0"?><worksheet ${MAIN}><sheetData>`);
      for (let chunk = 0; chunk < chunks; chunk++) yield row;
      yield Buffer.from("</sheetData></worksheet>");
    }));
    expect(bytes.byteLength).toBeLessThan(4 * 1024 * 1024);
    const before = process.memoryUsage().heapUsed;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 5);
    const error = await readError(bytes).finally(() => clearInterval(sampler));
    expect(error.code).toBe("out_of_range");
    expect(error.meta).toEqual({ max_inflated_bytes: MAX_XLSX_INFLATED_BYTES });
    expect(error.detail).toContain(`unpacks to more than ${MAX_XLSX_INFLATED_BYTES / 1024 / 1024} MiB`);
    expect(peak - before).toBeLessThan(300 * 1024 * 1024);
  }, 120_000);

  it("refuses a header of more than MAX_TABLE_COLUMNS columns, and a cell past it in the header row", async () => {
    const wide = await readError(await exceljsBytes([Array.from({ length: MAX_TABLE_COLUMNS + 1 }, (_, index) => `C${index}`)]));
    expect(wide.code).toBe("out_of_range");
    expect(wide.meta).toEqual({ max_columns: MAX_TABLE_COLUMNS });
    const far = await readError(await zipOf(workbookParts(`<worksheet ${MAIN}><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>a</t></is></c><c r="ALM1"><v>1</v></c></row></sheetData></worksheet>`)));
    expect(far.meta).toEqual({ max_columns: MAX_TABLE_COLUMNS });
  });

  it("ignores data cells past MAX_TABLE_COLUMNS, as past the header", async () => {
    const table = await readTable(await zipOf(workbookParts(`<worksheet ${MAIN}><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>a</t></is></c></row><row r="2"><c r="A2"><v>1</v></c><c r="ALM2"><v>2</v></c></row></sheetData></worksheet>`)), "xlsx");
    expect(table).toEqual({ columns: ["a"], rows: [{ line: 2, values: { a: "1" } }] });
  });

  it.each([["shared", true], ["inline", false]])("refuses a %s string of more than MAX_TABLE_CELL_LENGTH characters", async (_, useSharedStrings) => {
    const error = await readError(await exceljsBytes([["Container", "Note"], ["MSCU1234567", "x".repeat(MAX_TABLE_CELL_LENGTH + 1)]], { useSharedStrings }));
    expect(error.code).toBe("out_of_range");
    expect(error.meta).toMatchObject({ max_cell_length: MAX_TABLE_CELL_LENGTH });
    expect((await readTable(await exceljsBytes([["Note"], ["x".repeat(MAX_TABLE_CELL_LENGTH)]], { useSharedStrings }), "xlsx")).rows).toHaveLength(1);
  });

  it("refuses a cell of 64 MiB of text", async () => {
    const error = await readError(await zipOf(workbookParts(function* () {
      yield Buffer.from(`<worksheet ${MAIN}><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>`);
      for (let chunk = 0; chunk < 64; chunk++) yield Buffer.alloc(1024 * 1024, "x");
      yield Buffer.from("</t></is></c></row></sheetData></worksheet>");
    })));
    expect(error.meta).toMatchObject({ max_cell_length: MAX_TABLE_CELL_LENGTH });
  });

  it("stops past maxRows while reading", async () => {
    const error = await readError(await exceljsBytes([["Container"], ...Array.from({ length: 50 }, (_, index) => [`MSCU${index}`])]), 10);
    expect(error.meta).toEqual({ max_rows: 10 });
  });

  it("empties merged cells but the first, even when the file keeps values under them", async () => {
    const sheet = `<worksheet ${MAIN}><sheetData>
      <row r="1"><c r="A1" t="inlineStr"><is><t>a</t></is></c><c r="B1" t="inlineStr"><is><t>b</t></is></c><c r="C1" t="inlineStr"><is><t>c</t></is></c></row>
      <row r="2"><c r="A2"><v>1</v></c><c r="B2"><v>hidden</v></c><c r="C2"><v>3</v></c></row>
      <row r="3"><c r="A3"><v>hidden too</v></c></row>
    </sheetData><mergeCells count="1"><mergeCell ref="A2:B3"/></mergeCells></worksheet>`;
    const table = await readTable(await zipOf(workbookParts(sheet)), "xlsx");
    expect(table.rows).toEqual([{ line: 2, values: { a: "1", c: "3" } }]);
  });
});
