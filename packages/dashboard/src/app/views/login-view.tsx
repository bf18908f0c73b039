import { useState } from "preact/hooks";
import { ApiError, checkApiKey } from "../api/api-client.js";

/** The key form: the key is checked against the API before it is kept (in sessionStorage). */
export function LoginView(props: { notice: string | null; onAccepted: (apiKey: string) => void }) {
  const [key, setKey] = useState("");
  const [error, setError] = useState<string | null>(props.notice);
  const [busy, setBusy] = useState(false);
  const submit = async (event: Event) => {
    event.preventDefault();
    const apiKey = key.trim();
    if (apiKey === "") {
      setError("Enter an API key.");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await checkApiKey(apiKey);
      props.onAccepted(apiKey);
    } catch (failure) {
      setBusy(false);
      if (failure instanceof ApiError && failure.status === 401) setError("This API key was not accepted (401 Unauthorized). Check that you copied the whole key, starting with bol_.");
      else if (failure instanceof ApiError) setError(`The server answered ${failure.status} ${failure.title}: ${failure.detail}`);
      else setError("The server could not be reached. Is bollard serve running?");
    }
  };
  return (
    <main id="main" class="login">
      <h1>Bollard</h1>
      <p>Container and shipment tracking. Enter the API key of your account; it stays in this browser tab only (sessionStorage) and is sent only in the Authorization header.</p>
      <form onSubmit={submit} noValidate>
        <label for="api-key">API key</label>
        <input id="api-key" name="api-key" type="password" autoComplete="off" spellcheck={false} value={key} onInput={(event) => setKey(event.currentTarget.value)} aria-describedby={error ? "key-error" : "key-help"} aria-invalid={error ? true : undefined} />
        <p id="key-help" class="help">
          <code>bollard serve</code> prints one when it creates the Demo account; <code>bollard keys create</code> makes more.
        </p>
        {error && (
          <p id="key-error" class="error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" disabled={busy}>
          {busy ? "Checking…" : "Open the dashboard"}
        </button>
      </form>
    </main>
  );
}
