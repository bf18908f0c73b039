import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { readTable } from "./table-files.js";
import { writeTable, type ExportCell } from "./table-writer.js";

const columns = ["Container", "Note", "Weight", "Reefer", "Empty"];
const rows: ExportCell[][] = [
  ["MSCU1234567", "Crème brûlée, Zürich", 12345678, true, null],
  ["TGHU7654321", 'He said "hi"\nthen left', 0.25, false, ""],
  ["ONEU1111111", "=SUM(A1:A2)", -3, null, null],
];

async function* source<T>(items: readonly T[]): AsyncGenerator<T> {
  yield* items;
}

async function bytesOf(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}

const expectedRows = [
  { line: 2, values: { Container: "MSCU1234567", Note: "Crème brûlée, Zürich", Weight: "12345678", Reefer: "true" } },
  { line: 3, values: { Container: "TGHU7654321", Note: 'He said "hi"\nthen left', Weight: "0.25", Reefer: "false" } },
  { line: 5, values: { Container: "ONEU1111111", Note: "=SUM(A1:A2)", Weight: "-3" } },
];

describe("writeTable", () => {
  it("writes CSV with a BOM, CRLF, RFC 4180 quoting and empty cells for null, which readTable reads back", async () => {
    const writer = writeTable(columns, source(rows), "csv");
    expect(writer).toMatchObject({ contentType: "text/csv; charset=utf-8", fileExtension: "csv" });
    const bytes = await bytesOf(writer.stream);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    expect(text).toBe(
      "\uFEFFContainer,Note,Weight,Reefer,Empty\r\n" +
        'MSCU1234567,"Crème brûlée, Zürich",12345678,true,\r\n' +
        'TGHU7654321,"He said ""hi""\nthen left",0.25,false,\r\n' +
        "ONEU1111111,=SUM(A1:A2),-3,,\r\n",
    );
    // The quoted line break puts the last row on line 5.
    expect(await readTable(bytes, "csv")).toEqual({ columns, rows: expectedRows });
  });

  it("leaves the BOM out and escapes formulas when told", async () => {
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await bytesOf(writeTable(["A"], source([["=1+1"], ["x"]]), "csv", { bom: false, escapeFormulas: true }).stream));
    expect(text).toBe("A\r\n'=1+1\r\nx\r\n");
  });

  it("writes an XLSX with one bold-headed worksheet named Export, which readTable reads back", async () => {
    const writer = writeTable(columns, source(rows), "xlsx");
    expect(writer).toMatchObject({ contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", fileExtension: "xlsx" });
    const bytes = await bytesOf(writer.stream);
    expect(await readTable(bytes, "xlsx")).toEqual({ columns, rows: expectedRows.map((row, index) => ({ ...row, line: index + 2 })) });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(["Export"]);
    expect(workbook.worksheets[0]!.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(workbook.worksheets[0]!.getRow(2).getCell(3).value).toBe(12345678);
  });

  it("writes NDJSON keyed by column, null kept", async () => {
    const writer = writeTable(columns, source(rows.slice(0, 2)), "ndjson");
    expect(writer).toMatchObject({ contentType: "application/x-ndjson", fileExtension: "ndjson" });
    const text = new TextDecoder().decode(await bytesOf(writer.stream));
    expect(text.split("\n")).toEqual([
      '{"Container":"MSCU1234567","Note":"Crème brûlée, Zürich","Weight":12345678,"Reefer":true,"Empty":null}',
      '{"Container":"TGHU7654321","Note":"He said \\"hi\\"\\nthen left","Weight":0.25,"Reefer":false,"Empty":""}',
      "",
    ]);
  });

  it("pads short rows and cuts long ones; an empty source is the header alone", async () => {
    const text = new TextDecoder().decode(await bytesOf(writeTable(["A", "B"], source([["1"], ["1", "2", "3"]]), "csv", { bom: false }).stream));
    expect(text).toBe("A,B\r\n1,\r\n1,2\r\n");
    expect(await readTable(await bytesOf(writeTable(["A", "B"], source([]), "xlsx").stream), "xlsx")).toEqual({ columns: ["A", "B"], rows: [] });
  });

  it("pulls rows only as the stream is read: 200,000 CSV rows, never more than a few batches ahead", async () => {
    const total = 200_000;
    let produced = 0;
    async function* generate(): AsyncGenerator<ExportCell[]> {
      for (let index = 0; index < total; index++) {
        produced++;
        yield [`MSCU${String(index).padStart(7, "0")}`, index, index % 2 === 0];
      }
    }
    const reader = writeTable(["Container", "Index", "Even"], generate(), "csv").stream.getReader();
    const decoder = new TextDecoder();
    let lines = 0;
    let mostAhead = 0;
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      lines += decoder.decode(read.value).split("\r\n").length - 1;
      mostAhead = Math.max(mostAhead, produced - (lines - 1));
    }
    expect(lines).toBe(total + 1);
    expect(mostAhead).toBeLessThanOrEqual(1_024);
  });

  it("returns the source when the consumer cancels, and has read only what was asked for (XLSX)", async () => {
    let produced = 0;
    let returned = false;
    async function* endless(): AsyncGenerator<ExportCell[]> {
      try {
        for (let index = 0; ; index++) {
          produced++;
          yield [`MSCU${index}`, `note ${index * 7919}`, index];
        }
      } finally {
        returned = true;
      }
    }
    const reader = writeTable(["Container", "Note", "Index"], endless(), "xlsx").stream.getReader();
    for (let chunk = 0; chunk < 20; chunk++) expect((await reader.read()).done).toBe(false);
    await reader.cancel();
    expect(returned).toBe(true);
    expect(produced).toBeLessThan(50_000);
  });

  it("errors the stream when the source throws", async () => {
    async function* failing(): AsyncGenerator<ExportCell[]> {
      yield ["a"];
      throw new Error("storage went away");
    }
    for (const format of ["csv", "ndjson", "xlsx"] as const) {
      await expect(bytesOf(writeTable(["A"], failing(), format).stream)).rejects.toThrow("storage went away");
    }
  });
});
