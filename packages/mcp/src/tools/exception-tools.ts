import { z } from "zod";
import { defineTool, pageArgs, pageMeta, PageMetaSchema } from "../tool-kit.js";

const KINDS = ["tracking_stale", "eta_slipped", "rolled_over", "transshipment_dwell", "hold_too_long", "last_free_day_passed", "empty_not_returned"] as const;

/** `list_exceptions`: the exceptions the account's rules raised, open by default. */
export const listExceptions = defineTool({
  name: "list_exceptions",
  title: "List Exceptions",
  access: "read",
  description: `Exceptions Bollard's rules raised on the account's shipments, newest first: ${KINDS.join(", ")}; each with its detail and figures. Open ones by default.`,
  input: {
    status: z.enum(["open", "cleared"]).optional().default("open"),
    kind: z.enum(KINDS).optional(),
    shipment_id: z.string().uuid().optional(),
    container_id: z.string().uuid().optional(),
    ...pageArgs(30, 50),
  },
  output: {
    exceptions: z.array(z.object({ id: z.string(), kind: z.string(), status: z.string(), shipment_id: z.string(), container_id: z.string().nullable(), raised_at: z.string(), cleared_at: z.string().nullable(), detail: z.string(), figures: z.record(z.string(), z.unknown()) })),
    counts_by_kind: z.record(z.string(), z.number().int()).describe("Counts on this page"),
    meta: PageMetaSchema,
    note: z.string(),
  },
  async run({ status, kind, shipment_id: shipmentId, container_id: containerId, page = 1, page_size: size = 30 }, { session }) {
    const result = await session.exceptions.list({ status, ...(kind && { kind }), ...(shipmentId && { shipmentId }), ...(containerId && { containerId }), page: { number: page, size } });
    const counts: Record<string, number> = {};
    for (const exception of result.data) counts[exception.kind] = (counts[exception.kind] ?? 0) + 1;
    return {
      exceptions: result.data.map((e) => ({ id: e.id, kind: e.kind, status: e.status, shipment_id: e.shipment_id, container_id: e.container_id, raised_at: e.raised_at, cleared_at: e.cleared_at, detail: e.detail, figures: { ...e.figures } as Record<string, unknown> })),
      counts_by_kind: counts,
      meta: pageMeta(page, size, result.total),
      note: result.total === 0 ? `No ${status} exceptions${kind ? ` of kind ${kind}` : ""}.` : `${result.total} ${status} exception(s).`,
    };
  },
});
