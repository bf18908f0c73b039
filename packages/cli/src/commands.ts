import type { CommandSpec, OptionSpec } from "./command-spec.js";
import { DEFAULT_DEMO_ACCOUNT } from "./demo-account.js";

/*
 * Every command of `bollard`: what help shows and which options it reads. The implementations are
 * loaded only when a command runs, so help, --version and a mistyped command answer at once.
 */

/** The options of `bollard serve`; every one may also come from a config file, most from a variable. */
export const SERVE_OPTIONS: readonly OptionSpec[] = [
  { name: "port", short: "p", type: "string", value: "PORT", defaultText: "8080", env: "PORT", description: "TCP port to listen on (0 picks a free one)" },
  { name: "host", type: "string", value: "HOST", defaultText: "127.0.0.1", env: "HOST", description: "Address to listen on (0.0.0.0 for every interface)" },
  { name: "db", short: "d", type: "string", value: "PATH|URL", defaultText: "./data/bollard.sqlite", env: "BOLLARD_DB", description: "A SQLite file, :memory:, or a postgres:// URL" },
  { name: "config", short: "c", type: "string", value: "FILE", env: "BOLLARD_CONFIG", description: "A JSON file holding any of these options by name (flags override it)" },
  { name: "demo", type: "boolean", defaultText: "on", description: "On a database with no account, create the Demo account with demo data (--no-demo: start empty)" },
  { name: "dashboard", type: "boolean", defaultText: "on", description: "Serve the dashboard web app at / and /app (--no-dashboard: API only)" },
  { name: "account", type: "string", value: "NAME", defaultText: "Demo, or Default with --no-demo", description: "The name of the first account serve creates" },
  { name: "api-key-file", type: "string", value: "FILE", env: "BOLLARD_API_KEY (the key itself)", description: "The first account's API key, read from this file instead of generated (for CI)" },
  { name: "log-level", type: "string", value: "LEVEL", defaultText: "info", env: "BOLLARD_LOG_LEVEL", description: "debug (every request), info, warn or error" },
  { name: "metrics-port", type: "string", value: "PORT", env: "BOLLARD_METRICS_PORT", description: "Serve Prometheus metrics at /metrics on this port (off by default)" },
  { name: "metrics-host", type: "string", value: "HOST", defaultText: "127.0.0.1", env: "BOLLARD_METRICS_HOST", description: "Address of the metrics listener" },
  { name: "clock-speed", type: "string", value: "N", defaultText: "1", description: "Run simulated time N times faster (demos)" },
  { name: "clock-origin", type: "string", value: "ISO", description: "With --clock-speed: the instant simulated time starts from (servers sharing a database agree)" },
  { name: "background", type: "string", value: "WHERE", defaultText: "thread (inline on :memory: and with --sandbox)", env: "BOLLARD_BACKGROUND", description: "Where refreshes and webhook deliveries run: thread (a worker thread), inline (the server's event loop), off (elsewhere: bollard worker)" },
  { name: "processes", type: "string", value: "N", defaultText: "1 (0 on :memory: and with --sandbox)", env: "BOLLARD_PROCESSES", description: "Serve the API from N more processes, this one accepting connections for them (SQLite file or PostgreSQL); 0: this process serves the API itself" },
  { name: "response-cache-mb", type: "string", value: "MIB", defaultText: "64", env: "BOLLARD_RESPONSE_CACHE_MB", description: "Answer repeated GETs from memory until the data changes, keeping up to MIB of responses (0: off)" },
  { name: "sandbox", type: "boolean", defaultText: "off", description: "Turn on the /v2/sandbox controls: clock, scenarios, faults, reset, snapshots (tests and CI)" },
  { name: "rate-limit", type: "string", value: "N/UNIT", description: "Requests per API key, e.g. 100/min (429 with Retry-After over it)" },
  { name: "allow-private-webhooks", type: "boolean", defaultText: "off", description: "Let webhooks target private and loopback addresses (development)" },
  { name: "webhook-source-ips", type: "string", value: "IP,IP", env: "BOLLARD_WEBHOOK_SOURCE_IPS", description: "The addresses webhook deliveries leave from, listed by GET /v2/webhooks/ips for receivers that allow-list senders" },
  { name: "wire-compat", type: "string", value: "MODE", defaultText: "live", env: "BOLLARD_WIRE_COMPAT", description: "Where the live service and its published OpenAPI disagree (port latitude/longitude: strings live, numbers in the document), follow live or openapi" },
  { name: "shutdown-timeout", type: "string", value: "SECONDS", defaultText: "10", env: "BOLLARD_SHUTDOWN_TIMEOUT", description: "How long a stop on SIGTERM/SIGINT may take" },
  { name: "webhook-retention-days", type: "string", value: "DAYS", defaultText: "30", description: "Delete delivered webhook notifications (with their attempts) older than this" },
  { name: "position-full-resolution-days", type: "string", value: "DAYS", defaultText: "7", description: "Keep every vessel position this long; thin older tracks to one per 10 minutes, keeping turns" },
];

/** The `--db` option of the commands that work on an existing database. */
export const DB_OPTION: OptionSpec = { name: "db", short: "d", type: "string", value: "PATH|URL", env: "BOLLARD_DB", description: "The SQLite file or postgres:// URL the server uses (must exist unless --create)" };

/** The `--db` option of the commands that only read or change an existing database (no `--create`). */
export const EXISTING_DB_OPTION: OptionSpec = { ...DB_OPTION, description: "The SQLite file or postgres:// URL the server uses (must exist)" };

/** The `--create` switch of those commands. */
export const CREATE_OPTION: OptionSpec = { name: "create", type: "boolean", defaultText: "off", description: "Make a new database when there is none at --db" };

/** `bollard serve`. */
export const serveSpec: CommandSpec = {
  path: ["serve"],
  summary: "Run the /v2 API, refresh tracked shipments and deliver webhooks",
  details: [
    "Binds the port first, then opens the database (creating or migrating it). On a database with no",
    "account it creates one (the Demo account with demo data, or an empty account with --no-demo) and",
    "prints its API key once on stdout. GET / names the server's addresses; GET /docs shows the API.",
    "Stops cleanly on SIGTERM or SIGINT within --shutdown-timeout, exit code 0.",
    "Precedence: a flag, then the --config file, then the environment variable, then the default.",
  ].join("\n"),
  options: SERVE_OPTIONS,
  run: async (options, io) => (await import("./serve-command.js")).serveCommand(options, io),
};

/** The serve options `bollard worker` reads too: the database and what the loops do. */
const WORKER_OPTION_NAMES = ["db", "config", "log-level", "clock-speed", "clock-origin", "allow-private-webhooks", "wire-compat", "shutdown-timeout", "webhook-retention-days", "position-full-resolution-days"];

/** `bollard worker`. */
export const workerSpec: CommandSpec = {
  path: ["worker"],
  summary: "Refresh tracked shipments and deliver webhooks for servers started with --background off",
  details: [
    "Runs the refresh loop and the webhook worker against the database, and nothing else: no API, no",
    "first account. Any number of workers and servers may share one PostgreSQL database (requests and",
    "notifications are claimed with leases); on a SQLite file, one server and its workers share it.",
    "Stops cleanly on SIGTERM or SIGINT within --shutdown-timeout, finishing the work in flight.",
  ].join("\n"),
  options: SERVE_OPTIONS.filter((option) => WORKER_OPTION_NAMES.includes(option.name)),
  run: async (options, io) => (await import("./worker-command.js")).workerCommand(options, io),
};

/** `bollard keys create`. */
export const keysCreateSpec: CommandSpec = {
  path: ["keys", "create"],
  summary: "Create an API key (and its account when new); prints the key alone on stdout",
  details: "The key is shown once: only its hash is stored.",
  options: [
    DB_OPTION,
    { name: "account", short: "a", type: "string", value: "NAME", description: "The account's name (created when missing)" },
    { name: "role", short: "r", type: "string", value: "ROLE", defaultText: "editor", description: "editor (read and write) or viewer (read only)" },
    { name: "name", type: "string", value: "NAME", description: "A name for the key's user, e.g. erp-sync" },
    CREATE_OPTION,
  ],
  run: async (options, io) => (await import("./keys-command.js")).keysCreateCommand(options, io),
};

/** `bollard keys list`. */
export const keysListSpec: CommandSpec = {
  path: ["keys", "list"],
  summary: "List API keys: id, prefix, account, role, when created, last used and revoked",
  details: "Never prints a key or its hash. Revoked keys are listed with their revoked_at.",
  options: [
    EXISTING_DB_OPTION,
    { name: "account", short: "a", type: "string", value: "NAME", description: "Only this account's keys" },
    { name: "json", type: "boolean", defaultText: "off", description: "Print a JSON array of {id, prefix, account, role, name, created_at, last_used_at, revoked_at}" },
  ],
  run: async (options, io) => (await import("./keys-command.js")).keysListCommand(options, io),
};

/** The key id argument of `keys revoke` and `keys rotate`. */
const KEY_ID = { name: "id", value: "ID", description: "The key's id, as bollard keys list shows it" };

/** `bollard keys revoke`. */
export const keysRevokeSpec: CommandSpec = {
  path: ["keys", "revoke"],
  summary: "Revoke an API key: it stops working at once on every server sharing the database",
  details: "Servers drop a revoked key within a second. Revoking a revoked key keeps its first revocation.",
  options: [EXISTING_DB_OPTION],
  argument: KEY_ID,
  run: async (options, io) => (await import("./keys-command.js")).keysRevokeCommand(options, io),
};

/** `bollard keys rotate`. */
export const keysRotateSpec: CommandSpec = {
  path: ["keys", "rotate"],
  summary: "Issue a new key for the same user and revoke the old one (after --grace); prints the new key alone on stdout",
  details: "The new key is shown once. The old key keeps working for --grace seconds, so clients can switch over.",
  options: [
    EXISTING_DB_OPTION,
    { name: "grace", type: "string", value: "SECONDS", defaultText: "0", description: "How long the old key keeps working, up to 2592000 (30 days)" },
  ],
  argument: KEY_ID,
  run: async (options, io) => (await import("./keys-command.js")).keysRotateCommand(options, io),
};

/** `bollard accounts list`. */
export const accountsListSpec: CommandSpec = {
  path: ["accounts", "list"],
  summary: "List the accounts of a database",
  options: [EXISTING_DB_OPTION, { name: "json", type: "boolean", defaultText: "off", description: "Print a JSON array of {id, company_name, created_at}" }],
  run: async (options, io) => (await import("./accounts-command.js")).accountsListCommand(options, io),
};

/** `bollard demo`. */
export const demoSpec: CommandSpec = {
  path: ["demo"],
  summary: "Fill an account with the deterministic demo dataset",
  details: "The account is created when missing; an account that already holds shipments is left as it is (exit 1).",
  options: [
    DB_OPTION,
    { name: "account", short: "a", type: "string", value: "NAME", defaultText: DEFAULT_DEMO_ACCOUNT, description: "The account to fill" },
    { name: "seed", short: "s", type: "string", value: "N", defaultText: "1", description: "Seeds every random choice: the same seed gives the same data" },
    CREATE_OPTION,
  ],
  run: async (options, io) => (await import("./demo-command.js")).demoCommand(options, io),
};

/** `bollard migrate-db`. */
export const migrateDbSpec: CommandSpec = {
  path: ["migrate-db"],
  summary: "Copy a database into an empty one: SQLite or PostgreSQL, either way (resumable)",
  details: "A progress bar on stderr, a per-kind summary on stdout; run it again to resume an interrupted copy.",
  options: [
    { name: "from", type: "string", value: "PATH|URL", description: "The database to copy: a SQLite file (must exist) or a postgres:// URL" },
    { name: "to", type: "string", value: "PATH|URL", description: "The empty target: a SQLite file (created when missing) or a postgres:// URL" },
    { name: "batch", type: "string", value: "N", defaultText: "500", description: "Records per transaction, 10 to 10000" },
  ],
  run: async (options, io) => (await import("./migrate-db/migrate-db-command.js")).migrateDbCommand(options as Record<string, string | undefined>, io),
};

/** `bollard import`. */
export const importSpec: CommandSpec = {
  path: ["import"],
  summary: "Import tracking requests (or update shipments or containers) from a CSV, XLSX or JSON file, into a database or through a server",
  details: [
    "Columns are matched forgivingly: Container #, B/L, Booking, Request number, Carrier or SCAC (a blank",
    "carrier is detected from the number), Reference, Tags, Customer, and the account's custom field names.",
    "Each row is created, already tracked (importing the same file twice creates nothing new) or invalid.",
    "A progress bar on stderr; on stdout a line per row not created (--json: the job and those rows).",
    "Exit code 1 when any row was invalid. docs/bulk.md has the columns and their synonyms.",
  ].join("\n"),
  options: [
    { ...EXISTING_DB_OPTION, description: "Import into this SQLite file or postgres:// URL (with --account)" },
    { name: "account", short: "a", type: "string", value: "NAME", description: "The account to import into (with --db); it needs an editor key" },
    { name: "url", type: "string", value: "URL", description: "Import through the server at this URL instead (with --key)" },
    { name: "key", type: "string", value: "KEY", env: "BOLLARD_API_KEY", description: "An editor's API key of that server" },
    { name: "format", type: "string", value: "FORMAT", defaultText: "from the file's extension", description: "csv, xlsx or json" },
    { name: "update", type: "string", value: "RESOURCE", description: "Update shipments or containers instead (rows by id or number: ref numbers, tags, custom fields)" },
    { name: "dry-run", type: "boolean", defaultText: "off", description: "Check every row and report what would happen, writing nothing" },
    { name: "json", type: "boolean", defaultText: "off", description: "Print {job, rows} as JSON instead of a line per row" },
  ],
  argument: { name: "file", value: "FILE", description: "The CSV, XLSX or JSON file" },
  run: async (options, io) => (await import("./import-command.js")).importCommand(options, io),
};

/** `bollard export`. */
export const exportSpec: CommandSpec = {
  path: ["export"],
  summary: "Export shipments, containers, tracking requests or transport events as CSV, XLSX or NDJSON, from a database or a running server",
  details: [
    "Writes every record the listing finds (with --filter, as GET /v2/RESOURCE/export does) to --out, or to",
    "stdout for CSV and NDJSON, as it is read: memory stays flat however many rows. The columns are stable",
    "(docs/bulk.md lists them); containers and shipments add one per custom field, by api_slug.",
    "Filters are the HTTP filter names without filter[...]: shipments tracking_stopped, number, q; containers",
    "number; tracking_requests q, request_number, status, scac, created_at[start], created_at[end],",
    "updated_at[start], updated_at[end]; transport_events shipment_id, container_id, reference (comma-separated),",
    "updated_since. Progress on stderr. Exit code 2 for a bad filter or format.",
  ].join("\n"),
  options: [
    { name: "format", short: "f", type: "string", value: "FORMAT", defaultText: "from --out's extension, else csv", description: "csv, xlsx (needs --out) or ndjson" },
    { name: "out", short: "o", type: "string", value: "FILE", defaultText: "stdout", description: "The file to write (written whole or not at all)" },
    { name: "filter", type: "string", value: "KEY=VALUE", repeatable: true, description: "Only the records the listing's filter finds, e.g. --filter status=pending" },
    { ...EXISTING_DB_OPTION, description: "Export from this SQLite file or postgres:// URL (with --account)" },
    { name: "account", short: "a", type: "string", value: "NAME", description: "The account to export (with --db), read as its first key's user" },
    { name: "url", type: "string", value: "URL", description: "Export from the server at this URL instead (with --key)" },
    { name: "key", type: "string", value: "KEY", env: "BOLLARD_API_KEY", description: "An API key of that server (a viewer's will do)" },
  ],
  argument: { name: "resource", value: "RESOURCE", description: "shipments, containers, tracking_requests or transport_events" },
  run: async (options, io) => (await import("./export-command.js")).exportCommand(options, io),
};

/** `bollard mcp`. */
export const mcpSpec: CommandSpec = {
  path: ["mcp"],
  summary: "Run the MCP server over stdio for an assistant (Claude, Cursor, VS Code…), acting as an API key's user",
  details: [
    "Speaks the Model Context Protocol on stdin and stdout: the hosted Terminal49 server's ten tools, Bollard's own",
    "(history, demurrage, ETA, exceptions, bulk dry runs, webhooks), prompts and resources, over the database's data.",
    "A viewer key gets the read-only tools alone; --sandbox adds the sandbox tools. Messages go to stderr.",
    "Ends when the client closes stdin. bollard serve offers the same server over HTTP at /mcp. docs/mcp.md has client setups.",
  ].join("\n"),
  options: [
    EXISTING_DB_OPTION,
    { name: "key", type: "string", value: "KEY", env: "BOLLARD_API_KEY", description: "The API key whose user the assistant acts as" },
    { name: "account", short: "a", type: "string", value: "NAME", description: "Act as this account's first key's user instead of --key" },
    { name: "sandbox", type: "boolean", defaultText: "off", description: "Make the tracker a sandbox and offer the sandbox tools: clock, scenarios, faults, reset, snapshots" },
  ],
  run: async (options, io) => (await import("./mcp-command.js")).mcpCommand(options, io),
};

/** Every command of `bollard`, in the order help lists them. */
export const COMMANDS: readonly CommandSpec[] = [serveSpec, workerSpec, keysCreateSpec, keysListSpec, keysRevokeSpec, keysRotateSpec, accountsListSpec, demoSpec, importSpec, exportSpec, mcpSpec, migrateDbSpec];
