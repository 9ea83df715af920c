// Outgoing webhooks must not become a way to reach our own network (SSRF): every address a webhook
// host resolves to is checked, and the connection uses exactly the addresses that were checked, so
// a DNS answer that changes between check and connect (rebinding) cannot slip through.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { AppError } from '../../../errors.js';

// IANA's global unicast space for IPv6. Everything outside it (::/96 IPv4-compatible forms such as
// ::127.0.0.1, fec0::/10 site-local, 100::/64 discard…) is not a place a public receiver lives.
const IPV6_GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');

/**
 * True for every address that is not public unicast, by ipaddr.js's maintained range table:
 * anything whose range() is not 'unicast' (loopback, private, linkLocal — 169.254.169.254 —,
 * carrierGradeNat, reserved, multicast, uniqueLocal, ipv4Mapped, rfc6145, rfc6052/NAT64, 6to4,
 * teredo, discard, deprecatedSiteLocal…), IPv6 outside 2000::/3, and anything that is not an IP
 * at all. The IPv6 forms that embed an IPv4 address are refused outright rather than unwrapped.
 */
export function isPrivateAddress(address: string): boolean {
  if (isIP(address) === 0 || !ipaddr.isValid(address)) return true;
  const parsed = ipaddr.parse(address);
  if (parsed.range() !== 'unicast') return true;
  return parsed.kind() === 'ipv6' && !parsed.match(IPV6_GLOBAL_UNICAST);
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

/**
 * The creation-time check (POST /v1/tracks webhook_url, POST /v1/webhook-endpoints url): throws 400
 * validation_failed naming `param` when the URL may not receive webhooks. Delivery applies the same
 * isPrivateAddress to the addresses it connects to (checkedLookup).
 */
export function createWebhookUrlCheck(options: {
  allowPrivate: boolean;
  resolve?: (host: string) => Promise<string[]>;
}): (url: string, param: string) => Promise<void> {
  return async (url, param) => {
    const problem = await findWebhookUrlProblem(url, options);
    if (!problem) return;
    throw new AppError(
      'validation_failed',
      `${param} ${problem}; webhooks go only to public http(s) addresses.`,
      {
        param,
        errors: [{ param, message: problem, code: 'webhook_url_not_allowed' }],
      },
    );
  };
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
