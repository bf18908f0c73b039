import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTracker, manualClock } from "@bollard/core";
import { sqliteStorage } from "@bollard/storage-sqlite";
import { afterAll, describe, expect, it } from "vitest";
import { createHttpApp } from "./app.js";
import { startServer } from "./server.js";
import { bulkImportFile } from "./testing/bulk-fixtures.js";

/*
 * The done-when of bulk imports: a 10,000-row CSV with 3% bad rows, 2% duplicates and mixed-case
 * headers, sent over a real socket to a server on a SQLite file; every row's result is checked, and
 * the same file sent again creates nothing new. The time is printed, not asserted (targets live in
 * `pnpm bench bulk`).
 */

const ROWS = 10_000;
const dir = mkdtempSync(join(tmpdir(), "bollard-bulk-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("a 10,000-row CSV over HTTP on SQLite", () => {
  it("reports every row correctly, and the same file again creates nothing new", async () => {
    const tracker = await createTracker({ storage: sqliteStorage({ filename: join(dir, "bulk.sqlite") }), clock: manualClock("2026-11-01T12:00:00Z") });
    const { account } = await tracker.accounts.ensure("Importer");
    const { apiKey } = await tracker.accounts.issueKey(account.id, { role: "editor" });
    const server = await startServer(createHttpApp(tracker), { port: 0, turns: tracker.turns });
    const base = `http://127.0.0.1:${server.port}/v2`;
    const headers = { authorization: `Token ${apiKey}` };
    const get = async (path: string) => {
      const response = await fetch(`${base}${path}`, { headers });
      expect(response.status, path).toBe(200);
      return (await response.json()) as any;
    };
    try {
      const { csv, expected } = bulkImportFile(ROWS);
      const importOnce = async () => {
        const started = performance.now();
        const response = await fetch(`${base}/tracking_requests/bulk?file_name=boxes.csv`, { method: "POST", headers: { ...headers, "content-type": "text/csv" }, body: csv });
        const sent = (await response.json()) as any;
        expect(response.status, JSON.stringify(sent).slice(0, 500)).toBe(202);
        const answered = performance.now() - started;
        let job = sent.data;
        while (job.attributes.status !== "completed") {
          await new Promise((resolve) => setTimeout(resolve, 50));
          job = (await get(`/bulk_jobs/${job.id}`)).data;
        }
        return { job, answeredMs: answered, totalMs: performance.now() - started };
      };

      const first = await importOnce();
      console.log(`bulk import of ${ROWS} CSV rows on SQLite: answered 202 in ${(first.answeredMs / 1000).toFixed(2)} s, completed in ${(first.totalMs / 1000).toFixed(2)} s`);
      const counts = { created: 0, duplicate: 0, invalid: 0 };
      for (const value of expected.values()) counts[value.status]++;
      expect(first.job.attributes.counts).toStrictEqual({ pending: 0, valid: 0, updated: 0, unchanged: 0, ...counts });
      expect(first.job.attributes.columns).toStrictEqual([
        { column: "CONTAINER #", attribute: "container_number" },
        { column: "carrier", attribute: "scac" },
        { column: "Ref Number", attribute: "ref_numbers" },
        { column: "TAGS", attribute: "shipment_tags" },
      ]);

      // Every row, page by page: its result, its column, and a duplicate's request is its first row's.
      const requestOfLine = new Map<number, string>();
      const rows: any[] = [];
      for (let page = 1; rows.length < ROWS; page++) rows.push(...(await get(`/bulk_jobs/${first.job.id}/rows?page[size]=100&page[number]=${page}`)).data);
      expect(rows).toHaveLength(ROWS);
      for (const row of rows) {
        const want = expected.get(row.attributes.line)!;
        expect(row.attributes.status, `line ${row.attributes.line}`).toBe(want.status);
        const request = row.relationships.tracking_request.data?.id as string | undefined;
        if (want.status === "created") requestOfLine.set(row.attributes.line, request!);
        if (want.status === "duplicate") expect(request, `line ${row.attributes.line}`).toBe(requestOfLine.get(want.firstLine!));
        if (want.status === "invalid") {
          expect(request).toBeUndefined();
          expect(row.attributes.errors.map((error: { column: string }) => error.column), `line ${row.attributes.line}`).toStrictEqual([want.column]);
        }
      }
      const total = (await get("/tracking_requests?page[size]=1")).meta.total;
      expect(total).toBe(counts.created);

      // The same file again: nothing new, every good row a duplicate of the request it made.
      const second = await importOnce();
      console.log(`the same file again: completed in ${(second.totalMs / 1000).toFixed(2)} s, ${second.job.attributes.counts.created} created`);
      expect(second.job.attributes.counts).toStrictEqual({ pending: 0, valid: 0, updated: 0, unchanged: 0, created: 0, duplicate: counts.created + counts.duplicate, invalid: counts.invalid });
      expect((await get("/tracking_requests?page[size]=1")).meta.total).toBe(total);
    } finally {
      await server.close();
      await tracker.close();
    }
  }, 300_000);
});
