import { readFile, stat } from "node:fs/promises";
import { extname, join, normalize, sep } from "node:path";

/** Content types of the files a web app build holds. */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
  ".map": "application/json",
};

/** A file found under the assets folder, with the precompressed sibling to send when one fits. */
export interface StaticFile {
  body: Uint8Array;
  headers: Record<string, string>;
}

/**
 * Reads `relativePath` under `root` (never outside it), preferring a `.br` or `.gz` sibling the
 * client accepts. Resolves to null when there is no such file.
 */
export async function readStaticFile(root: string, relativePath: string, acceptEncoding: string): Promise<StaticFile | null> {
  if (relativePath.includes("\0")) return null;
  const path = normalize(join(root, relativePath));
  if (path !== root && !path.startsWith(root.endsWith(sep) ? root : root + sep)) return null;
  const info = await stat(path).catch(() => null);
  if (!info?.isFile()) return null;
  const headers: Record<string, string> = { "content-type": CONTENT_TYPES[extname(path)] ?? "application/octet-stream", vary: "accept-encoding" };
  for (const [encoding, suffix] of [["br", ".br"], ["gzip", ".gz"]] as const) {
    if (!new RegExp(`\\b${encoding}\\b`).test(acceptEncoding)) continue;
    const compressed = await readFile(path + suffix).catch(() => null);
    if (compressed) return { body: compressed, headers: { ...headers, "content-encoding": encoding } };
  }
  return { body: await readFile(path), headers };
}
