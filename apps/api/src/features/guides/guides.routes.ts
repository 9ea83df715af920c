// GET /docs/guides, /docs/guides/{name} and /docs/errors: the guides in docs/ rendered to HTML by
// the server, so the docs a newcomer reads come with the service they run (and a problem's `type`
// link answers). Each page is read and rendered on its first request, then kept.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { GUIDE_PAGES, guideDocument, guideIndexHtml, renderMarkdown } from './render-guide.js';

export interface GuideRoutesDeps {
  /** The repository's docs/ folder. */
  docsDir: string;
}

export function registerGuideRoutes(app: FastifyInstance, deps: GuideRoutesDeps): void {
  const rendered = new Map<string, Promise<string>>();
  const render = (file: string, title: string) => {
    let page = rendered.get(file);
    if (!page) {
      page = readFile(join(deps.docsDir, file), 'utf8').then((markdown) =>
        guideDocument(title, renderMarkdown(markdown, file)),
      );
      page.catch(() => rendered.delete(file)); // a missing file is tried again next time
      rendered.set(file, page);
    }
    return page;
  };
  const html = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'public, max-age=300' };

  app.get('/docs/guides', { schema: { hide: true } }, async (_request, reply) =>
    reply.headers(html).send(guideDocument('Guides', guideIndexHtml())),
  );
  for (const page of GUIDE_PAGES) {
    app.get(page.path, { schema: { hide: true } }, async (_request, reply) =>
      reply.headers(html).send(await render(page.file, page.title)),
    );
  }
}
