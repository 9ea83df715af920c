// A purge through a CDN's purge API, Cloudflare's shape: `POST /zones/{zone}/purge_cache` with a
// bearer token and `{"tags": [...]}` (the Cache-Tag values) or `{"files": [...]}` (full URLs).
// Cloudflare takes at most 30 URLs or tags per call, so larger purges go out in several calls.
import type { EdgePurge, Purger } from './edge-purge.js';

const REQUEST_TIMEOUT_MS = 10_000;
const ITEMS_PER_CALL = 30;

export function createCloudflarePurger(options: {
  /** The zone's purge_cache endpoint. */
  url: string;
  token: string;
  by: 'tag' | 'url';
  /** The public origin the paths are purged under (PUBLIC_URL). */
  publicUrl: string;
  fetch?: typeof fetch;
}): Purger {
  const send = options.fetch ?? fetch;
  return {
    async purge(purge: EdgePurge, signal: AbortSignal): Promise<void> {
      const items =
        options.by === 'tag' ? purge.keys : purge.paths.map((path) => `${options.publicUrl}${path}`);
      for (let start = 0; start < items.length; start += ITEMS_PER_CALL) {
        const chunk = items.slice(start, start + ITEMS_PER_CALL);
        const response = await send(options.url, {
          method: 'POST',
          headers: { authorization: `Bearer ${options.token}`, 'content-type': 'application/json' },
          body: JSON.stringify(options.by === 'tag' ? { tags: chunk } : { files: chunk }),
          signal: AbortSignal.any([signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]),
        });
        const text = await response.text();
        // Cloudflare answers 200 with success:false for some refusals: both must hold.
        let success = false;
        try {
          success = (JSON.parse(text) as { success?: unknown }).success === true;
        } catch {}
        if (!response.ok || !success) {
          throw new Error(`purge_cache answered ${response.status}: ${text.slice(0, 200)}`);
        }
      }
    },
  };
}
