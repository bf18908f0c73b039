import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { ValidationError } from "../errors/index.js";
import { MAX_TABLE_CELL_LENGTH, MAX_TABLE_CELLS, MAX_TABLE_COLUMNS, readTable, tableFormatOf, type TableFormat } from "./table-files.js";

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

/** The ValidationError `readTable` rejects with. */
async function readError(bytes: Uint8Array, format: TableFormat, maxRows?: number): Promise<ValidationError> {
  const error: unknown = await readTable(bytes, format, maxRows === undefined ? {} : { maxRows }).then(() => undefined, (rejection: unknown) => rejection);
  expect(error).toBeInstanceOf(ValidationError);
  return error as ValidationError;
}

describe("readTable: CSV", () => {
  it("reads UTF-8 with a byte order mark and CRLF line ends, trimming cells and leaving empty ones out", async () => {
    const table = await readTable(utf8("\uFEFFContainer, SCAC ,Note\r\nMSCU1234567, MAEU ,\r\nTGHU7654321,ONEY,Crème brûlée\r\n"), "csv");
    expect(table).toEqual({
      columns: ["Container", "SCAC", "Note"],
      rows: [
        { line: 2, values: { Container: "MSCU1234567", SCAC: "MAEU" } },
        { line: 3, values: { Container: "TGHU7654321", SCAC: "ONEY", Note: "Crème brûlée" } },
      ],
    });
  });

  it("reads the `;` of European Excel, keeping decimal commas and quoted `;` in cells", async () => {
    const table = await readTable(utf8('Container;Gewicht;Bemerkung\r\nMSCU1234567;12,5;"Straße; Tor 3"\r\n'), "csv");
    expect(table.columns).toEqual(["Container", "Gewicht", "Bemerkung"]);
    expect(table.rows[0]?.values).toEqual({ Container: "MSCU1234567", Gewicht: "12,5", Bemerkung: "Straße; Tor 3" });
  });

  it("reads tab-separated values, and picks the delimiter by the header only", async () => {
    expect((await readTable(utf8("Container\tNote\nMSCU1234567\ta, b; c\n"), "csv")).rows[0]?.values).toEqual({ Container: "MSCU1234567", Note: "a, b; c" });
    expect((await readTable(utf8('"Container, number";Note\nMSCU1234567;x,y\n'), "csv")).columns).toEqual(["Container, number", "Note"]);
  });

  it("reads UTF-16 with a byte order mark", async () => {
    const text = "Container,Note\nMSCU1234567,Zürich\n";
    const bytes = new Uint8Array([0xff, 0xfe, ...Buffer.from(text, "utf16le")]);
    expect((await readTable(bytes, "csv")).rows[0]?.values).toEqual({ Container: "MSCU1234567", Note: "Zürich" });
  });

  it.each([["LF", "\n"], ["CRLF", "\r\n"]])("numbers rows by the line they start on, past multi-line cells and blank rows (%s)", async (_, eol) => {
    const text = ["Container,Note", 'MSCU1234567,"two', 'lines"', "", ",", 'TGHU7654321,"say ""hi"""', ' , ', 'ONEU1111111,"a', "", 'c"', "LAST"].join(eol);
    const table = await readTable(utf8(text), "csv");
    expect(table.rows).toEqual([
      { line: 2, values: { Container: "MSCU1234567", Note: "two\nlines" } },
      { line: 6, values: { Container: "TGHU7654321", Note: 'say "hi"' } },
      { line: 8, values: { Container: "ONEU1111111", Note: "a\n\nc" } },
      { line: 11, values: { Container: "LAST" } },
    ]);
  });

  it("names empty headers by position and numbers repeated ones; ignores cells past the last header", async () => {
    const table = await readTable(utf8("\n\nName,,Name, Name ,Column 2\na,b,c,d,e,f,g\nshort\n"), "csv");
    expect(table.columns).toEqual(["Name", "Column 2", "Name (2)", "Name (3)", "Column 2 (2)"]);
    expect(table.rows).toEqual([
      { line: 4, values: { Name: "a", "Column 2": "b", "Name (2)": "c", "Name (3)": "d", "Column 2 (2)": "e" } },
      { line: 5, values: { Name: "short" } },
    ]);
  });

  it("reads an empty file, blank lines or a header alone as a table without rows", async () => {
    expect(await readTable(new Uint8Array(), "csv")).toEqual({ columns: [], rows: [] });
    expect(await readTable(utf8("\r\n\r\n"), "csv")).toEqual({ columns: [], rows: [] });
    expect(await readTable(utf8("\uFEFFContainer;SCAC\r\n;\r\n"), "csv")).toEqual({ columns: ["Container", "SCAC"], rows: [] });
  });

  it("refuses malformed CSV with `invalid`, naming the line the bad row starts on", async () => {
    const closing = await readError(utf8('Container,Note\nMSCU1234567,ok\nTGHU7654321,"bad"x\n'), "csv");
    expect(closing.code).toBe("invalid");
    expect(closing.detail).toMatch(/^Line 3 of the CSV file: Invalid Closing Quote/);
    expect(closing.meta).toEqual({ line: 3 });
    const unclosed = await readError(utf8('Container,Note\n"MSCU1234567",ok\nTGHU7654321,"never\nclosed\n'), "csv");
    expect(unclosed.detail).toMatch(/^Line 3 of the CSV file: Quote Not Closed/);
  });

  it("refuses text that is not UTF-8", async () => {
    const error = await readError(new Uint8Array([0x4e, 0x6f, 0x74, 0x65, 0x0a, 0x43, 0x72, 0xe8, 0x6d, 0x65, 0x0a]), "csv");
    expect(error.code).toBe("invalid");
    expect(error.detail).toContain("not UTF-8");
  });

  it("stops past maxRows, not counting blank rows", async () => {
    const text = "Container\nA\n\nB\nC\n";
    expect((await readTable(utf8(text), "csv", { maxRows: 3 })).rows).toHaveLength(3);
    const error = await readError(utf8(text), "csv", 2);
    expect(error.code).toBe("out_of_range");
    expect(error.detail).toContain("more than 2 rows");
    expect(error.meta).toEqual({ max_rows: 2 });
  });
});

describe("readTable: JSON", () => {
  const expected = {
    columns: ["Container", "Weight", "Reefer", "Tags", "Gone", "Extra"],
    rows: [
      { line: 1, values: { Container: "MSCU1234567", Weight: "12.5", Reefer: "true", Tags: "a, b" } },
      { line: 2, values: { Container: "TGHU7654321", Extra: '{"deep":1}' } },
    ],
  };
  const objects = [
    { Container: " MSCU1234567 ", Weight: 12.5, Reefer: true, Tags: ["a", "b"], Gone: null },
    { Container: "TGHU7654321", Extra: { deep: 1 }, Tags: [] },
  ];

  it("reads an array of objects, with columns the union of their keys", async () => {
    expect(await readTable(utf8(JSON.stringify(objects, null, 2)), "json")).toEqual(expected);
  });

  it("reads { rows: [...] }", async () => {
    expect(await readTable(utf8(`\uFEFF${JSON.stringify({ rows: objects })}`), "json")).toEqual(expected);
  });

  it("reads NDJSON, numbering rows by line", async () => {
    const table = await readTable(utf8(`${JSON.stringify(objects[0])}\r\n\r\n${JSON.stringify(objects[1])}\n`), "json");
    expect(table).toEqual({ ...expected, rows: [{ ...expected.rows[0], line: 1 }, { ...expected.rows[1], line: 3 }] });
  });

  it("refuses malformed JSON, NDJSON and items that are not objects with `invalid`", async () => {
    const json = await readError(utf8('[{"Container": "A"},\n{"Container": }]'), "json");
    expect(json.code).toBe("invalid");
    expect(json.detail).toMatch(/JSON file is not valid JSON/);
    const ndjson = await readError(utf8('{"Container": "A"}\n{"Container": "B"}\n{"Container": \n'), "json");
    expect(ndjson.detail).toMatch(/^Line 3 of the JSON file is not valid JSON/);
    const item = await readError(utf8('[{"Container": "A"}, "B"]'), "json");
    expect(item.detail).toMatch(/^Item 2 of the JSON file is not an object/);
  });

  it("stops past maxRows", async () => {
    expect((await readError(utf8(JSON.stringify([{ a: 1 }, { a: 2 }, { a: 3 }])), "json", 2)).code).toBe("out_of_range");
  });
});

describe("readTable: XLSX", () => {
  /** A workbook written by exceljs's ordinary (non-streaming) API: an empty first sheet, then a blank row above the header. */
  async function workbookBytes(): Promise<Uint8Array> {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet("Notes");
    const sheet = workbook.addWorksheet("Containers");
    const put = (row: number, values: readonly ExcelJS.CellValue[]): void => values.forEach((value, index) => (sheet.getRow(row).getCell(index + 1).value = value));
    put(2, ["Container", "Arrived", "Weight", "Double", "Note", "Link", "Error", " ", "Note"]);
    put(3, [
      "MSCU1234567", new Date(Date.UTC(2024, 2, 1)), 12345678, { formula: "C3*2", result: 24691356 },
      { richText: [{ text: "Fragile ", font: { bold: true } }, { text: "cargo" }] }, { text: "Tracking page", hyperlink: "https://example.com" },
      { error: "#N/A" }, "no header", "second note",
    ]);
    put(5, ["TGHU7654321", new Date(Date.UTC(2024, 2, 1, 14, 30, 15)), 0.1 + 0.2, { formula: "1=1", result: true }]);
    sheet.mergeCells("A6:C6");
    sheet.getCell("A6").value = "merged";
    return new Uint8Array(await workbook.xlsx.writeBuffer());
  }

  it("reads the first worksheet with data, its first non-empty row as header, converting values to text", async () => {
    const table = await readTable(await workbookBytes(), "xlsx");
    expect(table.columns).toEqual(["Container", "Arrived", "Weight", "Double", "Note", "Link", "Error", "Column 8", "Note (2)"]);
    expect(table.rows).toEqual([
      {
        line: 3,
        values: {
          Container: "MSCU1234567", Arrived: "2024-03-01", Weight: "12345678", Double: "24691356", Note: "Fragile cargo", Link: "Tracking page",
          "Column 8": "no header", "Note (2)": "second note",
        },
      },
      { line: 5, values: { Container: "TGHU7654321", Arrived: "2024-03-01T14:30:15.000Z", Weight: "0.3", Double: "true" } },
      { line: 6, values: { Container: "merged" } },
    ]);
  });

  it("refuses bytes that are not a workbook with `invalid`", async () => {
    const error = await readError(utf8("Container,SCAC\nMSCU1234567,MAEU\n"), "xlsx");
    expect(error.code).toBe("invalid");
    expect(error.detail).toBe("The file is not an XLSX workbook");
    expect((await readError((await workbookBytes()).subarray(0, 500), "xlsx")).detail).toBe("The file is not an XLSX workbook");
  });

  it("stops past maxRows, also when the worksheet is far over it", async () => {
    expect((await readError(await workbookBytes(), "xlsx", 2)).code).toBe("out_of_range");
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Containers");
    for (let row = 0; row < 100; row++) sheet.addRow([`MSCU${row}`]);
    const error = await readError(new Uint8Array(await workbook.xlsx.writeBuffer()), "xlsx", 5);
    expect(error.code).toBe("out_of_range");
    expect(error.detail).toContain("more than 5 rows");
  });
});

describe("readTable: limits of CSV and JSON", () => {
  const wideHeader = Array.from({ length: MAX_TABLE_COLUMNS + 1 }, (_, index) => `C${index}`);

  it("refuses a header of more than MAX_TABLE_COLUMNS columns", async () => {
    for (const [text, format] of [[wideHeader.join(","), "csv"], [JSON.stringify([Object.fromEntries(wideHeader.map((name) => [name, 1]))]), "json"]] as const) {
      const error = await readError(utf8(text), format);
      expect(error.code).toBe("out_of_range");
      expect(error.meta).toEqual({ max_columns: MAX_TABLE_COLUMNS });
    }
    expect((await readTable(utf8(wideHeader.slice(1).join(",")), "csv")).columns).toHaveLength(MAX_TABLE_COLUMNS);
  });

  it("refuses a cell of more than MAX_TABLE_CELL_LENGTH characters, naming its row", async () => {
    const long = "x".repeat(MAX_TABLE_CELL_LENGTH + 1);
    const csv = await readError(utf8(`Container,Note\nMSCU1234567,ok\nTGHU7654321,${long}\n`), "csv");
    expect(csv.code).toBe("out_of_range");
    expect(csv.meta).toEqual({ max_cell_length: MAX_TABLE_CELL_LENGTH, line: 3 });
    const json = await readError(utf8(JSON.stringify([{ Note: "ok" }, { Note: long }])), "json");
    expect(json.meta).toEqual({ max_cell_length: MAX_TABLE_CELL_LENGTH, line: 2 });
    expect((await readTable(utf8(`Note\n${long.slice(1)}\n`), "csv")).rows).toHaveLength(1);
  });

  it("refuses more than MAX_TABLE_CELLS filled cells", async () => {
    const columns = Math.ceil(MAX_TABLE_CELLS / 100_000) + 1;
    const row = Array.from({ length: columns }, () => "1").join(",");
    const text = [Array.from({ length: columns }, (_, index) => `C${index}`).join(","), ...Array.from({ length: 100_000 }, () => row)].join("\n");
    const error = await readError(utf8(text), "csv");
    expect(error.code).toBe("out_of_range");
    expect(error.meta).toEqual({ max_cells: MAX_TABLE_CELLS });
  }, 60_000);
});

describe("tableFormatOf", () => {
  it.each([
    ["text/csv", "csv"], ["text/csv; charset=utf-8", "csv"], ["application/csv", "csv"], ["text/tab-separated-values", "csv"],
    ["application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "xlsx"], ["application/json; charset=UTF-8", "json"], ["application/x-ndjson", "json"],
    ["containers.csv", "csv"], ["C:\\exports\\Containers.TSV", "csv"], ["list.txt", "csv"], ["Book1.xlsx", "xlsx"], ["rows.json", "json"], ["rows.ndjson", "json"], ["rows.jsonl", "json"],
    ["application/vnd.ms-excel", null], ["Book1.xls", null], ["text/plain", null], ["csv", null], ["", null],
  ])("%j is %j", (input, format) => {
    expect(tableFormatOf(input)).toBe(format);
  });
});
