import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CONTAINER_EXPORT_COLUMNS, readTable } from "@bollard/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectRefused, runBollard } from "./testing/bollard-process.js";

const dir = mkdtempSync(join(tmpdir(), "bollard-export-"));
const db = join(dir, "bollard.sqlite");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function bollard(args: string[]) {
  const result = await runBollard(args);
  expect(result.code, `${args.join(" ")}: ${result.stderr.join(" | ")}`).toBe(0);
  return result;
}

describe("bollard export", () => {
  beforeAll(async () => {
    await bollard(["keys", "create", "--db", db, "--account", "Acme", "--role", "viewer", "--create"]);
    await bollard(["demo", "--db", db, "--account", "Acme"]);
  }, 180_000);

  it("writes a database's containers to a CSV file in the stable columns, and reports the rows on stderr", async () => {
    const out = join(dir, "containers.csv");
    const { stdout, stderr } = await bollard(["export", "containers", "--db", db, "--account", "Acme", "--out", out]);
    expect(stdout.filter(Boolean)).toStrictEqual([]);
    const table = await readTable(readFileSync(out), "csv");
    expect(table.columns).toStrictEqual(CONTAINER_EXPORT_COLUMNS.map((column) => column.name));
    expect(table.rows.length).toBeGreaterThan(0);
    expect(table.rows.every((row) => /^[A-Z]{4}\d{7}$/.test(row.values.number ?? ""))).toBe(true);
    expect(stderr.at(-1)).toBe(`${out}: ${table.rows.length} rows written`);
    expect(existsSync(`${out}.partial`)).toBe(false);
  });

  it("writes NDJSON to stdout with the listing's filters", async () => {
    const { stdout } = await bollard(["export", "tracking_requests", "--db", db, "--account", "Acme", "--format", "ndjson", "--filter", "status=created", "--filter", "created_at[start]=2000-01-01T00:00:00Z"]);
    const rows = stdout.filter(Boolean).map((line) => JSON.parse(line) as { status: string });
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((row) => row.status))).toStrictEqual(new Set(["created"]));
  });

  it("refuses an unknown filter, a bad filter value, an unknown resource and XLSX without --out, with exit code 2 and no file", async () => {
    const out = join(dir, "refused.csv");
    await expectRefused(["export", "containers", "--db", db, "--account", "Acme", "--out", out, "--filter", "colour=red"], 'containers has no filter "colour"');
    await expectRefused(["export", "tracking_requests", "--db", db, "--account", "Acme", "--out", out, "--filter", "status=lost"], "--filter: status:");
    await expectRefused(["export", "vessels", "--db", db, "--account", "Acme"], 'bollard export exports shipments, containers, tracking_requests, transport_events, not "vessels"');
    await expectRefused(["export", "containers", "--db", db, "--account", "Acme", "--format", "xlsx"], "An XLSX workbook needs --out FILE");
    expect(existsSync(out)).toBe(false);
  });
});
