// What an edge purge is, and what a purger does with one. The tracks feature says which track
// changed; this says which cached answers that touches: by surrogate key (the names
// http/edge-cache.ts puts on every cacheable answer) and, for CDNs that purge by address, the
// URLs those answers live at.
import { PUBLIC_FEED_CACHE_KEY, trackCacheKey } from '../http/edge-cache.js';

export interface EdgePurge {
  /** Surrogate keys (Surrogate-Key / Cache-Tag) whose answers are to go. */
  keys: string[];
  /** The same answers' paths on the public origin, for purges by URL. */
  paths: string[];
}

/** Sends one purge to the edge; throws when the edge did not take it (the queue retries). */
export interface Purger {
  purge(purge: EdgePurge, signal: AbortSignal): Promise<void>;
}

// Every format and download flag a track's files are fetched with: a CDN that purges by URL keeps
// each query string apart. Purges by key need none of this.
const FILE_PATHS = [
  'audio',
  'audio?format=mp3',
  'audio?format=wav',
  'audio?format=ogg',
  'audio?format=flac',
  // the studio's download links
  'audio?format=mp3&download=1',
  'audio?format=wav&download=1',
  'audio?format=ogg&download=1',
  'audio?format=flac&download=1',
  'midi',
  'midi?download=1',
  'stems',
  'waveform',
  'cover.svg',
  // a sung track's timed lyrics, and the studio's links to them
  'lyrics',
  'lyrics?format=lrc',
  'lyrics?format=vtt',
  'lyrics?format=srt',
  'lyrics?format=lrc&download=1',
  'lyrics?format=vtt&download=1',
  'lyrics?format=srt&download=1',
];

/** The answers about one track, and the public feed's when the track is or was listed there. */
export function trackPurge(trackId: string, { publicFeed }: { publicFeed: boolean }): EdgePurge {
  const keys = [trackCacheKey(trackId)];
  // The share page, its image and the embed are public pages (tracks/share/share-urls.ts).
  const paths = [
    `/t/${trackId}`,
    `/t/${trackId}/image.png`,
    `/embed/${trackId}`,
    ...FILE_PATHS.map((path) => `/v1/tracks/${trackId}/${path}`),
  ];
  if (publicFeed) {
    keys.push(PUBLIC_FEED_CACHE_KEY);
    paths.push('/v1/public/tracks');
  }
  return { keys, paths };
}
