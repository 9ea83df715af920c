// GET /t/{id}: the page a track's `urls.share` points to. Anyone may open it for a public or
// unlisted track (the owner's workspace also for a private one); everyone else gets the same 404 as
// the API, so a private track's existence is never revealed. The page shows only what the public
// representation holds (title, prompt, music, audio) and plays the audio from the API.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TracksService, Viewer } from './track.service.js';

export interface TrackSharePageDeps {
  tracks: Pick<TracksService, 'getTrack'>;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!);
}

function viewerOf(request: FastifyRequest): Viewer {
  return request.auth ? { workspaceId: request.auth.workspaceId, userId: request.auth.userId } : null;
}

export function registerTrackSharePage(app: FastifyInstance, deps: TrackSharePageDeps): void {
  app.get<{ Params: { id: string } }>('/t/:id', { schema: { hide: true } }, async (request, reply) => {
    const track = await deps.tracks.getTrack(viewerOf(request), request.params.id);
    const title = escapeHtml(track.title);
    const music = track.music
      ? `<p>${escapeHtml([track.music.genre, `${track.music.bpm} bpm`, track.music.key, track.music.time_signature].filter(Boolean).join(' · '))}</p>`
      : '';
    // The public view has no status: audio is filled in once the track is ready. The player takes
    // the path only, so it plays from whatever origin the page was opened on (CSP media-src 'self').
    const player = track.audio
      ? `<audio controls preload="metadata" src="${escapeHtml(new URL(track.urls.audio).pathname)}"></audio>`
      : '<p>No audio yet: the track is still being made (reload in a moment), or it failed.</p>';
    const html = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${title} — Trackforge</title>
  <meta property="og:title" content="${title}">
  <style>body{font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#222}audio{width:100%}</style>
</head>
<body>
  <h1>${title}</h1>
  <p>“${escapeHtml(track.prompt)}” · ${track.duration_seconds} s</p>
  ${music}
  ${player}
</body>
</html>
`;
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  });
}
