import type { Harness } from "./http-harness.js";

/** Polls a bulk job over the harness's API until the runner has worked every row; resolves with the job resource. */
export async function completedJob(h: Harness, id: string): Promise<any> {
  for (;;) {
    const job = await h.request("GET", `/v2/bulk_jobs/${id}`);
    if (job.status !== 200) throw new Error(`GET /v2/bulk_jobs/${id} answered ${job.status}`);
    if (job.body.data.attributes.status === "completed") return job.body.data;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
