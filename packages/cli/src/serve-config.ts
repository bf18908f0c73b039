import { readFileSync } from "node:fs";
import { isIP } from "node:net";
import { WIRE_COMPATS, type OutboxRetentionOptions, type PositionRetentionOptions, type WireCompat } from "@bollard/core";
import { DcsaCarrierConfigSchema } from "@bollard/carrier-dcsa/config";
import { z } from "zod";
import { CliError, usageError } from "./cli-error.js";
import type { ParsedOptions } from "./command-spec.js";
import { suggestion } from "./did-you-mean.js";
import { parsePositionRetentionDays, parseRetentionDays } from "./serve-retention.js";

/** Where `bollard serve` runs its background loops (`--background`). */
export const BACKGROUND_MODES = ["thread", "inline", "off"] as const;

/** Log levels, most verbose first. */
export const LOG_LEVELS = ["debug", "info", "warn", "error"] as const;

/** A log level: which lines `bollard serve` writes. */
export type LogLevel = (typeof LOG_LEVELS)[number];

const text = z.string().trim().min(1);
const number = (min: number, max: number) => z.union([z.number(), text.transform(Number)]).pipe(z.number().min(min).max(max));

/** A subscription Bollard holds at a DCSA carrier: its id, shared secret (Base64), SCAC and the account it updates. */
const DcsaSubscriptionConfigSchema = z.strictObject({
  id: z.string().regex(/^[\w-]{1,100}$/, "must be the carrier's subscriptionID"),
  secret: z.base64().min(1),
  scac: z.string().regex(/^[A-Z]{2,4}$/, "must be a SCAC: 2 to 4 upper-case letters"),
  account: text,
});

const WHOLE_FROM_0 = "must be a whole number from 0";

/**
 * The `dcsa` section: carriers pulled over DCSA Track & Trace, subscriptions whose notifications are
 * accepted, and how many untracked transport documents one notification may add (the app's default
 * when absent).
 */
const DcsaConfigSchema = z.strictObject({
  carriers: z.array(DcsaCarrierConfigSchema).default([]),
  subscriptions: z.array(DcsaSubscriptionConfigSchema).default([]),
  maxNewReferencesPerNotification: z.int({ error: WHOLE_FROM_0 }).min(0, { error: WHOLE_FROM_0 }).optional(),
});

/** The DCSA settings of the config file. */
export type DcsaServeConfig = z.output<typeof DcsaConfigSchema>;

/** What a config file may hold: the serve options by name, typed. */
const ConfigFileSchema = z.strictObject({
  port: number(0, 65_535).pipe(z.int()).optional(),
  host: text.optional(),
  db: text.optional(),
  demo: z.boolean().optional(),
  dashboard: z.boolean().optional(),
  account: text.optional(),
  "api-key-file": text.optional(),
  "log-level": z.enum(LOG_LEVELS).optional(),
  "metrics-port": number(0, 65_535).pipe(z.int()).optional(),
  "metrics-host": text.optional(),
  "clock-speed": number(Number.MIN_VALUE, 1_000_000).optional(),
  "clock-origin": text.optional(),
  "rate-limit": text.optional(),
  background: z.enum(BACKGROUND_MODES).optional(),
  processes: number(0, 64).pipe(z.int()).optional(),
  "response-cache-mb": number(0, 65_536).pipe(z.int()).optional(),
  sandbox: z.boolean().optional(),
  "allow-private-webhooks": z.boolean().optional(),
  "webhook-source-ips": z.union([z.array(text), text]).optional(),
  "wire-compat": z.enum(WIRE_COMPATS).optional(),
  "shutdown-timeout": number(0, 3_600).optional(),
  "webhook-retention-days": z.union([z.number(), text]).optional(),
  "position-full-resolution-days": z.union([z.number(), text]).optional(),
  dcsa: DcsaConfigSchema.optional(),
});

/** Every serve setting, resolved. */
export interface ServeConfig {
  port: number;
  host: string;
  /** The `--db` value as given (checked by `resolveDatabase`); undefined means the default file. */
  db: string | undefined;
  demo: boolean;
  /** Serve the dashboard at `/` and `/app`. */
  dashboard: boolean;
  account: string | undefined;
  /** The first account's key when serve creates it, from `--api-key-file` or `BOLLARD_API_KEY`. */
  apiKey: string | undefined;
  logLevel: LogLevel;
  metricsPort: number | undefined;
  metricsHost: string;
  clockSpeed: number;
  clockOrigin: string | undefined;
  rateLimit: string | undefined;
  /**
   * Where the refresh loop and the webhook worker run: a worker thread (the default on a SQLite
   * file or PostgreSQL), the server's own event loop (`:memory:` and `--sandbox`, whose clock
   * runs passes in process), or not in this process (`bollard worker` runs them).
   */
  background: (typeof BACKGROUND_MODES)[number];
  /**
   * How many API processes serve the port (`--processes`), apart from this one, which then only
   * accepts and hands out connections, coordinates them and runs the background work; undefined
   * when this process serves the API itself (`--processes 0`, and always on `:memory:` and with
   * `--sandbox`). One by default on a database other processes share (a SQLite file, PostgreSQL).
   */
  processes: number | undefined;
  /** How much response text the API keeps to answer repeated GETs (`--response-cache-mb`); 0 turns the cache off. */
  responseCacheMb: number;
  /** Serve the `/v2/sandbox` controls (`--sandbox`). */
  sandbox: boolean;
  allowPrivateWebhooks: boolean;
  /** The addresses webhook deliveries leave from, for `GET /v2/webhooks/ips` (`--webhook-source-ips`). */
  webhookSourceIps: string[];
  /** Which description of the hosted service the wire format follows where they disagree (`--wire-compat`). */
  wireCompat: WireCompat;
  shutdownSeconds: number;
  /** How long delivered webhook notifications are kept (`--webhook-retention-days`). */
  webhookRetention: OutboxRetentionOptions;
  /** How long vessel positions keep full resolution (`--position-full-resolution-days`). */
  positionRetention: PositionRetentionOptions;
  /** DCSA carriers and subscriptions (config file only: they hold credentials). */
  dcsa: DcsaServeConfig;
  /** Environment variables that were set but gave way to a flag or the config file, for a warning. */
  ignoredEnv: { variable: string; because: string }[];
}

const ENV: Record<string, string> = {
  port: "PORT",
  host: "HOST",
  db: "BOLLARD_DB",
  "log-level": "BOLLARD_LOG_LEVEL",
  "metrics-port": "BOLLARD_METRICS_PORT",
  "metrics-host": "BOLLARD_METRICS_HOST",
  "shutdown-timeout": "BOLLARD_SHUTDOWN_TIMEOUT",
  background: "BOLLARD_BACKGROUND",
  processes: "BOLLARD_PROCESSES",
  "response-cache-mb": "BOLLARD_RESPONSE_CACHE_MB",
  "webhook-source-ips": "BOLLARD_WEBHOOK_SOURCE_IPS",
  "wire-compat": "BOLLARD_WIRE_COMPAT",
};

/**
 * Resolves the serve settings. Precedence: a flag, then the config file, then the environment
 * variable, then the default. A variable that is set but overridden is reported in `ignoredEnv`.
 */
export function serveConfig(flags: ParsedOptions, env: Record<string, string | undefined>): ServeConfig {
  const configPath = (flags.config as string | undefined) ?? env.BOLLARD_CONFIG;
  const file = configPath === undefined ? {} : readConfigFile(configPath);
  const ignoredEnv: ServeConfig["ignoredEnv"] = [];
  const pick = (name: keyof z.infer<typeof ConfigFileSchema> & string): unknown => {
    const variable = ENV[name];
    const fromEnv = variable === undefined ? undefined : env[variable];
    const flag = flags[name];
    if (flag !== undefined) {
      if (fromEnv !== undefined) ignoredEnv.push({ variable: variable!, because: `--${name}` });
      return flag;
    }
    if (file[name] !== undefined) {
      if (fromEnv !== undefined) ignoredEnv.push({ variable: variable!, because: `"${name}" in ${configPath}` });
      return file[name];
    }
    return fromEnv;
  };
  const option = <T>(name: string, schema: z.ZodType<T>, value: unknown, fallback: T): T => {
    if (value === undefined) return fallback;
    const parsed = schema.safeParse(value);
    if (!parsed.success) throw usageError(`--${name} ${describe(name, value)}`);
    return parsed.data;
  };
  const port = option("port", number(0, 65_535).pipe(z.int()), pick("port"), 8080);
  const speed = option("clock-speed", number(Number.MIN_VALUE, 1_000_000), pick("clock-speed"), 1);
  const origin = pick("clock-origin") as string | undefined;
  if (origin !== undefined && (speed === 1 || !Number.isFinite(Date.parse(origin)))) throw usageError(`--clock-origin needs --clock-speed and an ISO 8601 instant, not "${origin}"`);
  const sandbox = (pick("sandbox") as boolean | undefined) ?? false;
  if (sandbox && origin !== undefined) throw usageError("--clock-origin does not apply with --sandbox: move the sandbox clock with PATCH /v2/sandbox/clock");
  const db = pick("db") as string | undefined;
  const inlineOnly = sandbox ? "--sandbox (its clock runs the passes in process)" : db === ":memory:" ? "--db :memory: (no other thread can reach it)" : undefined;
  const background = option("background", z.enum(BACKGROUND_MODES), pick("background"), inlineOnly ? "inline" : "thread");
  if (inlineOnly && background !== "inline") throw usageError(`--background ${background} does not apply with ${inlineOnly}: use --background inline`);
  const asked = option<number | undefined>("processes", number(0, 64).pipe(z.int()), pick("processes"), undefined);
  // By default one API process serves and this one accepts for it: under load, requests wait less
  // than when this process also answers them (operating.md, "More than one core").
  const processes = asked === 0 || (asked === undefined && inlineOnly) ? undefined : (asked ?? 1);
  if (asked !== undefined && asked > 0 && inlineOnly) throw usageError(`--processes ${asked} does not apply with ${inlineOnly.replace(" (no other thread can reach it)", " (no other process can reach it)")}`);
  const keyFile = pick("api-key-file") as string | undefined;
  return {
    port,
    host: (pick("host") as string | undefined) ?? "127.0.0.1",
    db,
    demo: (pick("demo") as boolean | undefined) ?? true,
    dashboard: (pick("dashboard") as boolean | undefined) ?? true,
    account: (pick("account") as string | undefined)?.trim() || undefined,
    apiKey: keyFile !== undefined ? readKeyFile(keyFile) : env.BOLLARD_API_KEY?.trim() || undefined,
    logLevel: option("log-level", z.enum(LOG_LEVELS), pick("log-level"), "info"),
    metricsPort: option<number | undefined>("metrics-port", number(0, 65_535).pipe(z.int()), pick("metrics-port"), undefined),
    metricsHost: (pick("metrics-host") as string | undefined) ?? "127.0.0.1",
    clockSpeed: speed,
    clockOrigin: origin,
    rateLimit: pick("rate-limit") as string | undefined,
    background,
    processes,
    responseCacheMb: option("response-cache-mb", number(0, 65_536).pipe(z.int()), pick("response-cache-mb"), 64),
    sandbox,
    allowPrivateWebhooks: (pick("allow-private-webhooks") as boolean | undefined) ?? false,
    webhookSourceIps: sourceIps(pick("webhook-source-ips") as string | string[] | undefined),
    wireCompat: option("wire-compat", z.enum(WIRE_COMPATS), pick("wire-compat"), "live"),
    shutdownSeconds: option("shutdown-timeout", number(0, 3_600), pick("shutdown-timeout"), 10),
    webhookRetention: parseRetentionDays(pick("webhook-retention-days") as string | number | undefined),
    positionRetention: parsePositionRetentionDays(pick("position-full-resolution-days") as string | number | undefined),
    dcsa: file.dcsa ?? { carriers: [], subscriptions: [] },
    ignoredEnv,
  };
}

const EXPECTED: Record<string, string> = {
  port: "must be a whole number from 0 to 65535",
  "metrics-port": "must be a whole number from 0 to 65535",
  "clock-speed": "must be a positive number (at most 1000000)",
  "shutdown-timeout": "must be a number of seconds from 0 to 3600",
  "log-level": `must be one of ${LOG_LEVELS.join(", ")}`,
  background: `must be one of ${BACKGROUND_MODES.join(", ")}`,
  processes: "must be a whole number from 0 (this process serves the API) to 64",
  "response-cache-mb": "must be a whole number of MiB from 0 (off) to 65536",
  "wire-compat": `must be one of ${WIRE_COMPATS.join(", ")}`,
  "webhook-source-ips": "must be IP addresses, comma-separated (or a list in the config file)",
};

/** The `--webhook-source-ips` list: comma-separated in a flag or variable, a list or that text in the config file; each an IP address. */
function sourceIps(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  const ips = (Array.isArray(value) ? value : value.split(",")).map((ip) => ip.trim()).filter((ip) => ip !== "");
  const bad = ips.find((ip) => isIP(ip) === 0);
  if (bad !== undefined) throw usageError(`--webhook-source-ips ${EXPECTED["webhook-source-ips"]}, not ${JSON.stringify(bad).slice(0, 60)}`);
  return ips;
}

function describe(name: string, value: unknown): string {
  return `${EXPECTED[name] ?? "is not valid"}, not ${JSON.stringify(String(value)).slice(0, 60)}`;
}

function readConfigFile(path: string): Partial<z.infer<typeof ConfigFileSchema>> {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw usageError(`Cannot read the config file ${path}: ${(error as NodeJS.ErrnoException).code === "ENOENT" ? "there is no such file" : (error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw usageError(`The config file ${path} is not valid JSON: ${(error as Error).message}`);
  }
  const parsed = ConfigFileSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  // Within the dcsa section name the whole path; the message never repeats the value (it may be a credential).
  if (issue.path[0] === "dcsa") {
    const detail = issue.code === "unrecognized_keys" ? `has an unknown option "${issue.keys[0]}"` : issue.message;
    throw usageError(`The config file ${path}: "${issue.path.join(".")}" ${detail}`);
  }
  if (issue.code === "unrecognized_keys") {
    const key = issue.keys[0]!;
    throw usageError(`The config file ${path} has an unknown option "${key}".${suggestion(key, Object.keys(ConfigFileSchema.shape), (k) => `"${k}"`)}`);
  }
  const key = String(issue.path[0] ?? "");
  throw usageError(`The config file ${path}: "${key}" ${EXPECTED[key] ?? issue.message}`);
}

function readKeyFile(path: string): string {
  try {
    const key = readFileSync(path, "utf8").trim();
    if (key === "") throw new CliError(`The API key file ${path} is empty`, "usage");
    return key;
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw usageError(`Cannot read the API key file ${path}: ${(error as Error).message}`);
  }
}
