// Serves the built studio (apps/studio/dist): `/` and every /studio/* page answer index.html (the
// single-page app routes in the browser, so deep links and reloads work); /studio/assets/* are the
// build's content-hashed files, cached for a year. Files are read from a directory passed in,
// never imported as code.
import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../../errors.js';

const ASSET_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json; charset=utf-8',
};
// Hashed names only: a plain file name without dots or slashes, so nothing outside assets/ is reachable.
const ASSET_NAME = /^[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*\.[a-z0-9]+$/;
const ONE_YEAR_SECONDS = 31_536_000;

export function registerStudioRoutes(
  app: FastifyInstance,
  deps: { studioDir: string; contentSecurityPolicy: string },
): void {
  const sendIndex = async (reply: FastifyReply) => {
    const html = await readFile(join(deps.studioDir, 'index.html'), 'utf8').catch(() => {
      throw new AppError(
        'unavailable',
        'The studio is not built on this server: run `npm ci` (or `npm run build -w apps/studio`) and restart.',
      );
    });
    // The page names the current hashed assets, so it is revalidated on every visit.
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('content-security-policy', deps.contentSecurityPolicy)
      .send(html);
  };
  const page = { schema: { hide: true } };
  app.get('/', page, async (_request, reply) => sendIndex(reply));
  app.get('/studio', page, async (_request, reply) => sendIndex(reply));
  app.get('/studio/*', page, async (request, reply) => {
    const rest = (request.params as { '*': string })['*'];
    if (!rest.startsWith('assets/')) return sendIndex(reply);
    const name = rest.slice('assets/'.length);
    const type = ASSET_TYPES[extname(name)];
    if (!ASSET_NAME.test(name) || !type) {
      throw new AppError('not_found', `The studio has no file ${request.url}.`);
    }
    const body = await readFile(join(deps.studioDir, 'assets', name)).catch(() => {
      throw new AppError(
        'not_found',
        `The studio has no file ${request.url}; reload the page for the current build.`,
      );
    });
    return reply
      .type(type)
      .header('cache-control', `public, max-age=${ONE_YEAR_SECONDS}, immutable`)
      .send(body);
  });
}
