import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { serveConfig } from "./serve-config.js";

const dir = mkdtempSync(join(tmpdir(), "bollard-serve-config-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("serveConfig: --webhook-source-ips and --wire-compat (issue 57, items 6 and 1)", () => {
  it("lists no webhook source address and follows the live service by default", () => {
    expect(serveConfig({}, {})).toMatchObject({ webhookSourceIps: [], wireCompat: "live" });
  });

  it("takes the addresses from the flag (comma-separated), the config file (a list) or BOLLARD_WEBHOOK_SOURCE_IPS, in that order", () => {
    const file = join(dir, "bollard.json");
    writeFileSync(file, JSON.stringify({ "webhook-source-ips": ["35.222.62.171", "2001:db8::1"], "wire-compat": "openapi" }));
    expect(serveConfig({ "webhook-source-ips": "3.230.67.145, 44.217.15.129" }, {}).webhookSourceIps).toEqual(["3.230.67.145", "44.217.15.129"]);
    expect(serveConfig({ config: file }, { BOLLARD_WEBHOOK_SOURCE_IPS: "10.0.0.1" })).toMatchObject({ webhookSourceIps: ["35.222.62.171", "2001:db8::1"], wireCompat: "openapi" });
    expect(serveConfig({}, { BOLLARD_WEBHOOK_SOURCE_IPS: "10.0.0.1", BOLLARD_WIRE_COMPAT: "openapi" })).toMatchObject({ webhookSourceIps: ["10.0.0.1"], wireCompat: "openapi" });
  });

  it("refuses what is not an address or a mode with a usage error", () => {
    expect(() => serveConfig({ "webhook-source-ips": "35.222.62.171,hooks.example.com" }, {})).toThrow(/--webhook-source-ips must be IP addresses/);
    expect(() => serveConfig({ "wire-compat": "strict" }, {})).toThrow(/--wire-compat must be one of live, openapi/);
  });
});
