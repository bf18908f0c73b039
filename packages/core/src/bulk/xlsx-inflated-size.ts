import JSZip from "jszip";
import { issue } from "./table-builder.js";
import { MAX_XLSX_INFLATED_BYTES } from "./table-limits.js";

/**
 * Checks that an XLSX file (a zip) unpacks to at most `limit` bytes before anything reads it
 * whole: every part is inflated as a stream, a chunk at a time, and counted, so a zip bomb is
 * refused as soon as it passes the limit, holding one chunk. The zip's stated sizes are not
 * trusted: they are what a hostile file lies about.
 * @throws ValidationError `out_of_range` (`meta.max_inflated_bytes`) past the limit, `invalid` for bytes that are no zip.
 */
export async function checkInflatedSize(bytes: Uint8Array, limit = MAX_XLSX_INFLATED_BYTES): Promise<void> {
  const zip = await JSZip.loadAsync(bytes).catch((error: unknown) => {
    throw issue("invalid", "The file is not an XLSX workbook", { cause: error });
  });
  let inflated = 0;
  const tooBig = () =>
    issue("out_of_range", `The XLSX file unpacks to more than ${Math.round(limit / 1024 / 1024)} MiB of data; save it as CSV, or split it into smaller files`, { meta: { max_inflated_bytes: limit } });
  for (const file of Object.values(zip.files)) {
    if (file.dir) continue;
    // JSZip's stream is a readable-stream 2 object: events, not async iteration.
    await new Promise<void>((resolve, reject) => {
      const stream = file.nodeStream("nodebuffer");
      stream.on("data", (chunk: Buffer) => {
        inflated += chunk.byteLength;
        if (inflated <= limit) return;
        stream.pause();
        stream.removeAllListeners("data");
        reject(tooBig());
      });
      stream.on("error", (error: Error) => reject(issue("invalid", "The file is not an XLSX workbook", { cause: error })));
      stream.on("end", () => resolve());
    });
  }
}
