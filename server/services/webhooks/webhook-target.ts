import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";
import type { WebhooksConfig } from "../../config.ts";

/** Addresses a webhook may never reach (SSRF): loopback, private, link-local (cloud metadata), CGNAT, multicast… */
const BLOCKED = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 3],
] as const)
  BLOCKED.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
  // Teredo tunnels to an address hidden in the last bits (XORed): no webhook receiver needs one.
  ["2001::", 32],
  // Local-use NAT64 (RFC 8215) translates into the operator's own network.
  ["64:ff9b:1::", 48],
] as const)
  BLOCKED.addSubnet(network, prefix, "ipv6");

/** The eight 16-bit groups of an IPv6 address (`isIP` already said it is one; a zone id is dropped). */
function ipv6Groups(address: string): number[] {
  let text = address.replace(/%.*$/, "");
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const parse = (part: string) => (part === "" ? [] : part.split(":").map((group) => parseInt(group, 16)));
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

function ipv4From(high: number, low: number): string {
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join(".");
}

/**
 * The IPv4 address an IPv6 address carries and reaches: IPv4-compatible (`::a.b.c.d`, ::/96), IPv4-mapped
 * (`::ffff:a.b.c.d`), IPv4-translated (`::ffff:0:a.b.c.d`), NAT64 (64:ff9b::/96) and 6to4 (2002::/16, the IPv4
 * address in the second and third groups).
 */
export function embeddedIPv4(address: string): string | undefined {
  const [g0, g1 = 0, g2 = 0, g3, g4, g5, g6 = 0, g7 = 0] = ipv6Groups(address);
  if (g0 === 0x2002) return ipv4From(g1, g2);
  const prefix = [g0, g1, g2, g3, g4, g5].map((group) => group?.toString(16)).join(":");
  if (["0:0:0:0:0:0", "0:0:0:0:0:ffff", "0:0:0:0:ffff:0", "64:ff9b:0:0:0:0"].includes(prefix)) return ipv4From(g6, g7);
  return undefined;
}

export function isBlockedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  if (family === 4) return BLOCKED.check(address, "ipv4");
  if (BLOCKED.check(address, "ipv6")) return true;
  const carried = embeddedIPv4(address);
  return carried !== undefined && BLOCKED.check(carried, "ipv4");
}

export type TargetRefusal = "protocol" | "address" | "unresolvable";

export class WebhookTargetRefused extends Error {
  constructor(readonly reason: TargetRefusal) {
    super(`webhook target refused: ${reason}`);
  }
}

function hostOf(url: URL): string {
  // URL keeps IPv6 literals in brackets.
  return url.hostname.replace(/^\[(.*)\]$/, "$1");
}

/** The URL's protocol is allowed by the configuration (https always; http only where configured). */
export function checkProtocol(url: URL, config: WebhooksConfig): void {
  if (url.protocol === "https:") return;
  if (url.protocol === "http:" && config.allowHttp) return;
  throw new WebhookTargetRefused("protocol");
}

/**
 * Resolves the target's host and answers the address to connect to, refusing blocked ones (every resolved address
 * must be allowed: a name that resolves to a public and a private address is refused). Deliveries connect to the
 * address answered here, so a name cannot resolve to a public address now and to a private one at connect time.
 */
export async function resolveTarget(url: URL, config: WebhooksConfig): Promise<{ address: string; family: 4 | 6 }> {
  checkProtocol(url, config);
  const host = hostOf(url);
  let addresses: { address: string; family: number }[];
  try {
    addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await lookup(host, { all: true });
  } catch {
    throw new WebhookTargetRefused("unresolvable");
  }
  const [first] = addresses;
  if (!first) throw new WebhookTargetRefused("unresolvable");
  if (!config.allowPrivateTargets && addresses.some((entry) => isBlockedAddress(entry.address)))
    throw new WebhookTargetRefused("address");
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}
