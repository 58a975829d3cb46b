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
  ["64:ff9b::", 96],
] as const)
  BLOCKED.addSubnet(network, prefix, "ipv6");

export function isBlockedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  if (family === 6) {
    // An IPv4-mapped IPv6 address (::ffff:127.0.0.1) reaches the IPv4 address it carries.
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped?.[1]) return BLOCKED.check(mapped[1], "ipv4");
    return BLOCKED.check(address, "ipv6");
  }
  return BLOCKED.check(address, "ipv4");
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
