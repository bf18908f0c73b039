import { lookup as dnsLookup } from "node:dns/promises";
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";

/** Resolves a host name to its addresses (IPv4 and IPv6); rejects when the name does not resolve. */
export type HostLookup = (hostname: string) => Promise<string[]>;

/** The system resolver (`dns.lookup`, every address). */
export const systemLookup: HostLookup = async (hostname) => (await dnsLookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

/**
 * Why an address is not a public unicast address, e.g. `loopback`, or null when it is one. Every
 * range of the IANA IPv4 and IPv6 special-purpose registries is refused (ipaddr.js keeps them:
 * private, shared, documentation, benchmarking, reserved, …); an IPv6 address that carries an IPv4
 * one (IPv4-mapped, NAT64, 6to4) is judged by the IPv4 address it reaches.
 */
export function forbiddenAddressReason(address: string): string | null {
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  if (!ipaddr.isValid(bare) || isIP(bare) === 0) return "not an IP address";
  const parsed = ipaddr.parse(bare);
  if (parsed.kind() === "ipv4") return rangeReason(parsed.range());
  const v6 = parsed as ipaddr.IPv6;
  const range = v6.range();
  if (range === "ipv4Mapped") return forbiddenAddressReason(v6.toIPv4Address().toString());
  if (range === "rfc6052") return forbiddenAddressReason(embeddedIpv4(v6.toByteArray().slice(12)));
  if (range === "6to4") return forbiddenAddressReason(embeddedIpv4(v6.toByteArray().slice(2, 6)));
  return rangeReason(range);
}

function rangeReason(range: string): string | null {
  return range === "unicast" ? null : (RANGE_NAMES[range] ?? `special-purpose (${range})`);
}

/** Readable names of ipaddr.js ranges, for error details. */
const RANGE_NAMES: Record<string, string> = {
  unspecified: "unspecified",
  broadcast: "broadcast",
  multicast: "multicast",
  linkLocal: "link-local",
  loopback: "loopback",
  carrierGradeNat: "private (shared address space)",
  private: "private",
  reserved: "reserved (documentation, benchmarking or future use)",
  uniqueLocal: "unique-local",
  teredo: "Teredo tunnel",
  benchmarking: "benchmarking",
  discard: "discard-only",
};

function embeddedIpv4(bytes: number[]): string {
  return bytes.join(".");
}

/** Options of {@link webhookUrlProblem}. */
export interface UrlSafetyOptions {
  /** Accept private, loopback and link-local targets (local development). */
  allowPrivate: boolean;
  /** @default systemLookup */
  lookup?: HostLookup;
}

/**
 * Why a webhook URL must not be called, or null when it may: its host is (or resolves to) an
 * address that is not public unicast (see {@link forbiddenAddressReason}). A host name that
 * does not resolve is not refused here (delivery checks again, as DNS may change).
 */
export async function webhookUrlProblem(url: string, options: UrlSafetyOptions): Promise<string | null> {
  if (options.allowPrivate) return null;
  let hostname: string;
  try {
    hostname = new URL(url).hostname.replace(/^\[|\]$/g, "");
  } catch {
    return "it is not a valid URL";
  }
  return hostProblem(hostname, options.lookup ?? systemLookup);
}

/** Why a host (name or address) must not be called, or null; names are resolved with `lookup`. */
export async function hostProblem(hostname: string, lookup: HostLookup): Promise<string | null> {
  const name = hostname.toLowerCase().replace(/\.$/, "");
  if (isIP(name) !== 0) {
    const reason = forbiddenAddressReason(name);
    return reason ? `${name} is a ${reason} address` : null;
  }
  if (name === "localhost" || name.endsWith(".localhost")) return `${name} is a loopback host`;
  let addresses: string[];
  try {
    addresses = await lookup(name);
  } catch {
    return null;
  }
  for (const address of addresses) {
    const reason = forbiddenAddressReason(address);
    if (reason) return `${name} resolves to ${address}, a ${reason} address`;
  }
  return null;
}
