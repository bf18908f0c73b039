// @ts-check
// Runs in the scratch project with plain `node`: @bollard/testing as installed from its tarball.
// Starts a sandbox, tracks a bill of lading over HTTP as a client would, moves the clock five days
// and prints what it read as one JSON line, for installed-packages.test.ts to check.
import { startSandbox } from "@bollard/testing";

const sandbox = await startSandbox({ start: "2026-03-02T08:00:00Z" });
try {
  const headers = { authorization: `Token ${sandbox.apiKey}`, "content-type": "application/json" };
  const attributes = { request_type: "bill_of_lading", request_number: "TEST-TR-SUCCEEDED", scac: "TEST" };
  const created = await fetch(`${sandbox.baseUrl}/tracking_requests`, { method: "POST", headers, body: JSON.stringify({ data: { attributes } }) });
  await sandbox.clock.advance(5 * 86_400);
  const shipments = /** @type {{ data: unknown[] }} */ (await (await fetch(`${sandbox.baseUrl}/shipments`, { headers })).json());
  console.log(
    JSON.stringify({
      resolvedTesting: import.meta.resolve("@bollard/testing"),
      created: created.status,
      now: sandbox.clock.now().toISOString(),
      shipments: shipments.data.length,
    }),
  );
} finally {
  await sandbox.close();
}
