import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { rename, rm } from "node:fs/promises";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { BollardError, type ExportFormat, type Session, type TableExport } from "@bollard/core";
import { CliError, usageError } from "./cli-error.js";
import type { CliIo } from "./cli-io.js";
import type { ParsedOptions } from "./command-spec.js";
import { suggestion } from "./did-you-mean.js";
import { existingDatabase, withTracker } from "./keys-command.js";
import { createProgressBar } from "./progress-bar.js";

/** A filter on the command line (`--filter key=value`): the query parameter of the export route, and the SDK option it sets (a dotted path for nested ones). */
interface Filter {
  readonly parameter: string;
  readonly option: string;
  /** `list`: comma-separated values; `boolean`: true or false. */
  readonly kind?: "list" | "boolean";
}

/** What `bollard export` exports, with the filters each takes: the HTTP filter names without `filter[…]`. */
const RESOURCES = {
  shipments: {
    tracking_stopped: { parameter: "filter[tracking_stopped]", option: "trackingStopped", kind: "boolean" },
    number: { parameter: "number", option: "number" },
    q: { parameter: "q", option: "q" },
  },
  containers: { number: { parameter: "filter[number]", option: "number" } },
  tracking_requests: {
    q: { parameter: "q", option: "q" },
    request_number: { parameter: "filter[request_number]", option: "requestNumber" },
    status: { parameter: "filter[status]", option: "status" },
    scac: { parameter: "filter[scac]", option: "scac" },
    "created_at[start]": { parameter: "filter[created_at][start]", option: "createdAt.start" },
    "created_at[end]": { parameter: "filter[created_at][end]", option: "createdAt.end" },
    "updated_at[start]": { parameter: "filter[updated_at][start]", option: "updatedAt.start" },
    "updated_at[end]": { parameter: "filter[updated_at][end]", option: "updatedAt.end" },
  },
  transport_events: {
    shipment_id: { parameter: "filter[shipment_id]", option: "shipment_ids", kind: "list" },
    container_id: { parameter: "filter[container_id]", option: "container_ids", kind: "list" },
    reference: { parameter: "filter[reference]", option: "references", kind: "list" },
    updated_since: { parameter: "filter[updated_since]", option: "updated_since" },
  },
} as const satisfies Record<string, Record<string, Filter>>;

type Resource = keyof typeof RESOURCES;

/** The session's export of each resource, with options as the filters set them (the SDK checks them). */
const EXPORTS: Record<Resource, (session: Session, options: Record<string, unknown>) => Promise<TableExport>> = {
  shipments: (session, options) => session.shipments.export(options),
  containers: (session, options) => session.containers.export(options),
  tracking_requests: (session, options) => session.trackingRequests.export(options),
  transport_events: (session, options) => session.events.export(options),
};

const FORMATS: readonly ExportFormat[] = ["csv", "xlsx", "ndjson"];

/**
 * `bollard export RESOURCE`: writes shipments, containers, tracking requests or transport events as
 * CSV, XLSX or NDJSON to `--out` (or stdout), read from a database (`--db`, `--account`) or a
 * running server (`--url`, `--key`) as the file is written, with progress on stderr.
 */
export async function exportCommand(options: ParsedOptions, io: CliIo): Promise<number> {
  const resource = options.resource as string;
  if (!(resource in RESOURCES)) throw usageError(`bollard export exports ${Object.keys(RESOURCES).join(", ")}, not "${resource.slice(0, 40)}".${suggestion(resource, Object.keys(RESOURCES), (r) => r)}`);
  const filters = RESOURCES[resource as Resource] as Readonly<Record<string, Filter>>;
  const out = options.out as string | undefined;
  const format = (options.format as string | undefined) ?? FORMATS.find((f) => out?.toLowerCase().endsWith(`.${f}`)) ?? "csv";
  if (!FORMATS.includes(format as ExportFormat)) throw usageError(`--format must be csv, xlsx or ndjson, not "${format.slice(0, 40)}"`);
  if (out === undefined && (format === "xlsx" || !io.bytes)) throw usageError(`${format === "xlsx" ? "An XLSX workbook" : "The file"} needs --out FILE`);
  const given = ((options.filter as readonly string[] | undefined) ?? []).map((text) => {
    const at = text.indexOf("=");
    const key = at === -1 ? text : text.slice(0, at);
    const filter = filters[key];
    const known = Object.keys(filters);
    if (!filter) throw usageError(`${resource} has no filter "${key.slice(0, 40)}".${suggestion(key, known, (k) => k)} Its filters: ${known.join(", ")}`);
    if (at === -1) throw usageError(`--filter ${key} needs a value: --filter ${key}=VALUE`);
    return { key, filter, value: text.slice(at + 1) };
  });
  const url = options.url as string | undefined;
  const destination = { out, io, name: out ?? "stdout" };
  if (url !== undefined) {
    if (options.db !== undefined || options.account !== undefined) throw usageError("Give --url and --key for a server, or --db and --account for a database, not both");
    const key = (options.key as string | undefined) ?? io.env.BOLLARD_API_KEY;
    if (!key) throw usageError("export --url needs --key KEY (or BOLLARD_API_KEY): an API key of the server");
    const query = new URLSearchParams({ format, ...Object.fromEntries(given.map(({ filter, value }) => [filter.parameter, value])) });
    const response = await fetch(new URL(`/v2/${resource}/export?${query}`, url), { headers: { authorization: `Token ${key}` } }).catch((error: unknown) => {
      throw new CliError(`Cannot reach ${url}: ${error instanceof Error ? error.message : String(error)}`);
    });
    if (!response.ok || !response.body) {
      const body = (await response.json().catch(() => null)) as { errors?: { detail?: string }[] } | null;
      const detail = body?.errors?.map((error) => error.detail).join("; ") ?? response.statusText;
      throw new CliError(`${response.status} from ${url}: ${detail}`, response.status === 400 ? "usage" : "runtime");
    }
    const tally = rowTally(format as ExportFormat);
    await save(response.body, destination, null, tally.rows, tally.add);
    return 0;
  }
  const accountName = (options.account as string | undefined)?.trim();
  if (!accountName) throw usageError("export needs --account NAME with --db (or --url and --key for a running server)");
  const db = existingDatabase("export", options, io);
  return withTracker(db, async (tracker) => {
    const account = await tracker.accounts.findByName(accountName);
    if (!account) throw new CliError(`There is no account named "${accountName}" (bollard accounts list shows them)`);
    const keys = (await tracker.accounts.listKeys({ accountId: account.id, page: { number: 1, size: 100 } })).data.filter((key) => key.revoked_at === null);
    if (keys.length === 0) throw new CliError(`The account ${accountName} has no user to export as: create one with bollard keys create --account "${accountName}" --role viewer`);
    const session = tracker.session(await tracker.accounts.principal(account.id, keys[0]!.user_id));
    const sdkOptions: Record<string, unknown> = { format };
    for (const { key, filter, value } of given) set(sdkOptions, filter.option, parsed(key, filter, value));
    const file = await EXPORTS[resource as Resource](session, sdkOptions).catch((error: unknown) => {
      // A filter the SDK refuses is a bad command line; its detail names the option.
      if (error instanceof BollardError && error.code === "invalid_parameter") throw usageError(`--filter: ${error.detail}`);
      throw error;
    });
    await save(file.stream, destination, file.total, () => file.rowsRead);
    return 0;
  });
}

/** A filter's value as the SDK option takes it. */
function parsed(key: string, filter: Filter, value: string): unknown {
  if (filter.kind === "list") return value.split(",").map((item) => item.trim()).filter(Boolean);
  if (filter.kind !== "boolean") return value;
  if (value === "true" || value === "false") return value === "true";
  throw usageError(`--filter ${key} must be true or false, not "${value.slice(0, 40)}"`);
}

/** Sets an option at a dotted path (`createdAt.start`). */
function set(target: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split(".");
  let node = target;
  for (const key of keys.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
  node[keys.at(-1)!] = value;
}

/**
 * Rows counted in the bytes of a text export as they pass: NDJSON lines, CSV records (line ends
 * outside quotes, less the header). Null for XLSX, whose rows are zipped.
 */
function rowTally(format: ExportFormat): { add: (chunk: Uint8Array) => void; rows: () => number | null } {
  let ends = 0;
  let quoted = false;
  return {
    add(chunk) {
      if (format === "xlsx") return;
      for (const byte of chunk) {
        if (byte === 0x22 && format === "csv") quoted = !quoted;
        else if (byte === 0x0a && !quoted) ends++;
      }
    },
    rows: () => (format === "xlsx" ? null : format === "csv" ? Math.max(0, ends - 1) : ends),
  };
}

/**
 * Writes the stream to `--out` (through `FILE.partial`, renamed once complete, so a failed export
 * leaves no half file) or stdout, at the pace the destination takes it, with a progress bar on
 * stderr when the total is known (a count of rows otherwise), then a line saying what was written.
 */
async function save(stream: ReadableStream<Uint8Array>, to: { out: string | undefined; io: CliIo; name: string }, total: number | null, rows: () => number | null, seen?: (chunk: Uint8Array) => void): Promise<void> {
  const { out, io, name } = to;
  const partial = out === undefined ? undefined : `${out}.partial`;
  const file = partial === undefined ? undefined : createWriteStream(partial);
  const bar = total === null ? undefined : createProgressBar(total, { line: io.err, ...(io.progress && { redraw: io.progress }) });
  let bytes = 0;
  let drawn = 0;
  try {
    if (file) {
      await once(file, "open").catch((error: NodeJS.ErrnoException) => {
        throw new CliError(`Cannot write ${out}: ${error.code === "ENOENT" ? "its folder does not exist" : error.message}`);
      });
    }
    for await (const chunk of Readable.fromWeb(stream as NodeReadableStream<Uint8Array>) as AsyncIterable<Uint8Array>) {
      seen?.(chunk);
      bytes += chunk.byteLength;
      if (file) {
        if (!file.write(chunk)) await once(file, "drain");
      } else await io.bytes!(chunk);
      const done = rows();
      if (bar && done !== null) bar.update(Math.min(done, total!), "exported");
      else if (io.progress && Date.now() - drawn >= 100) {
        drawn = Date.now();
        io.progress(`\r${done === null ? `${bytes.toLocaleString("en-US")} bytes` : `${done.toLocaleString("en-US")} rows`} exported\u001b[K`);
      }
    }
    if (file) {
      file.end();
      await once(file, "finish");
      await rename(partial!, out!);
    }
  } catch (error) {
    file?.destroy();
    if (partial) await rm(partial, { force: true });
    throw error;
  }
  if (bar) bar.finish("exported");
  else if (io.progress) io.progress("\r\u001b[K");
  const done = rows();
  io.err(`${name}: ${done === null ? `${bytes.toLocaleString("en-US")} bytes` : `${done.toLocaleString("en-US")} rows`} written`);
}
