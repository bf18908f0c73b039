import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { expectRefused, runBollard } from "./testing/bollard-process.js";

const dir = mkdtempSync(join(tmpdir(), "bollard-import-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("bollard import", () => {
  it("imports a CSV into a database with a line per row not created, creates nothing the second time, and updates shipments with --update", async () => {
    const db = join(dir, "import.sqlite");
    expect((await runBollard(["demo", "--db", db, "--account", "Acme", "--create"])).code).toBe(0);
    expect((await runBollard(["keys", "create", "--db", db, "--account", "Acme"])).code).toBe(0);
    const file = join(dir, "boxes.csv");
    writeFileSync(file, "Container #;Carrier;Ref\nMSCU1234566;MSC;PO-1\nTGHU7654320;;PO-2\nMSCU1234560;MSCU;PO-3\n");

    const first = await runBollard(["import", file, "--db", db, "--account", "Acme"]);
    expect(first.code, first.stderr.join("\n")).toBe(1); // one row was invalid
    expect(first.stdout).toStrictEqual(["line 4\tinvalid\tContainer #: Request number 'MSCU1234560' is not a valid ISO 6346 container number"]);
    expect(first.stderr.at(-1)).toMatch(/^boxes\.csv: 3 rows, 2 created, 0 already tracked, 1 invalid \(bulk job [0-9a-f-]{36}\)$/);

    const again = await runBollard(["import", file, "--db", db, "--account", "Acme", "--json"]);
    const report = JSON.parse(again.stdout.join("\n")) as { job: { counts: Record<string, number> }; rows: { line: number; status: string; tracking_request_id: string | null }[] };
    expect(report.job.counts).toMatchObject({ created: 0, duplicate: 2, invalid: 1 });
    expect(report.rows.map((row) => [row.line, row.status])).toStrictEqual([
      [2, "duplicate"],
      [3, "duplicate"],
      [4, "invalid"],
    ]);
    expect(report.rows[0]!.tracking_request_id).toMatch(/^[0-9a-f-]{36}$/);

    // Updates: a bill of lading the account does not have is refused on its column.
    const updates = join(dir, "tags.csv");
    writeFileSync(updates, "Bill of lading,Tags\nNOSUCHBL1,vip\n");
    const shipments = await runBollard(["import", updates, "--db", db, "--account", "Acme", "--update", "shipments", "--dry-run"]);
    expect(shipments.code).toBe(1);
    expect(shipments.stdout).toStrictEqual(["line 2\tinvalid\tBill of lading: There is no shipment numbered NOSUCHBL1"]);
    expect(shipments.stderr.at(-1)).toMatch(/^tags\.csv: 1 rows, 0 would change, 1 invalid/);
  }, 300_000);

  it("refuses bad command lines with a one-line message", async () => {
    await expectRefused(["import", join(dir, "none.csv")], "import needs --account NAME with --db (or --url and --key for a running server)");
    await expectRefused(["import", join(dir, "rows.txt"), "--db", join(dir, "x.sqlite"), "--account", "A", "--format", "pdf"], "--format must be csv, xlsx or json");
  }, 120_000);
});
