import { lookup as dnsLookup } from "node:dns/promises";
import { isIP } from "node:net";

/** Resolves a host name to its addresses (IPv4 and IPv6); rejects when the name does not resolve. */
export type HostLookup = (hostname: string) => Promise<string[]>;

/** The system resolver (`dns.lookup`, every address). */
export const systemLookup: HostLookup = async (hostname) => (await dnsLookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

/** Why an address is not a public unicast address, e.g. `loopback`, or null when it is one. */
export function forbiddenAddressReason(address: string): string | null {
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const family = isIP(bare);
  if (family === 4) return ipv4Reason(bare.split(".").map(Number));
  if (family === 6) return ipv6Reason(parseIpv6(bare));
  return "not an IP address";
}

function ipv4Reason([a = 0, b = 0]: number[]): string | null {
  if (a === 0) return "unspecified";
  if (a === 127) return "loopback";
  if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return "private";
  if (a === 100 && b >= 64 && b <= 127) return "private (shared address space)";
  if (a === 169 && b === 254) return "link-local";
  if (a >= 224 && a <= 239) return "multicast";
  if (a >= 240) return "reserved";
  return null;
}

function ipv6Reason(groups: number[]): string | null {
  const [g0 = 0, g1 = 0, , , , g5 = 0, g6 = 0, g7 = 0] = groups;
  const embedded = [g6 >> 8, g6 & 255, g7 >> 8, g7 & 255];
  if (groups.every((g) => g === 0)) return "unspecified";
  if (groups.slice(0, 7).every((g) => g === 0) && g7 === 1) return "loopback";
  // IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d) and NAT64 (64:ff9b::a.b.c.d) carry an IPv4 address.
  if (groups.slice(0, 5).every((g) => g === 0) && (g5 === 0xffff || g5 === 0)) return ipv4Reason(embedded);
  if (g0 === 0x64 && g1 === 0xff9b && groups.slice(2, 6).every((g) => g === 0)) return ipv4Reason(embedded);
  if (g0 === 0x2002) return ipv4Reason([g1 >> 8, g1 & 255]); // 6to4 embeds the IPv4 address in groups 1-2
  if ((g0 & 0xffc0) === 0xfe80) return "link-local";
  if ((g0 & 0xffc0) === 0xfec0) return "site-local";
  if ((g0 & 0xfe00) === 0xfc00) return "unique-local";
  if ((g0 & 0xff00) === 0xff00) return "multicast";
  return null;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a trailing dotted IPv4 folded in). */
function parseIpv6(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = text.match(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const parse = (part: string) => (part === "" ? [] : part.split(":").map((group) => parseInt(group, 16)));
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/** Options of {@link webhookUrlProblem}. */
export interface UrlSafetyOptions {
  /** Accept private, loopback and link-local targets (local development). */
  allowPrivate: boolean;
  /** @default systemLookup */
  lookup?: HostLookup;
}

/**
 * Why a webhook URL must not be called, or null when it may: its host is (or resolves to) a
 * loopback, private, link-local, unique-local, unspecified or multicast address. A host name that
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
