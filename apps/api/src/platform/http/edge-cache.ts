// Who may keep an answer, for how long, and under which names a purge finds it (docs/DEPLOY.md
// "CDN and edge caching"). One place decides, so a private track's file can never go out with a
// header a shared cache would keep, and every cacheable answer names the track it shows:
// `Surrogate-Key` (Varnish, Fastly; space-separated) and `Cache-Tag` (Cloudflare; comma-separated).
import type { FastifyInstance, FastifyReply } from 'fastify';

/** What a browser may keep without asking again: a stranger's copy outlives a purge by this much at most. */
export const BROWSER_MAX_AGE_SECONDS = 300;
/** The public feed gains tracks without a purge (a track becoming ready), so it is kept briefly. */
export const PUBLIC_FEED_MAX_AGE_SECONDS = 30;
/** A finished file never changes: with purges reaching the edge it may keep one for a day. */
const PURGED_SHARED_MAX_AGE_SECONDS = 86_400;

/** The surrogate key of every cacheable answer about one track: its id. */
export function trackCacheKey(trackId: string): string {
  return trackId;
}

/** The surrogate key of the public feed's pages. */
export const PUBLIC_FEED_CACHE_KEY = 'public-tracks';

export interface EdgeCachePolicy {
  /** How long a shared cache may keep a finished public answer. */
  sharedMaxAgeSeconds: number;
}

/** Long at the edge only when purges reach it (EDGE_PURGE): otherwise no longer than a browser keeps it. */
export function createEdgeCachePolicy({ purging }: { purging: boolean }): EdgeCachePolicy {
  return { sharedMaxAgeSeconds: purging ? PURGED_SHARED_MAX_AGE_SECONDS : BROWSER_MAX_AGE_SECONDS };
}

/**
 * Caching of an answer about one track. A private track's answers are `private, no-store`: only
 * its workspace reads them, and no cache, shared or not, keeps them. A public or unlisted one's
 * are public under the track's key: `settled` answers (a ready track's files, cover and page) for
 * long, the others (a cover or page still changing while the track renders) revalidated each time.
 */
export function setTrackCaching(
  reply: FastifyReply,
  policy: EdgeCachePolicy,
  track: { id: string; visibility: string },
  settled: boolean,
): void {
  if (track.visibility === 'private') {
    reply.header('cache-control', 'private, no-store');
    return;
  }
  reply.header(
    'cache-control',
    settled ? publicMaxAge(BROWSER_MAX_AGE_SECONDS, policy.sharedMaxAgeSeconds) : 'public, no-cache',
  );
  setCacheKeys(reply, [trackCacheKey(track.id)]);
}

/**
 * Caching of a small answer about a public track that lives at more URLs than a purge can name
 * (oEmbed's, one per query string a consumer sends): under the track's key, so a purge by key
 * reaches it, and never longer than a browser keeps it, so a purge by URL need not.
 */
export function setTrackDescriptionCaching(reply: FastifyReply, trackId: string, settled: boolean): void {
  reply.header(
    'cache-control',
    settled ? publicMaxAge(BROWSER_MAX_AGE_SECONDS, BROWSER_MAX_AGE_SECONDS) : 'public, no-cache',
  );
  setCacheKeys(reply, [trackCacheKey(trackId)]);
}

/** Caching of a page of the public feed. */
export function setPublicFeedCaching(reply: FastifyReply): void {
  reply.header('cache-control', publicMaxAge(PUBLIC_FEED_MAX_AGE_SECONDS, PUBLIC_FEED_MAX_AGE_SECONDS));
  setCacheKeys(reply, [PUBLIC_FEED_CACHE_KEY]);
}

function publicMaxAge(browserSeconds: number, sharedSeconds: number): string {
  return sharedSeconds > browserSeconds
    ? `public, max-age=${browserSeconds}, s-maxage=${sharedSeconds}`
    : `public, max-age=${browserSeconds}`;
}

function setCacheKeys(reply: FastifyReply, keys: string[]): void {
  reply.header('surrogate-key', keys.join(' '));
  reply.header('cache-tag', keys.join(','));
}

/**
 * Everything that says nothing about caching is `no-store`: JSON for a credential, errors (a 404
 * once a track is private must not be kept either), redirects. A CDN's default TTL (Varnish keeps
 * an answer without Cache-Control for 2 minutes) would otherwise apply to them.
 */
export function registerNoStoreByDefault(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
