import { describe, expect, it } from "vitest";
import { forbiddenAddressReason, webhookUrlProblem, type HostLookup } from "./url-safety.js";

describe("forbiddenAddressReason", () => {
  it.each([
    ["0.0.0.0", "unspecified"],
    ["127.0.0.1", "loopback"],
    ["127.8.9.10", "loopback"],
    ["10.1.2.3", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["100.64.0.1", "private (shared address space)"],
    ["169.254.169.254", "link-local"],
    ["224.0.0.1", "multicast"],
    ["255.255.255.255", "broadcast"],
    // The IANA special-purpose ranges an adversarial run got through before: documentation,
    // benchmarking, reserved and IPv6 tunnels, also inside IPv4-mapped, NAT64 and 6to4 addresses.
    ["192.0.2.1", "reserved (documentation, benchmarking or future use)"],
    ["198.18.0.1", "reserved (documentation, benchmarking or future use)"],
    ["198.51.100.7", "reserved (documentation, benchmarking or future use)"],
    ["203.0.113.5", "reserved (documentation, benchmarking or future use)"],
    ["240.0.0.1", "reserved (documentation, benchmarking or future use)"],
    ["192.0.0.1", "reserved (documentation, benchmarking or future use)"],
    ["2001:db8::1", "reserved (documentation, benchmarking or future use)"],
    ["2001::1", "Teredo tunnel"],
    ["2001:2::1", "benchmarking"],
    ["100::1", "discard-only"],
    ["fec0::1", "special-purpose (deprecatedSiteLocal)"],
    ["::ffff:192.0.2.1", "reserved (documentation, benchmarking or future use)"],
    ["64:ff9b::c000:201", "reserved (documentation, benchmarking or future use)"],
    ["::", "unspecified"],
    ["::1", "loopback"],
    ["[::1]", "loopback"],
    ["fe80::1%eth0", "link-local"],
    ["fc00::1", "unique-local"],
    ["fd12:3456::1", "unique-local"],
    ["ff02::1", "multicast"],
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["::ffff:10.0.0.1", "private"],
    ["::ffff:169.254.1.1", "link-local"],
    ["64:ff9b::a00:1", "private"],
    ["2002:c0a8:101::1", "private"],
    ["not-an-ip", "not an IP address"],
  ])("refuses %s (%s)", (address, reason) => {
    expect(forbiddenAddressReason(address)).toBe(reason);
  });

  it.each(["8.8.8.8", "172.32.0.1", "100.128.0.1", "93.184.215.14", "2606:4700:4700::1111", "::ffff:8.8.8.8", "64:ff9b::808:808"])("accepts the public address %s", (address) => {
    expect(forbiddenAddressReason(address)).toBeNull();
  });
});

describe("webhookUrlProblem", () => {
  const lookup = (table: Record<string, string[]>): HostLookup => async (name) => {
    const found = table[name];
    if (!found) throw Object.assign(new Error("not found"), { code: "ENOTFOUND" });
    return found;
  };
  const options = { allowPrivate: false, lookup: lookup({ "hooks.example.com": ["93.184.215.14"], "sneaky.example.com": ["93.184.215.14", "::ffff:192.168.0.9"] }) };

  it("refuses private IP literals, localhost, and names resolving to any private address", async () => {
    expect(await webhookUrlProblem("http://127.0.0.1:9000/hook", options)).toBe("127.0.0.1 is a loopback address");
    expect(await webhookUrlProblem("http://[::1]/hook", options)).toBe("::1 is a loopback address");
    expect(await webhookUrlProblem("http://2130706433/hook", options)).toBe("127.0.0.1 is a loopback address");
    expect(await webhookUrlProblem("https://LOCALHOST./x", options)).toBe("localhost is a loopback host");
    expect(await webhookUrlProblem("https://api.localhost/x", options)).toBe("api.localhost is a loopback host");
    expect(await webhookUrlProblem("https://sneaky.example.com/x", options)).toBe("sneaky.example.com resolves to ::ffff:192.168.0.9, a private address");
  });

  it("accepts public targets and names that do not resolve (delivery checks again)", async () => {
    expect(await webhookUrlProblem("https://hooks.example.com/x", options)).toBeNull();
    expect(await webhookUrlProblem("https://93.184.215.14/x", options)).toBeNull();
    expect(await webhookUrlProblem("https://nowhere.example.com/x", options)).toBeNull();
  });

  it("accepts everything when private targets are allowed", async () => {
    expect(await webhookUrlProblem("http://127.0.0.1:9000/hook", { ...options, allowPrivate: true })).toBeNull();
  });
});
