import type { z } from "zod";

/** One served operation, as the OpenAPI document describes it. */
export interface RouteSpec {
  method: "get" | "post" | "patch" | "delete";
  /** OpenAPI path template under `/v2`, e.g. `/shipments/{id}`. */
  path: string;
  summary: string;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** Request bodies of other media types than JSON (a file upload), by media type. */
  bodyContent?: Readonly<Record<string, z.ZodType>>;
  status: number;
  response?: z.ZodType;
  /**
   * The media type of the success response.
   * @default "application/vnd.api+json"
   */
  contentType?: string;
  /** The success response's bodies by media type, when it may be sent in several (an export's CSV, XLSX or NDJSON file); instead of `response`. */
  responseContent?: Readonly<Record<string, z.ZodType>>;
  /** The error statuses this operation can answer besides 401, 405 and 429. */
  errors: number[];
  deprecated?: boolean;
  /** Served without authentication. */
  public?: boolean;
  /**
   * A Bollard extension: the hosted service has no such operation, so a client written for it
   * will not find it there (`x-bollard-extension: true` in the OpenAPI document).
   */
  extension?: boolean;
}
