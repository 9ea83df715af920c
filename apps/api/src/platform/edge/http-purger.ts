// A purge by surrogate key over plain HTTP, as Varnish and Fastly take it: one request with the
// keys in a `Surrogate-Key` header, space-separated. Varnish: `PURGE` (or `BAN`) to the cache,
// which bans every object whose Surrogate-Key holds one of them (deploy/varnish/default.vcl).
// Fastly: `POST https://api.fastly.com/service/{id}/purge` with `Fastly-Key` (its bulk purge by key).
import type { EdgePurge, Purger } from './edge-purge.js';

const REQUEST_TIMEOUT_MS = 10_000;

export function createHttpPurger(options: {
  url: string;
  method: 'BAN' | 'PURGE' | 'POST';
  /** A header carrying the credential, e.g. `{ name: 'fastly-key', value: '…' }`. */
  credential?: { name: string; value: string };
  fetch?: typeof fetch;
}): Purger {
  const send = options.fetch ?? fetch;
  return {
    async purge(purge: EdgePurge, signal: AbortSignal): Promise<void> {
      const headers: Record<string, string> = { 'surrogate-key': purge.keys.join(' ') };
      if (options.credential) headers[options.credential.name] = options.credential.value;
      const response = await send(options.url, {
        method: options.method,
        headers,
        signal: AbortSignal.any([signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]),
      });
      const body = await response.text();
      if (!response.ok) {
        throw new Error(
          `${options.method} ${options.url} answered ${response.status}: ${body.slice(0, 200)}`,
        );
      }
    },
  };
}
