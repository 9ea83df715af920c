// Outgoing webhooks must not become a way to reach our own network (SSRF): every address a webhook
// host resolves to is checked, and the connection uses exactly the addresses that were checked, so
// a DNS answer that changes between check and connect (rebinding) cannot slip through.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved and broadcast
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96], // NAT64
  ['2001:db8::', 32],
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/**
 * True for loopback, private, link-local, multicast and other non-public addresses. BlockList checks
 * IPv4-mapped IPv6 (::ffff:127.0.0.1) against the IPv4 rules itself.
 */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  return blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export class WebhookAddressError extends Error {
  override name = 'WebhookAddressError';
}

/** The URL host without IPv6 brackets. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

const LOCAL_NAMES = /(^|\.)(localhost|local|internal|home\.arpa)$/i;

/**
 * Why this URL may not receive webhooks, or undefined when it may. Checks the literal host and,
 * when resolve is given, every address the name resolves to (a failed lookup is not a refusal:
 * the delivery re-checks and retries).
 */
export async function findWebhookUrlProblem(
  text: string,
  options: { allowPrivate: boolean; resolve?: (host: string) => Promise<string[]> },
): Promise<string | undefined> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'must be an absolute http(s) URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must use https (or http)';
  if (options.allowPrivate) return undefined;
  const host = hostOf(url);
  if (isIP(host)) return isPrivateAddress(host) ? `${host} is a private or loopback address` : undefined;
  if (LOCAL_NAMES.test(host)) return `${host} is a local host name`;
  if (!options.resolve) return undefined;
  const addresses = await options.resolve(host).catch(() => []);
  const inside = addresses.find(isPrivateAddress);
  return inside ? `${host} resolves to the private address ${inside}` : undefined;
}

/** Every address of host, via the system resolver (what connections use). */
export function resolveHost(host: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    dnsLookup(host, { all: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses.map((entry) => entry.address)),
    );
  });
}

type LookupCallback = (error: Error | null, address: string | LookupAddress[], family?: number) => void;

/** A `lookup` for http.request that refuses a host when any of its addresses is private. */
export function checkedLookup(hostname: string, options: { all?: boolean }, callback: LookupCallback): void {
  dnsLookup(hostname, { all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const inside = addresses.find((entry) => isPrivateAddress(entry.address));
    if (inside) {
      return callback(
        new WebhookAddressError(`${hostname} resolves to the private address ${inside.address}`),
        [],
      );
    }
    if (options.all) return callback(null, addresses);
    const first = addresses[0];
    if (!first) return callback(new WebhookAddressError(`${hostname} has no address`), []);
    callback(null, first.address, first.family);
  });
}
