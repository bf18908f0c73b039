import { describe, expect, it } from "vitest";
import { ApiError } from "../api/api-client.js";
import type { BulkJobAttributes } from "../api/api-types.js";
import { countsText, IMPORT_ACCEPT, jobKindLabel, mediaTypeOf, rowErrorText, rowsDone, rowStatusLabel, rowsPath, uploadErrorText, uploadPath } from "./bulk-import.js";

describe("the import view's helpers", () => {
  it("sends a file as the media type its extension names", () => {
    expect(mediaTypeOf("boxes.csv")).toBe("text/csv");
    expect(mediaTypeOf("Boxes.XLSX")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(mediaTypeOf("rows.json")).toBe("application/json");
    expect(mediaTypeOf("notes.txt")).toBeNull();
    expect(mediaTypeOf("csv")).toBeNull();
    expect(IMPORT_ACCEPT).toBe(".csv,.xlsx,.json");
  });

  it("names the upload and the pages of rows", () => {
    expect(uploadPath("my boxes.csv", true)).toBe("/tracking_requests/bulk?dry_run=true&file_name=my+boxes.csv");
    expect(uploadPath("a&b.csv", false)).toBe("/tracking_requests/bulk?file_name=a%26b.csv");
    expect(rowsPath("j1", 2, null)).toBe("/bulk_jobs/j1/rows?page%5Bsize%5D=100&page%5Bnumber%5D=2");
    expect(rowsPath("j1", 1, "invalid")).toBe("/bulk_jobs/j1/rows?page%5Bsize%5D=100&page%5Bnumber%5D=1&filter%5Bstatus%5D=invalid");
  });

  it("says which column an error is about, and how far a job is", () => {
    expect(rowErrorText({ code: "invalid", detail: "Request number 'MSCU1234560' is not a valid ISO 6346 container number", column: "Container #", attribute: "request_number" })).toBe(
      "Container #: Request number 'MSCU1234560' is not a valid ISO 6346 container number",
    );
    expect(rowErrorText({ code: "invalid", detail: "No number", column: null, attribute: null })).toBe("No number");
    const job = { kind: "tracking_requests", dry_run: false, row_count: 10, counts: { pending: 4, created: 3, duplicate: 1, invalid: 2, valid: 0 } } as BulkJobAttributes;
    expect(rowsDone(job)).toBe(6);
    expect(countsText(job)).toBe("3 created, 1 already tracked, 2 invalid, 4 pending");
    expect(countsText({ ...job, dry_run: true, counts: { pending: 0, created: 0, duplicate: 0, invalid: 1, valid: 2 } })).toBe("2 valid, 0 already tracked, 1 invalid");
  });

  it("names the results and kinds of jobs it knows, and humanizes those it does not (an update's)", () => {
    expect([rowStatusLabel("duplicate"), rowStatusLabel("valid"), rowStatusLabel("unchanged")]).toEqual(["Already tracked", "Valid", "Unchanged"]);
    const job = { kind: "tracking_requests", dry_run: true } as BulkJobAttributes;
    expect([jobKindLabel(job), jobKindLabel({ ...job, dry_run: false }), jobKindLabel({ ...job, kind: "container_updates" })]).toEqual(["Import (dry run)", "Import", "Container updates (dry run)"]);
    const update = { ...job, kind: "shipment_updates", dry_run: false, counts: { pending: 0, created: 0, duplicate: 0, invalid: 1, valid: 0, updated: 4, unchanged: 2 } } as BulkJobAttributes;
    expect(countsText(update)).toBe("1 invalid, 4 updated, 2 unchanged");
  });

  it("shows the server's refusal, and tells a viewer key that it cannot import", () => {
    const noNumbers = 'No column holds the numbers to track: name one "Request number", "B/L", "Booking" or "Container #" (the columns are "Carrier")';
    expect(uploadErrorText(new ApiError(422, "Unprocessable Entity", noNumbers, [{ detail: noNumbers, pointer: null }]))).toBe(`The file was not accepted (422 Unprocessable Entity): ${noNumbers}`);
    expect(uploadErrorText(new ApiError(415, "Unsupported Media Type", "Send the file as text/csv"))).toBe("The file was not accepted (415 Unsupported Media Type): Send the file as text/csv");
    expect(uploadErrorText(new ApiError(403, "Forbidden", "read-only"))).toContain("viewer role");
    expect(uploadErrorText(new TypeError("Failed to fetch"))).toBe("Could not send the file: Failed to fetch");
  });
});
