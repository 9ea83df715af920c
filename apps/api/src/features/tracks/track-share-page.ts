// GET /t/{id}: the page a track's `urls.share` points to. Anyone may open it for a public or
// unlisted track (the owner's workspace also for a private one); everyone else gets the same 404 as
// the API, so a private track's existence is never revealed (a browser sees that 404 as a page, an
// API client as problem+json). The page shows only what the public representation holds (title,
// prompt, music, audio, cover) and plays the audio from the API. Its Open Graph and Twitter tags let
// chat apps and social sites unfurl the link with a 1200 × 630 PNG drawn on this server
// (share/share-image.ts) and (where they support og:audio) a player, and its oEmbed link lets them
// embed the player page (share/track-embed-page.ts); every piece of text in it is HTML-escaped. It runs no
// script, so its own Content-Security-Policy allows none (the default one lets /docs run inline
// scripts) and admits its one inline style by hash: markup that slipped past the escaping could
// neither run nor restyle the page.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';
import { type EdgeCachePolicy, setTrackCaching } from '../../platform/http/edge-cache.js';
import { SHARE_CARD_HEIGHT_PX, SHARE_CARD_WIDTH_PX } from './share/share-card.js';
import {
  escapeHtml,
  prefersHtml,
  publicPageContentSecurityPolicy,
  sendNotFoundPage,
} from './share/share-html.js';
import { embedIframeHtml, oEmbedUrl, shareImageUrl } from './share/share-urls.js';
import type { TracksService, Viewer } from './track.service.js';

export interface TrackSharePageDeps {
  tracks: Pick<TracksService, 'getTrack'>;
  edgeCache: EdgeCachePolicy;
  publicUrl: string;
}

const STYLE =
  'body{font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem;color:#222;overflow-wrap:anywhere}img{width:100%;height:auto;border-radius:8px}audio{display:block;width:100%;margin:1rem 0}a{color:#1746a2}code{font-size:.85em;background:#f3f3f6;padding:.1em .3em;border-radius:4px}h2{font-size:1.1rem;margin:1.5rem 0 .25rem}h3{font-size:.85rem;font-weight:400;color:#555;margin:.75rem 0 0}';

function viewerOf(request: FastifyRequest): Viewer {
  return request.auth ? { workspaceId: request.auth.workspaceId, userId: request.auth.userId } : null;
}

export function registerTrackSharePage(app: FastifyInstance, deps: TrackSharePageDeps): void {
  const contentSecurityPolicy = publicPageContentSecurityPolicy(STYLE, { frameAncestors: "'none'" });
  app.get<{ Params: { id: string } }>('/t/:id', { schema: { hide: true } }, async (request, reply) => {
    let track: Awaited<ReturnType<TracksService['getTrack']>>;
    try {
      track = await deps.tracks.getTrack(viewerOf(request), request.params.id);
    } catch (error) {
      // A browser gets a page; an API client (JSON or no Accept) the same problem+json as /v1.
      if (error instanceof AppError && error.code === 'not_found' && prefersHtml(request)) {
        return sendNotFoundPage(reply);
      }
      throw error;
    }
    // Only the owner's view says the visibility; anyone else reads a track that is not private.
    const visibility = 'visibility' in track ? track.visibility : 'public';
    const image = shareImageUrl(deps.publicUrl, track.id);
    const facts = track.music
      ? [track.music.genre, `${track.music.bpm} bpm`, track.music.key, track.music.time_signature]
          .filter(Boolean)
          .join(' · ')
      : '';
    const description = truncate(`${facts ? `${facts}. ` : ''}“${track.prompt}”`, 200);
    // Social sites fetch these themselves, so they are absolute (PUBLIC_URL); the page's own
    // player and image take paths, so they load from whatever origin the page was opened on (CSP 'self').
    const meta: Array<[string, string]> = [
      ['og:type', 'music.song'],
      ['og:site_name', 'Trackforge'],
      ['og:title', track.title],
      ['og:description', description],
      ['og:url', track.urls.share],
      ['og:image', image],
      ['og:image:type', 'image/png'],
      ['og:image:width', String(SHARE_CARD_WIDTH_PX)],
      ['og:image:height', String(SHARE_CARD_HEIGHT_PX)],
      ['og:image:alt', `${track.title}: cover art, title and musical facts`],
      ['music:duration', String(Math.round(track.duration_seconds))],
    ];
    if (track.audio) meta.push(['og:audio', track.urls.audio], ['og:audio:type', 'audio/mpeg']);
    const twitter: Array<[string, string]> = [
      ['twitter:card', 'summary_large_image'],
      ['twitter:title', track.title],
      ['twitter:description', description],
      ['twitter:image', image],
      ['twitter:image:alt', `${track.title}: cover art, title and musical facts`],
    ];
    const tags = [
      ...meta.map(([property, content]) => `<meta property="${property}" content="${escapeHtml(content)}">`),
      ...twitter.map(([name, content]) => `<meta name="${name}" content="${escapeHtml(content)}">`),
    ].join('\n  ');
    const music = facts ? `<p>${escapeHtml(facts)}</p>` : '';
    // the words of a sung track, by section, as the listener hears them
    const lyrics = track.music?.lyrics?.length
      ? `<h2>Lyrics</h2>\n    ${lyricsHtml(track.music.lyrics)}`
      : '';
    // The public view has no status: audio is filled in once the track is ready.
    const player = track.audio
      ? `<audio controls preload="metadata" src="${escapeHtml(new URL(track.urls.audio).pathname)}" aria-label="Play ${escapeHtml(track.title)}"></audio>`
      : '<p>No audio yet: the track is still being made (reload in a moment), or it failed.</p>';
    const title = escapeHtml(track.title);
    // oEmbed discovery: chat apps and CMSs that speak oEmbed embed the player (never a private track).
    const embeddable = visibility !== 'private';
    const discovery = embeddable
      ? `<link rel="alternate" type="application/json+oembed" href="${escapeHtml(oEmbedUrl(deps.publicUrl, track.urls.share))}" title="${title}">`
      : '';
    const embedCode = embeddable
      ? `<p>Embed this player on a web page: <code>${escapeHtml(embedIframeHtml(deps.publicUrl, track.id, track.title))}</code></p>`
      : '';
    const html = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${title} — Trackforge</title>
  <meta name="description" content="${escapeHtml(description)}">
  <link rel="canonical" href="${escapeHtml(track.urls.share)}">
  ${discovery}
  ${tags}
  <style>${STYLE}</style>
</head>
<body>
  <main>
    <img src="${escapeHtml(new URL(track.urls.cover).pathname)}" width="600" height="600" alt="Cover art of ${title}">
    <h1>${title}</h1>
    <p>“${escapeHtml(track.prompt)}” · ${Math.round(track.duration_seconds)} s</p>
    ${music}
    ${player}
    ${lyrics}
    ${embedCode}
    <p><a href="/studio">Make your own track in the Trackforge studio</a></p>
  </main>
</body>
</html>
`;
    // The page of a track still rendering gains its player once it is ready: revalidated until then.
    setTrackCaching(reply, deps.edgeCache, { id: track.id, visibility }, Boolean(track.audio));
    return reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', contentSecurityPolicy)
      .send(html);
  });
}

function lyricsHtml(lines: readonly { text: string; section: string }[]): string {
  const blocks: string[] = [];
  lines.forEach((line, index) => {
    if (index === 0 || lines[index - 1]!.section !== line.section)
      blocks.push(`<h3>${escapeHtml(line.section)}</h3>`, '<p>');
    else blocks.push('<br>');
    blocks.push(escapeHtml(line.text));
    if (index === lines.length - 1 || lines[index + 1]!.section !== line.section) blocks.push('</p>');
  });
  return blocks.join('');
}

function truncate(text: string, characters: number): string {
  const chars = [...text];
  return chars.length <= characters ? text : `${chars.slice(0, characters - 1).join('')}…`;
}
