import { containerCheckDigit } from "@bollard/core/schemas";

/** A valid container number of `owner` (three letters) and a serial. */
export function containerNumber(owner: string, serial: number): string {
  const prefix = `${owner}U${String(serial).padStart(6, "0")}`;
  return `${prefix}${containerCheckDigit(prefix)}`;
}

/** What a row of {@link bulkImportFile} should come to: its result, and for a duplicate the line it repeats, for an invalid row the column at fault. */
export interface ExpectedBulkRow {
  /** The row's result. */
  status: "created" | "duplicate" | "invalid";
  /** A duplicate's first line. */
  firstLine?: number;
  /** An invalid row's column. */
  column?: string;
}

/** What {@link bulkImportFile} makes. */
export interface BulkImportFile {
  /** The file's text. */
  csv: string;
  /** What each line should come to, by line number (the header is line 1). */
  expected: Map<number, ExpectedBulkRow>;
}

/**
 * A CSV of `rows` tracking requests with mixed-case headers, as a forwarder's spreadsheet has them:
 * every 33rd row bad (3%: a wrong check digit, an unknown SCAC, no number, in turn), every 50th a
 * repeat of a good row about 40 above (2%); with what each line should come to.
 */
export function bulkImportFile(rows: number): BulkImportFile {
  const lines = ["CONTAINER #,carrier,Ref Number,TAGS"];
  const expected = new Map<number, ExpectedBulkRow>();
  const firstLineOf = new Map<string, number>();
  for (let i = 1; i <= rows; i++) {
    const line = i + 1;
    if (i % 33 === 0) {
      const kind = (i / 33) % 3;
      const prefix = `MSCU${String(900_000 + i).padStart(6, "0")}`;
      if (kind === 0) lines.push(`${prefix}${(containerCheckDigit(prefix)! + 1) % 10},MSCU,R-${i},`);
      else if (kind === 1) lines.push(`${containerNumber("MSC", 800_000 + i)},QQQQ,R-${i},`);
      else lines.push(`,MSCU,R-${i},bulk`);
      expected.set(line, { status: "invalid", column: kind === 1 ? "carrier" : "CONTAINER #" });
    } else if (i % 50 === 0) {
      // A repeat of a good row about 40 above (never a bad one, a multiple of 33).
      const source = (i - 40) % 33 === 0 ? i - 41 : i - 40;
      const number = containerNumber("MSC", 100_000 + source);
      lines.push(`${number},MSCU,R-${i},bulk`);
      expected.set(line, { status: "duplicate", firstLine: firstLineOf.get(number)! });
    } else {
      const number = containerNumber("MSC", 100_000 + i);
      firstLineOf.set(number, line);
      lines.push(`${number},mscu,R-${i},bulk;2026`);
      expected.set(line, { status: "created" });
    }
  }
  return { csv: `${lines.join("\n")}\n`, expected };
}
