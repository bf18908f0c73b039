// The API key lives in this tab's sessionStorage only: never in a URL, a cookie or a log, and gone
// when the tab closes.
const KEY = "bollard.apiKey";

/** The key entered in this tab, or null. */
export function loadApiKey(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

/** Keeps the key for this tab. */
export function saveApiKey(apiKey: string): void {
  sessionStorage.setItem(KEY, apiKey);
}

/** Forgets the key. */
export function clearApiKey(): void {
  sessionStorage.removeItem(KEY);
}
