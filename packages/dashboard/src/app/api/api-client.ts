/** One error object of an answer: what is wrong and, when it is a field of the body, where. */
export interface ApiErrorItem {
  detail: string;
  /** A JSON pointer into the request body (`/data/attributes/url`), or null. */
  pointer: string | null;
}

/** An error answer of the API, with its JSON:API error fields (the first error's, and every error's). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail: string,
    readonly errors: readonly ApiErrorItem[] = [],
  ) {
    super(`${status} ${title}: ${detail}`);
  }
}

/** A GET answer: the body, or `notModified` when the `etag` given still matched. */
export type GetResult<T> = { notModified: false; body: T; etag: string | null } | { notModified: true; etag: string };

/** The /v2 API as the signed-in user sees it. The key travels only in the Authorization header. */
export interface ApiClient {
  /** GETs `path` (under /v2); with `etag`, a 304 resolves to `{ notModified: true }`. */
  get<T>(path: string, etag?: string | null): Promise<GetResult<T>>;
  /** GETs `path` and resolves to its body. */
  read<T>(path: string): Promise<T>;
  /** Sends a write (PATCH, POST) with an optional JSON body and resolves to the answer's body. */
  send<T>(method: "PATCH" | "POST", path: string, body?: unknown): Promise<T>;
  /** POSTs a file as the request body with its media type and resolves to the answer's body. */
  upload<T>(path: string, file: Blob, contentType: string): Promise<T>;
  /** GETs a file (an export) and resolves to its bytes and the name its `Content-Disposition` suggests. */
  download(path: string): Promise<DownloadedFile>;
}

/** A file the API answered with, as a download. */
export interface DownloadedFile {
  blob: Blob;
  /** The `filename` of its `Content-Disposition`, or null when it names none. */
  fileName: string | null;
}

/** Called on a 401: the key was revoked or is wrong. */
export type UnauthorizedHandler = (error: ApiError) => void;

async function errorOf(response: Response): Promise<ApiError> {
  let title = response.statusText || "Error";
  let detail = `The server answered ${response.status}.`;
  let errors: ApiErrorItem[] = [];
  try {
    const body = (await response.json()) as { errors?: { title?: string; detail?: string; source?: { pointer?: string } }[] };
    const first = body.errors?.[0];
    if (first?.title) title = first.title;
    if (first?.detail) detail = first.detail;
    errors = (body.errors ?? []).map((error) => ({ detail: error.detail ?? error.title ?? title, pointer: error.source?.pointer ?? null }));
  } catch {
    // not a JSON:API error document: keep the status line
  }
  return new ApiError(response.status, title, detail, errors);
}

/** Creates the client for one API key. */
export function createApiClient(apiKey: string, onUnauthorized: UnauthorizedHandler = () => {}): ApiClient {
  const headers = (extra: Record<string, string> = {}) => ({ Authorization: `Token ${apiKey}`, Accept: "application/vnd.api+json, application/geo+json, application/json", ...extra });
  const call = async (method: string, path: string, init: { headers?: Record<string, string>; body?: BodyInit } = {}): Promise<Response> => {
    // `no-store`: the browser cache stays out of it, so a 304 reaches the code that sent If-None-Match.
    const response = await fetch(`/v2${path}`, { method, headers: headers(init.headers), body: init.body, cache: "no-store", credentials: "omit" });
    if (response.status === 401) {
      const error = await errorOf(response);
      onUnauthorized(error);
      throw error;
    }
    return response;
  };
  const client: ApiClient = {
    async get<T>(path: string, etag?: string | null): Promise<GetResult<T>> {
      const response = await call("GET", path, etag ? { headers: { "If-None-Match": etag } } : {});
      if (response.status === 304 && etag) return { notModified: true, etag };
      if (!response.ok) throw await errorOf(response);
      return { notModified: false, body: (await response.json()) as T, etag: response.headers.get("etag") };
    },
    async read<T>(path: string): Promise<T> {
      const result = await client.get<T>(path);
      if (result.notModified) throw new Error("unexpected 304");
      return result.body;
    },
    async send<T>(method: "PATCH" | "POST", path: string, body?: unknown): Promise<T> {
      const response = await call(method, path, body === undefined ? {} : { headers: { "Content-Type": "application/vnd.api+json" }, body: JSON.stringify(body) });
      if (!response.ok) throw await errorOf(response);
      const text = await response.text();
      return (text === "" ? null : JSON.parse(text)) as T;
    },
    async upload<T>(path: string, file: Blob, contentType: string): Promise<T> {
      const response = await call("POST", path, { headers: { "Content-Type": contentType }, body: file });
      if (!response.ok) throw await errorOf(response);
      return (await response.json()) as T;
    },
    async download(path: string): Promise<DownloadedFile> {
      const response = await call("GET", path);
      if (!response.ok) throw await errorOf(response);
      const disposition = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "");
      return { blob: await response.blob(), fileName: disposition?.[1] ?? null };
    },
  };
  return client;
}

/** Checks a key against the API: resolves when it is accepted, rejects with the ApiError otherwise. */
export async function checkApiKey(apiKey: string): Promise<void> {
  await createApiClient(apiKey).read("/containers?page%5Bsize%5D=1");
}
