// What the server-rendered public pages (the share page, the embed, their 404) have in common:
// HTML escaping, a Content-Security-Policy that runs no script and admits the page's one inline
// style by its hash, and the choice between an HTML page and problem+json for a failure.
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!);
}

/**
 * The page's policy: images and audio from this origin, its one style by hash, nothing else.
 * `frameAncestors` is `'none'` everywhere but the embed, which any site may frame.
 */
export function publicPageContentSecurityPolicy(
  style: string,
  { frameAncestors }: { frameAncestors: "'none'" | '*' },
): string {
  const styleHash = createHash('sha256').update(style).digest('base64');
  return [
    "default-src 'none'",
    "script-src 'none'",
    `style-src 'sha256-${styleHash}'`,
    "img-src 'self'",
    "media-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');
}

/**
 * Whether a failure should be answered as a page: the client asks for HTML (a browser's Accept
 * names text/html) at least as strongly as for JSON. No Accept, `*\/*` or a JSON type keeps
 * problem+json, so API clients, scripts and tests read the same error as from /v1.
 */
export function prefersHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept;
  if (!accept) return false;
  let htmlQuality = 0;
  let jsonQuality = 0;
  for (const part of accept.split(',')) {
    const [type = '', ...parameters] = part.trim().toLowerCase().split(';');
    const qualityParameter = parameters.map((parameter) => parameter.trim()).find((p) => p.startsWith('q='));
    const quality = qualityParameter ? Number(qualityParameter.slice(2)) || 0 : 1;
    if (type === 'text/html' || type === 'application/xhtml+xml')
      htmlQuality = Math.max(htmlQuality, quality);
    if (type === 'application/json' || type === 'application/problem+json')
      jsonQuality = Math.max(jsonQuality, quality);
  }
  return htmlQuality > 0 && htmlQuality >= jsonQuality;
}

/**
 * Drops helmet's `X-Frame-Options: DENY` (set on the raw response for every answer): the page's
 * own CSP says `frame-ancestors *`, which browsers obey over it, but an old one honours only this.
 */
export function allowFramingByAnySite(reply: FastifyReply): void {
  reply.raw.removeHeader('x-frame-options');
  reply.removeHeader('x-frame-options');
}

const NOT_FOUND_STYLE =
  'body{font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem;color:#222;overflow-wrap:anywhere}a{color:#1746a2}';
const NOT_FOUND_POLICY = publicPageContentSecurityPolicy(NOT_FOUND_STYLE, { frameAncestors: "'none'" });
// The embed's 404 shows inside the other site's frame, where a refusal to be framed would show nothing.
const FRAMED_NOT_FOUND_POLICY = publicPageContentSecurityPolicy(NOT_FOUND_STYLE, { frameAncestors: '*' });

/**
 * The 404 a browser sees for a private, deleted or unknown track: the same status and the same
 * words for all three, so the page reveals no more than the API's problem+json does.
 */
export function sendNotFoundPage(reply: FastifyReply, { framed = false }: { framed?: boolean } = {}) {
  const html = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="robots" content="noindex">
  <title>Track not found — Trackforge</title>
  <style>${NOT_FOUND_STYLE}</style>
</head>
<body>
  <main>
    <h1>This track is not here</h1>
    <p>It may be private, deleted, or the link may be mistyped. Ask whoever shared it for a new link.</p>
    <p><a href="/"${framed ? ' target="_blank" rel="noopener"' : ''}>Trackforge: make music from a sentence</a></p>
  </main>
</body>
</html>
`;
  if (framed) allowFramingByAnySite(reply);
  return reply
    .code(404)
    .type('text/html; charset=utf-8')
    .header('content-security-policy', framed ? FRAMED_NOT_FOUND_POLICY : NOT_FOUND_POLICY)
    .header('vary', 'Accept')
    .send(html);
}
