// Serves the studio's static pages under /studio (for now the placeholder and the magic-link
// callback page). The files are read from a directory passed in, never imported as code.
import { readFile } from 'node:fs/promises';
import { join, normalize } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.js';

const PAGES: Record<string, string> = {
  '/studio': 'index.html',
  '/studio/': 'index.html',
  '/studio/auth/callback': 'auth/callback.html',
};

export function registerStudioRoutes(app: FastifyInstance, deps: { studioDir: string }): void {
  for (const [url, file] of Object.entries(PAGES)) {
    app.get(url, { schema: { hide: true } }, async (_request, reply) => {
      const path = normalize(join(deps.studioDir, file));
      const html = await readFile(path, 'utf8').catch(() => {
        throw new AppError('not_found', `The studio page ${url} is not available on this server.`);
      });
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
    });
  }
}
