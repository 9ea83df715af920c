// Browser-facing protections for every answer: helmet's headers (nosniff, no framing, HSTS only
// when the public URL is https, a CSP the /docs reference and the studio pages work under) and
// CORS for ALLOWED_ORIGINS (preflights answered; credentials only for those origins).
import fastifyCors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../../config.js';

// Every answer's policy: same-origin only, no inline script or style. Pages that need more say so
// with their own (the studio's below, /docs', the share page's in tracks/track-share-page.ts).
const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  mediaSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/**
 * The studio's pages (studio/studio.routes.ts) load only the build's own files: no inline script or
 * style, audio and images from this origin (blob:/data: for what the page draws itself), and the
 * API and its WebSocket on this origin.
 */
const STUDIO_DIRECTIVES = {
  'default-src': "'self'",
  'script-src': "'self'",
  'style-src': "'self'",
  'img-src': "'self' data: blob:",
  'font-src': "'self'",
  'connect-src': "'self'",
  'media-src': "'self' blob:",
  'object-src': "'none'",
  'base-uri': "'self'",
  'form-action': "'self'",
  'frame-ancestors': "'none'",
};

const serialize = (directives: Record<string, string>) =>
  Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources}`)
    .join('; ');

export const STUDIO_CONTENT_SECURITY_POLICY = serialize(STUDIO_DIRECTIVES);

/**
 * The Scalar reference at /docs boots from an inline script and inline styles, which it does not
 * hash; only its answers carry 'unsafe-inline'. Otherwise the studio's policy.
 */
export const DOCS_CONTENT_SECURITY_POLICY = serialize({
  ...STUDIO_DIRECTIVES,
  'script-src': "'self' 'unsafe-inline'",
  'style-src': "'self' 'unsafe-inline'",
  'font-src': "'self' data:",
});

export async function registerSecurityHeaders(
  app: FastifyInstance,
  config: Pick<Config, 'PUBLIC_URL' | 'ALLOWED_ORIGINS'>,
): Promise<void> {
  const https = new URL(config.PUBLIC_URL).protocol === 'https:';
  // helmet's middleware is built once here: @fastify/helmet built it again for every request
  // (parsing the CSP directives each time, about 3 % of a read's CPU on PostgreSQL).
  const applyHelmet = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    frameguard: { action: 'deny' },
    // HSTS over plain http would pin a development host to https it does not serve.
    hsts: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // Public tracks' audio may be played by <audio> on other sites.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    applyHelmet(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
  await app.register(fastifyCors, {
    origin: config.ALLOWED_ORIGINS,
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'],
    allowedHeaders: [
      'Authorization',
      'Content-Type',
      'Idempotency-Key',
      'Prefer',
      'Range',
      'If-None-Match',
      'If-Range',
      'Trackforge-Version',
      'X-Request-Id',
    ],
    exposedHeaders: [
      'X-Request-Id',
      'Idempotent-Replayed',
      'Location',
      'Link',
      'Retry-After',
      // The rate-limit budget (platform/http/rate-limit.ts), both forms: the TypeScript SDK's
      // withResponse().rateLimit reads X-RateLimit-* and a cross-origin page sees only these.
      'X-RateLimit-Limit',
      'X-RateLimit-Remaining',
      'X-RateLimit-Reset',
      'RateLimit',
      'RateLimit-Policy',
      'Trackforge-Version',
      'Preference-Applied',
      'Content-Range',
      'ETag',
    ],
    maxAge: 600,
  });
}
