import { expect } from "vitest";
import type { BulkJob, BulkJobRow, BulkRowStatus } from "../domain/index.js";
import { uuidv7 } from "../ids/index.js";
import { ALL, ascendingIds, at, compareText, expectPaging, seedAccount, type ContractContext } from "./contract-context.js";
import { makeBulkJob, makeBulkJobRow } from "./fixtures-bulk-jobs.js";

/** The job as a claim leasing it until `until` leaves it. */
const claimed = (job: BulkJob, until: string): BulkJob => ({ ...job, status: "running", lease_until: until });

/** Rows 1… of the job with these statuses: a tracking request on created and duplicate rows, errors on invalid ones. */
function rowsWith(job: BulkJob, statuses: readonly BulkRowStatus[]): BulkJobRow[] {
  return statuses.map((status, i) =>
    makeBulkJobRow(job.account_id, job.id, i + 1, {
      status,
      tracking_request_id: status === "created" || status === "duplicate" ? uuidv7() : null,
      errors: status === "invalid" ? [{ code: "invalid", detail: "SCAC is not a known shipping line", column: "SCAC", attribute: "scac" }] : [],
    }),
  );
}

/** Bulk jobs and their rows: stored together, claimed by lease, worked through row by row. */
export function describeBulkJobsContract(ctx: ContractContext): void {
  ctx.test("bulkJobs.insert stores the job and its rows, read back exactly as written; get is null for another account or an unknown id", async () => {
    const [account, other] = [await seedAccount(ctx.storage), await seedAccount(ctx.storage)];
    const job = makeBulkJob(account.id, {
      format: "xlsx",
      file_name: "Bookings «März» 2026 — \"final\".xlsx",
      columns: [
        { column: "Bill of lading", attribute: "request_number" },
        { column: "Carrier", attribute: "scac" },
        { column: "PO #", attribute: "custom_fields.po_number" },
        { column: "", attribute: null },
      ],
      row_count: 3,
      counts: { pending: 1, created: 1, duplicate: 0, invalid: 1, valid: 0, updated: 0, unchanged: 0 },
      created_at: at(1),
      updated_at: at(2),
    });
    const rows = [
      makeBulkJobRow(account.id, job.id, 1, {
        input: { request_type: "bill_of_lading", request_number: "MAEU240312345", scac: "MAEU", ref_numbers: ["PO-1", "PO \"2\" ✓"], custom_fields: { po_number: "4471", priority: 2, ratio: 0.25, urgent: true, note: null } },
      }),
      makeBulkJobRow(account.id, job.id, 2, { line: 4, status: "created", tracking_request_id: uuidv7() }),
      makeBulkJobRow(account.id, job.id, 3, {
        line: 7,
        status: "invalid",
        input: {},
        errors: [
          { code: "blank", detail: "Request number can't be blank", column: "Bill of lading", attribute: "request_number" },
          { code: "not_recognized", detail: "No column holds a request number", column: null, attribute: null },
        ],
      }),
    ];
    const done = makeBulkJob(account.id, { dry_run: true, format: "rows", file_name: null, columns: [], row_count: 0, counts: { pending: 0, created: 0, duplicate: 0, invalid: 0, valid: 0, updated: 0, unchanged: 0 }, status: "completed", completed_at: at(3), lease_until: at(4) });
    await ctx.storage.bulkJobs.insert(job, rows);
    await ctx.storage.bulkJobs.insert(done, []);
    expect(await ctx.storage.bulkJobs.get(account.id, job.id)).toStrictEqual(job);
    expect(await ctx.storage.bulkJobs.get(account.id, done.id)).toStrictEqual(done);
    expect(await ctx.storage.bulkJobs.listRows(account.id, job.id, { page: ALL })).toStrictEqual({ items: rows, total: 3 });
    expect(await ctx.storage.bulkJobs.listRows(account.id, done.id, { page: ALL })).toStrictEqual({ items: [], total: 0 });
    expect(await ctx.storage.bulkJobs.get(other.id, job.id)).toBeNull();
    expect(await ctx.storage.bulkJobs.get(account.id, uuidv7())).toBeNull();
    expect(await ctx.storage.bulkJobs.get(account.id, "not-a-uuid")).toBeNull();
    expect(await ctx.storage.bulkJobs.listRows(other.id, job.id, { page: ALL })).toStrictEqual({ items: [], total: 0 });
    expect(await ctx.storage.bulkJobs.listRows(account.id, "not-a-uuid", { page: ALL })).toStrictEqual({ items: [], total: 0 });
  });

  ctx.test("bulkJobs.insert is all or nothing: a taken job id is a conflict and stores none of the new rows", async () => {
    const account = await seedAccount(ctx.storage);
    const job = makeBulkJob(account.id, { row_count: 1 });
    const rows = [makeBulkJobRow(account.id, job.id, 1)];
    await ctx.storage.bulkJobs.insert(job, rows);
    const again = { ...job, file_name: "again.csv", row_count: 3 };
    const more = [makeBulkJobRow(account.id, job.id, 2), makeBulkJobRow(account.id, job.id, 3)];
    await expect(ctx.storage.bulkJobs.insert(again, more)).rejects.toMatchObject({ code: "conflict" });
    await expect(ctx.storage.transaction((tx) => tx.bulkJobs.insert(again, more))).rejects.toMatchObject({ code: "conflict" });
    expect(await ctx.storage.bulkJobs.get(account.id, job.id)).toStrictEqual(job);
    expect(await ctx.storage.bulkJobs.listRows(account.id, job.id, { page: ALL })).toStrictEqual({ items: rows, total: 1 });
  });

  ctx.test("bulkJobs.update replaces the stored job and is not_found for an unknown id or another account", async () => {
    const [account, other] = [await seedAccount(ctx.storage), await seedAccount(ctx.storage)];
    const job = makeBulkJob(account.id, { created_at: at(1), updated_at: at(1) });
    await ctx.storage.bulkJobs.insert(job, rowsWith(job, ["pending", "pending"]));
    const running = { ...job, status: "running" as const, counts: { ...job.counts, pending: 1, created: 1 }, updated_at: at(3), lease_until: at(8) };
    await ctx.storage.bulkJobs.update(running);
    expect(await ctx.storage.bulkJobs.get(account.id, job.id)).toStrictEqual(running);
    const done = { ...running, status: "completed" as const, counts: { pending: 0, created: 1, duplicate: 0, invalid: 1, valid: 0, updated: 0, unchanged: 0 }, updated_at: at(5), completed_at: at(5), lease_until: null };
    await ctx.storage.bulkJobs.update(done);
    expect(await ctx.storage.bulkJobs.get(account.id, job.id)).toStrictEqual(done);
    for (const missing of [{ ...done, id: uuidv7() }, { ...done, id: "not-a-uuid" }, { ...done, account_id: other.id }]) {
      await expect(ctx.storage.bulkJobs.update(missing)).rejects.toMatchObject({ code: "not_found" });
    }
    expect(await ctx.storage.bulkJobs.get(account.id, job.id)).toStrictEqual(done);
  });

  ctx.test("bulkJobs.list returns the account's jobs newest first (created_at, then id, descending) and pages", async () => {
    const [account, other] = [await seedAccount(ctx.storage), await seedAccount(ctx.storage)];
    const [id1, id2] = ascendingIds(2, uuidv7);
    const jobs = [
      makeBulkJob(account.id, { created_at: at(1) }),
      makeBulkJob(account.id, { id: id1, created_at: at(2) }),
      makeBulkJob(account.id, { id: id2, created_at: at(2), status: "running", lease_until: at(9) }),
      makeBulkJob(account.id, { created_at: at(3), status: "completed", completed_at: at(4) }),
    ];
    for (const job of [jobs[2]!, jobs[0]!, jobs[3]!, jobs[1]!]) await ctx.storage.bulkJobs.insert(job, []);
    await ctx.storage.bulkJobs.insert(makeBulkJob(other.id, { created_at: at(2) }), []);
    const newest = [jobs[3]!, jobs[2]!, jobs[1]!, jobs[0]!];
    expect(await ctx.storage.bulkJobs.list(account.id, ALL)).toStrictEqual({ items: newest, total: 4 });
    await expectPaging((page) => ctx.storage.bulkJobs.list(account.id, page), newest);
    expect(await ctx.storage.bulkJobs.list(uuidv7(), ALL)).toStrictEqual({ items: [], total: 0 });
  });

  ctx.test("bulkJobs.claimNext claims the oldest unfinished job of any account (created_at, then id), leased as running, and returns it as stored", async () => {
    const [a, b] = [await seedAccount(ctx.storage), await seedAccount(ctx.storage)];
    const [id1, id2] = ascendingIds(2, uuidv7);
    const completed = makeBulkJob(a.id, { created_at: at(0), status: "completed", completed_at: at(1) });
    const first = makeBulkJob(b.id, { created_at: at(1) });
    const tie = makeBulkJob(a.id, { id: id1, created_at: at(2) });
    // Running, but its runner's lease ran out: the next claim takes it over.
    const expired = makeBulkJob(a.id, { id: id2, created_at: at(2), status: "running", lease_until: at(5) });
    const last = makeBulkJob(b.id, { created_at: at(3) });
    for (const job of [last, expired, completed, tie, first]) await ctx.storage.bulkJobs.insert(job, []);
    const lease = at(20);
    expect(await ctx.storage.bulkJobs.claimNext(at(10), lease)).toStrictEqual(claimed(first, lease));
    expect(await ctx.storage.bulkJobs.get(b.id, first.id)).toStrictEqual(claimed(first, lease));
    expect(await ctx.storage.bulkJobs.claimNext(at(10), lease)).toStrictEqual(claimed(tie, lease));
    expect(await ctx.storage.bulkJobs.claimNext(at(10), lease)).toStrictEqual(claimed(expired, lease));
    expect(await ctx.storage.bulkJobs.claimNext(at(10), lease)).toStrictEqual(claimed(last, lease));
    expect(await ctx.storage.bulkJobs.claimNext(at(10), lease)).toBeNull();
    expect(await ctx.storage.bulkJobs.get(a.id, completed.id)).toStrictEqual(completed);
  });

  ctx.test("bulkJobs.claimNext leaves a job until its lease_until is before now, never claims a completed job, and is null when none can be claimed", async () => {
    expect(await ctx.storage.bulkJobs.claimNext(at(0), at(10))).toBeNull();
    const account = await seedAccount(ctx.storage);
    const held = makeBulkJob(account.id, { created_at: at(1), status: "running", lease_until: at(30) });
    const completed = makeBulkJob(account.id, { created_at: at(0), status: "completed", completed_at: at(2) });
    await ctx.storage.bulkJobs.insert(held, []);
    await ctx.storage.bulkJobs.insert(completed, []);
    expect(await ctx.storage.bulkJobs.claimNext(at(10), at(40))).toBeNull();
    expect(await ctx.storage.bulkJobs.claimNext(at(30), at(40))).toBeNull();
    expect(await ctx.storage.bulkJobs.claimNext(at(31), at(40))).toStrictEqual(claimed(held, at(40)));
    expect(await ctx.storage.bulkJobs.claimNext(at(31), at(50))).toBeNull();
    expect(await ctx.storage.bulkJobs.claimNext(at(41), at(50))).toStrictEqual(claimed(held, at(50)));
    expect(await ctx.storage.bulkJobs.get(account.id, held.id)).toStrictEqual(claimed(held, at(50)));
    expect(await ctx.storage.bulkJobs.get(account.id, completed.id)).toStrictEqual(completed);
  });

  ctx.test("bulkJobs.claimNext calls made at the same time never return the same job", async () => {
    const account = await seedAccount(ctx.storage);
    const jobs = Array.from({ length: 6 }, (_, i) => makeBulkJob(account.id, { created_at: at(i) }));
    for (const job of jobs) await ctx.storage.bulkJobs.insert(job, []);
    const claims = await Promise.all(Array.from({ length: 8 }, () => ctx.storage.bulkJobs.claimNext(at(10), at(20))));
    const ids = claims.flatMap((job) => (job ? [job.id] : []));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.sort(compareText)).toStrictEqual(jobs.map((job) => job.id).sort(compareText));
  });

  ctx.test("bulkJobs.listRows returns the job's rows in the account by index, filters by status, and pages", async () => {
    const [account, other] = [await seedAccount(ctx.storage), await seedAccount(ctx.storage)];
    const job = makeBulkJob(account.id, { row_count: 11 });
    const rows = rowsWith(job, ["pending", "created", "invalid", "pending", "duplicate", "pending", "invalid", "pending", "pending", "created", "pending"]);
    const sibling = makeBulkJob(account.id);
    await ctx.storage.bulkJobs.insert(job, [...rows].reverse());
    await ctx.storage.bulkJobs.insert(sibling, rowsWith(sibling, ["pending", "invalid"]));
    expect(await ctx.storage.bulkJobs.listRows(account.id, job.id, { page: ALL })).toStrictEqual({ items: rows, total: 11 });
    await expectPaging((page) => ctx.storage.bulkJobs.listRows(account.id, job.id, { page }), rows);
    expect(await ctx.storage.bulkJobs.listRows(account.id, job.id, { page: ALL, status: "invalid" })).toStrictEqual({ items: [rows[2], rows[6]], total: 2 });
    await expectPaging((page) => ctx.storage.bulkJobs.listRows(account.id, job.id, { page, status: "pending" }), rows.filter((row) => row.status === "pending"));
    expect(await ctx.storage.bulkJobs.listRows(account.id, job.id, { page: ALL, status: "valid" })).toStrictEqual({ items: [], total: 0 });
    expect(await ctx.storage.bulkJobs.listRows(other.id, job.id, { page: ALL })).toStrictEqual({ items: [], total: 0 });
  });

  ctx.test("bulkJobs.pendingRows returns up to limit of the job's pending rows in the account, by index", async () => {
    const [account, other] = [await seedAccount(ctx.storage), await seedAccount(ctx.storage)];
    const job = makeBulkJob(account.id, { row_count: 12 });
    const rows = rowsWith(job, Array.from({ length: 12 }, (_, i) => (i % 3 === 1 ? "created" : i % 5 === 4 ? "invalid" : "pending")));
    const sibling = makeBulkJob(account.id);
    await ctx.storage.bulkJobs.insert(job, [...rows].reverse());
    await ctx.storage.bulkJobs.insert(sibling, rowsWith(sibling, ["pending"]));
    const pending = rows.filter((row) => row.status === "pending");
    expect(pending.map((row) => row.index)).toStrictEqual([1, 3, 4, 6, 7, 9, 12]);
    expect(await ctx.storage.bulkJobs.pendingRows(account.id, job.id, 3)).toStrictEqual(pending.slice(0, 3));
    expect(await ctx.storage.bulkJobs.pendingRows(account.id, job.id, 100)).toStrictEqual(pending);
    expect(await ctx.storage.bulkJobs.pendingRows(other.id, job.id, 100)).toStrictEqual([]);
    expect(await ctx.storage.bulkJobs.pendingRows(account.id, uuidv7(), 100)).toStrictEqual([]);
  });

  ctx.test("bulkJobs.updateRows replaces the stored rows, each by account, job and index, and is not_found when one is missing", async () => {
    const [account, other] = [await seedAccount(ctx.storage), await seedAccount(ctx.storage)];
    const job = makeBulkJob(account.id, { row_count: 3 });
    const rows = rowsWith(job, ["pending", "pending", "pending"]);
    await ctx.storage.bulkJobs.insert(job, rows);
    const worked = [
      { ...rows[0]!, status: "created" as const, tracking_request_id: uuidv7() },
      { ...rows[2]!, status: "invalid" as const, input: { request_number: "" }, errors: [{ code: "blank", detail: "Request number can't be blank", column: "Container", attribute: "request_number" }] },
    ];
    await ctx.storage.bulkJobs.updateRows(worked);
    await ctx.storage.bulkJobs.updateRows([]);
    const stored = [worked[0]!, rows[1]!, worked[1]!];
    expect(await ctx.storage.bulkJobs.listRows(account.id, job.id, { page: ALL })).toStrictEqual({ items: stored, total: 3 });
    expect(await ctx.storage.bulkJobs.pendingRows(account.id, job.id, 10)).toStrictEqual([rows[1]]);
    const changed = { ...rows[1]!, status: "duplicate" as const, tracking_request_id: uuidv7() };
    for (const missing of [{ ...changed, index: 4 }, { ...changed, job_id: uuidv7() }, { ...changed, job_id: "not-a-uuid" }, { ...changed, account_id: other.id }]) {
      await expect(ctx.storage.bulkJobs.updateRows([missing])).rejects.toMatchObject({ code: "not_found" });
    }
    expect(await ctx.storage.bulkJobs.listRows(account.id, job.id, { page: ALL })).toStrictEqual({ items: stored, total: 3 });
  });
}
