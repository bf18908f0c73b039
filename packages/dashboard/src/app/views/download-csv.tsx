import { useState } from "preact/hooks";
import { ApiError, type ApiClient } from "../api/api-client.js";

/** Hands a file to the browser's downloads: a link needs the key in a header, so the bytes go through an object URL. */
function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; a tick later the URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * A button that downloads an export (`GET /v2/{resource}/export?format=csv`, docs/bulk.md) with the
 * session's key, busy while it runs, and the server's refusal in place when there is one.
 */
export function DownloadCsv(props: { api: ApiClient; resource: "containers" | "shipments" | "tracking_requests" | "transport_events"; label: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      const file = await props.api.download(`/${props.resource}/export?format=csv`);
      saveFile(file.blob, file.fileName ?? `${props.resource}.csv`);
    } catch (caught) {
      setError(caught instanceof ApiError ? `Could not download: ${caught.detail}` : `Could not download: ${(caught as Error).message}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div class="download">
      <button type="button" class="secondary" disabled={busy} aria-busy={busy} onClick={download}>
        {busy ? "Preparing the file…" : props.label}
      </button>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
