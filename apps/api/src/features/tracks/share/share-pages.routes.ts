// The pages and answers around a shared track that other sites fetch: its share image
// (GET /t/{id}/image.png, the og:image), the player page any site may put in an iframe
// (GET /embed/{id}) and the oEmbed endpoint that hands that iframe to chat apps and CMSs
// (GET /oembed?url=…). Like the share page they are not part of the API's reference (hidden from
// openapi.json) and are cached like it, under the track's surrogate key. A private track is never
// embeddable, not even by its owner: the embed and oEmbed read as a stranger does.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../../errors.js';
import {
  type EdgeCachePolicy,
  setTrackCaching,
  setTrackDescriptionCaching,
} from '../../../platform/http/edge-cache.js';
import { clientHasCurrent } from '../../../platform/http/send-file.js';
import type { TracksService, Viewer } from '../track.service.js';
import { SHARE_CARD_HEIGHT_PX, SHARE_CARD_WIDTH_PX } from './share-card.js';
import {
  allowFramingByAnySite,
  escapeHtml,
  prefersHtml,
  publicPageContentSecurityPolicy,
  sendNotFoundPage,
} from './share-html.js';
import { type ShareImages, shareImageKey } from './share-image.js';
import { EMBED_HEIGHT_PX, EMBED_WIDTH_PX, embedIframeHtml, shareImageUrl } from './share-urls.js';

export interface SharePagesDeps {
  tracks: Pick<TracksService, 'getTrack' | 'getTrackArtwork'>;
  images: ShareImages;
  edgeCache: EdgeCachePolicy;
  publicUrl: string;
}

const STRANGER: Viewer = null;
const TRACK_ID_IN_PAGE = /^\/(?:t|embed)\/([^/?#]+)\/?$/;

// The player fills whatever frame it is given: one row (cover, then title, facts and controls)
// down to 300 px wide, the cover dropped below that. The title takes two lines (any 60-character
// title at the default 480 px); the link's title attribute holds it whole for a narrower frame.
const EMBED_STYLE =
  'html,body{margin:0;height:100%}body{font:14px/1.4 system-ui,sans-serif;color:#f4f2fa;background:#1f1c29;overflow:hidden}main{display:flex;gap:12px;align-items:center;height:100%;padding:12px;box-sizing:border-box}img{flex:none;width:112px;height:112px;border-radius:8px}div{flex:1;min-width:0}h1{font-size:15px;line-height:1.3;margin:0;display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical;overflow:hidden}h1 a{color:inherit;text-decoration:none}p{margin:2px 0 6px;color:#c9c4dc;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}audio{display:block;width:100%;height:40px}.by a{color:#b7a8ff}@media (max-width:299px){img{display:none}}';

function viewerOf(request: FastifyRequest): Viewer {
  return request.auth ? { workspaceId: request.auth.workspaceId, userId: request.auth.userId } : null;
}

/**
 * The track id of one of our public pages (`/t/{id}` or `/embed/{id}`) on PUBLIC_URL's host or the
 * host this request reached (the same server by another name: a development server on a port the
 * system chose). Either way the track is read as a stranger reads it.
 */
function trackIdOfPage(pageUrl: string, ourHosts: readonly string[]): string | undefined {
  let url: URL;
  try {
    url = new URL(pageUrl);
  } catch {
    return undefined;
  }
  // http and https name the same page: a site may have kept an old http link.
  if (!ourHosts.includes(url.host) || (url.protocol !== 'https:' && url.protocol !== 'http:'))
    return undefined;
  return TRACK_ID_IN_PAGE.exec(url.pathname)?.[1];
}

function positiveInteger(value: unknown): number | undefined {
  const number = typeof value === 'string' && /^\d{1,5}$/.test(value) ? Number(value) : Number.NaN;
  return number > 0 ? number : undefined;
}

export function registerSharePages(app: FastifyInstance, deps: SharePagesDeps): void {
  const page = { schema: { hide: true } };
  const embedPolicy = publicPageContentSecurityPolicy(EMBED_STYLE, { frameAncestors: '*' });

  app.get<{ Params: { id: string } }>('/t/:id/image.png', page, async (request, reply) => {
    const { track, waveformEtag, readPeaks } = await deps.tracks.getTrackArtwork(
      viewerOf(request),
      request.params.id,
    );
    const key = shareImageKey({
      id: track.id,
      title: track.title,
      prompt: track.prompt,
      music: track.music,
      durationSeconds: track.duration_seconds,
      waveformEtag,
    });
    // Drawn from the prompt until the music exists, then once more: revalidated until ready.
    setTrackCaching(reply, deps.edgeCache, track, track.status === 'ready');
    reply.type('image/png').header('etag', `"${key}"`);
    if (clientHasCurrent(request, `"${key}"`)) return reply.code(304).send();
    const image = await deps.images.get(key, async () => ({
      title: track.title,
      prompt: track.prompt,
      music: track.music,
      peaks: await readPeaks(),
      durationSeconds: track.duration_seconds,
    }));
    return reply.send(image.png);
  });

  app.get<{ Params: { id: string } }>('/embed/:id', page, async (request, reply) => {
    let track: Awaited<ReturnType<TracksService['getTrack']>>;
    try {
      track = await deps.tracks.getTrack(STRANGER, request.params.id);
    } catch (error) {
      if (error instanceof AppError && error.code === 'not_found' && prefersHtml(request)) {
        return sendNotFoundPage(reply, { framed: true });
      }
      throw error;
    }
    const title = escapeHtml(track.title);
    const facts = track.music
      ? [track.music.genre, `${Math.round(track.music.bpm)} bpm`, track.music.key].filter(Boolean).join(' · ')
      : `${Math.round(track.duration_seconds)} s`;
    const sharePath = new URL(track.urls.share).pathname;
    // Links open a new tab: inside another site's frame, navigating the frame would lose the player.
    const player = track.audio
      ? `<audio controls preload="none" src="${escapeHtml(new URL(track.urls.audio).pathname)}" aria-label="Play ${title}"></audio>`
      : '<p>Still being made: reload in a moment.</p>';
    const html = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="robots" content="noindex">
  <title>${title} — Trackforge player</title>
  <link rel="canonical" href="${escapeHtml(track.urls.share)}">
  <style>${EMBED_STYLE}</style>
</head>
<body>
  <main>
    <img src="${escapeHtml(new URL(track.urls.cover).pathname)}" width="112" height="112" alt="">
    <div>
      <h1><a href="${escapeHtml(sharePath)}" target="_blank" rel="noopener" title="${title}">${title}</a></h1>
      <p>${escapeHtml(facts)} · <span class="by"><a href="/" target="_blank" rel="noopener">Trackforge</a></span></p>
      ${player}
    </div>
  </main>
</body>
</html>
`;
    allowFramingByAnySite(reply);
    setTrackCaching(reply, deps.edgeCache, { id: track.id, visibility: 'public' }, Boolean(track.audio));
    return reply.type('text/html; charset=utf-8').header('content-security-policy', embedPolicy).send(html);
  });

  app.get<{ Querystring: Record<string, unknown> }>('/oembed', page, async (request, reply) => {
    const { url, format = 'json', maxwidth, maxheight } = request.query;
    if (format !== 'json') {
      throw new AppError('not_implemented', `oEmbed answers format=json only, not ${String(format)}.`, {
        param: 'format',
      });
    }
    if (typeof url !== 'string' || !url) {
      throw new AppError('validation_failed', 'Name the page to embed: ?url=<share page URL>.', {
        param: 'url',
      });
    }
    const id = trackIdOfPage(url, [new URL(deps.publicUrl).host, request.host]);
    if (!id) throw new AppError('not_found', `${url} is not a Trackforge track page.`, { param: 'url' });
    const track = await deps.tracks.getTrack(STRANGER, id);
    // The answer may not be larger than the consumer allows (oEmbed 1.0, section 2.2).
    const widthPx = Math.min(EMBED_WIDTH_PX, positiveInteger(maxwidth) ?? EMBED_WIDTH_PX);
    const heightPx = Math.min(EMBED_HEIGHT_PX, positiveInteger(maxheight) ?? EMBED_HEIGHT_PX);
    setTrackDescriptionCaching(reply, track.id, Boolean(track.audio));
    return {
      version: '1.0',
      type: 'rich',
      provider_name: 'Trackforge',
      provider_url: `${deps.publicUrl}/`,
      title: track.title,
      html: embedIframeHtml(deps.publicUrl, track.id, track.title, { widthPx, heightPx }),
      width: widthPx,
      height: heightPx,
      thumbnail_url: shareImageUrl(deps.publicUrl, track.id),
      thumbnail_width: SHARE_CARD_WIDTH_PX,
      thumbnail_height: SHARE_CARD_HEIGHT_PX,
    };
  });
}
