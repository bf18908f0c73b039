import { writeTable } from "@bollard/core";
import { afterEach, describe, expect, it } from "vitest";
import { containerNumber } from "./testing/bulk-fixtures.js";
import { completedJob } from "./testing/bulk-jobs.js";
import { createHarness, type Harness } from "./testing/http-harness.js";
import { STORAGES } from "./testing/storages.js";

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of cleanup.splice(0)) await close();
});


/** Sends a file as the body of `POST /v2/tracking_requests/bulk`. */
async function upload(h: Harness, body: string | Uint8Array, contentType: string, query = "", key = h.keys.editor) {
  const response = await h.app.request(`/v2/tracking_requests/bulk${query}`, { method: "POST", headers: { authorization: `Token ${key}`, "content-type": contentType }, body });
  return { status: response.status, headers: response.headers, body: (await response.json()) as any };
}

/** Polls the job until it is completed (the runner works it in the background). */

/** Every row of a job, page by page. */
async function allRows(h: Harness, id: string, filter = "") {
  const rows: any[] = [];
  for (let page = 1; ; page++) {
    const response = await h.request("GET", `/v2/bulk_jobs/${id}/rows?page[size]=100&page[number]=${page}${filter}`);
    expect(response.status).toBe(200);
    rows.push(...response.body.data);
    if (response.body.data.length < 100) return rows;
  }
}

describe.each(STORAGES)("bulk import of tracking requests over HTTP, %s storage", (_name, makeStorage) => {
  it("reads a CSV with forgiving headers, creates each row once, reports duplicates and errors by column, and a second upload creates nothing", async () => {
    const h = await createHarness({ storage: makeStorage() });
    cleanup.push(() => h.tracker.close());
    const first = containerNumber("MSC", 100_001);
    const second = containerNumber("MSC", 100_002);
    const csv = [
      "Container #;CARRIER;Ref;Tags;Customer",
      `${first};mscu;PO-1, PO-2;urgent;Acme Retail`,
      `${second};MSC;PO-3;;`, // the carrier by its short name
      `MSCU1234560;MSCU;;;`, // a bad check digit
      `${first};MSCU;;;`, // the first row again
      `;;;;`, // a blank row: left out
      `${containerNumber("MAE", 7)};XXXX;;;`, // an unknown SCAC
      `;MSCU;PO-9;;`, // no number
    ].join("\r\n");
    const sent = await upload(h, csv, "text/csv", "?file_name=boxes.csv");
    expect(sent.status, JSON.stringify(sent.body)).toBe(202);
    expect(sent.headers.get("location")).toBe(`http://localhost/v2/bulk_jobs/${sent.body.data.id}`);
    expect(sent.body.data).toMatchObject({ type: "bulk_job", links: { self: `/v2/bulk_jobs/${sent.body.data.id}` } });
    expect(sent.body.data.attributes).toMatchObject({ kind: "tracking_requests", dry_run: false, format: "csv", file_name: "boxes.csv", row_count: 6 });
    expect(sent.body.data.attributes.columns).toStrictEqual([
      { column: "Container #", attribute: "container_number" },
      { column: "CARRIER", attribute: "scac" },
      { column: "Ref", attribute: "ref_numbers" },
      { column: "Tags", attribute: "shipment_tags" },
      { column: "Customer", attribute: "customer_name" },
    ]);

    const job = await completedJob(h, sent.body.data.id);
    expect(job.attributes.counts).toStrictEqual({ pending: 0, created: 2, duplicate: 1, invalid: 3, valid: 0, updated: 0, unchanged: 0 });
    expect(job.attributes.completed_at).toMatch(/Z$/);
    const rows = await allRows(h, job.id);
    expect(rows.map((row) => [row.attributes.line, row.attributes.status])).toStrictEqual([
      [2, "created"],
      [3, "created"],
      [4, "invalid"],
      [5, "duplicate"],
      [7, "invalid"],
      [8, "invalid"],
    ]);
    expect(rows[0]).toMatchObject({ id: `${job.id}-1`, type: "bulk_job_row", attributes: { index: 1, input: { request_type: "container", request_number: first, scac: "MSCU", ref_numbers: ["PO-1", "PO-2"], shipment_tags: ["urgent"], customer_name: "Acme Retail" }, errors: [] } });
    expect(rows[3].relationships.tracking_request.data).toStrictEqual(rows[0].relationships.tracking_request.data);
    expect(rows[2].attributes.errors).toStrictEqual([{ code: "invalid", detail: "Request number 'MSCU1234560' is not a valid ISO 6346 container number", column: "Container #", attribute: "request_number" }]);
    expect(rows[4].attributes.errors).toStrictEqual([{ code: "not_recognized", detail: "Scac 'XXXX' is not recognized", column: "CARRIER", attribute: "scac" }]);
    expect(rows[5].attributes.errors).toStrictEqual([{ code: "blank", detail: "Request number can't be blank", column: "Container #", attribute: "request_number" }]);
    expect((await h.request("GET", `/v2/bulk_jobs/${job.id}/rows?filter[status]=invalid`)).body.meta).toMatchObject({ total: 3 });

    const request = await h.request("GET", `/v2/tracking_requests/${rows[0].relationships.tracking_request.data.id}`);
    expect(request.body.data.attributes).toMatchObject({ request_number: first, request_type: "container", scac: "MSCU", status: "pending", ref_numbers: ["PO-1", "PO-2"], tags: ["urgent"] });
    const before = (await h.request("GET", "/v2/tracking_requests")).body.meta.total;

    // The same file again: every good row is a duplicate of what the first made, nothing new.
    const again = await upload(h, csv, "text/csv");
    const repeated = await completedJob(h, again.body.data.id);
    expect(repeated.attributes.counts).toStrictEqual({ pending: 0, created: 0, duplicate: 3, invalid: 3, valid: 0, updated: 0, unchanged: 0 });
    expect((await allRows(h, repeated.id, "&filter[status]=duplicate")).map((row) => row.relationships.tracking_request.data.id)).toStrictEqual(
      [rows[0], rows[1], rows[0]].map((row) => row.relationships.tracking_request.data.id),
    );
    expect((await h.request("GET", "/v2/tracking_requests")).body.meta.total).toBe(before);
    // Newest first.
    expect((await h.request("GET", "/v2/bulk_jobs")).body.data.map((j: { id: string }) => j.id)).toStrictEqual([repeated.id, job.id]);
  });

  it("takes JSON rows and a form upload, checks without writing on a dry run, and refuses what it cannot read", async () => {
    const h = await createHarness({ storage: makeStorage() });
    cleanup.push(() => h.tracker.close());
    const box = containerNumber("CMA", 4242);
    const before = (await h.request("GET", "/v2/tracking_requests")).body.meta.total;

    const dry = await h.request("POST", "/v2/tracking_requests/bulk", { body: { data: { attributes: { dry_run: true, rows: [{ "B/L No.": "MEDUAB123456", "Shipping Line": "MSCU" }, { "B/L No.": "MEDUAB123456", "Shipping Line": "MSCU" }, { "B/L No.": "X", "Shipping Line": "ZZZZ" }] } } } });
    expect(dry.status, JSON.stringify(dry.body)).toBe(202);
    const checked = await completedJob(h, dry.body.data.id);
    expect(checked.attributes).toMatchObject({ dry_run: true, format: "json", counts: { pending: 0, created: 0, duplicate: 1, invalid: 1, valid: 1 } });
    expect(checked.attributes.columns).toStrictEqual([
      { column: "B/L No.", attribute: "bill_of_lading_number" },
      { column: "Shipping Line", attribute: "scac" },
    ]);
    expect((await h.request("GET", "/v2/tracking_requests")).body.meta.total).toBe(before);

    const form = new FormData();
    form.set("file", new File([`Container Number,SCAC\n${box},CMDU\n`], "boxes.csv", { type: "text/csv" }));
    const response = await h.app.request("/v2/tracking_requests/bulk", { method: "POST", headers: { authorization: `Token ${h.keys.editor}` }, body: form });
    const formJob = (await response.json()) as any;
    expect(response.status, JSON.stringify(formJob)).toBe(202);
    expect(formJob.data.attributes).toMatchObject({ format: "csv", file_name: "boxes.csv", row_count: 1 });
    expect((await completedJob(h, formJob.data.id)).attributes.counts).toMatchObject({ created: 1 });

    const array = await h.request("POST", "/v2/tracking_requests/bulk", { body: [{ number: box, scac: "CMDU", type: "container" }] });
    expect(array.status).toBe(202);
    expect((await completedJob(h, array.body.data.id)).attributes.counts).toMatchObject({ duplicate: 1 });

    // An XLSX workbook, as a spreadsheet saves it.
    const workbook = writeTable(["Booking #", "Line"], (async function* () {
      yield ["BKG778899", "Maersk"];
    })(), "xlsx");
    const xlsx = await upload(h, new Uint8Array(await new Response(workbook.stream).arrayBuffer()), workbook.contentType, "?file_name=bookings.xlsx");
    expect(xlsx.status, JSON.stringify(xlsx.body)).toBe(202);
    expect(xlsx.body.data.attributes).toMatchObject({ format: "xlsx", file_name: "bookings.xlsx", columns: [{ column: "Booking #", attribute: "booking_number" }, { column: "Line", attribute: "scac" }] });
    await completedJob(h, xlsx.body.data.id);
    expect((await h.request("GET", `/v2/bulk_jobs/${xlsx.body.data.id}/rows`)).body.data[0].attributes).toMatchObject({ line: 2, status: "created", input: { request_type: "booking_number", request_number: "BKG778899", scac: "MAEU" } });

    // A NUL character in a cell: that row is refused on its column, the job goes on.
    const nul = await h.request("POST", "/v2/tracking_requests/bulk", { body: [{ "Container #": `${box.slice(0, 4)}\u0000${box.slice(4)}`, Carrier: "CMDU" }] });
    expect(nul.status, JSON.stringify(nul.body)).toBe(202);
    expect((await completedJob(h, nul.body.data.id)).attributes.counts).toMatchObject({ invalid: 1 });
    expect((await h.request("GET", `/v2/bulk_jobs/${nul.body.data.id}/rows`)).body.data[0].attributes.errors).toStrictEqual([{ code: "invalid", detail: "The cell holds a NUL character (\\u0000)", column: "Container #", attribute: null }]);

    // Refusals: a viewer, a file of no known type, no column of numbers, nothing in it, a broken CSV.
    expect((await upload(h, `Container #\n${box}\n`, "text/csv", "", h.keys.viewer)).status).toBe(403);
    const wrongType = await upload(h, "hello", "text/plain");
    expect([wrongType.status, wrongType.body.errors[0].code]).toStrictEqual([415, "unsupported_media_type"]);
    const noNumbers = await upload(h, "Carrier,Customer\nMSCU,Acme\n", "text/csv");
    expect([noNumbers.status, noNumbers.body.errors[0].detail]).toStrictEqual([422, 'No column holds the numbers to track: name one "Request number", "B/L", "Booking" or "Container #" (the columns are "Carrier", "Customer")']);
    expect((await upload(h, "Container #\n", "text/csv")).status).toBe(422);
    const broken = await upload(h, 'Container #,Carrier\n"MSCU1,MSCU\n', "text/csv");
    expect([broken.status, broken.body.errors[0].code]).toStrictEqual([422, "invalid"]);
    expect((await h.request("GET", "/v2/bulk_jobs/0190a8e5-0000-7000-8000-000000000000")).status).toBe(404);
    // Another account's job is unknown here.
    expect((await h.request("GET", `/v2/bulk_jobs/${formJob.data.id}`, { key: h.keys.other })).status).toBe(404);
  });
});
