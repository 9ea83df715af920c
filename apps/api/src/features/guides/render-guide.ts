// Markdown of docs/ as an HTML page. The files are written to read well on GitHub too, so links
// between them are relative .md paths; here they become the served paths.
import { Marked, type Tokens } from 'marked';

/** One served page: its path and the markdown file it comes from (relative to docs/). */
export interface GuidePage {
  path: string;
  file: string;
  title: string;
}

/** The guide set, in reading order; /docs/guides lists them. */
export const GUIDE_PAGES: readonly GuidePage[] = [
  { path: '/docs/guides/quickstart', file: 'guides/quickstart.md', title: 'Quickstart' },
  {
    path: '/docs/guides/concepts',
    file: 'guides/concepts.md',
    title: 'Concepts: tracks, credits, events, voices',
  },
  { path: '/docs/guides/musical-control', file: 'guides/musical-control.md', title: 'Musical control' },
  { path: '/docs/guides/vocals', file: 'guides/vocals.md', title: 'Vocals: lyrics and singers' },
  { path: '/docs/guides/webhooks', file: 'guides/webhooks.md', title: 'Webhooks and events' },
  { path: '/docs/guides/sharing', file: 'guides/sharing.md', title: 'Sharing and embedding' },
  { path: '/docs/guides/sdks', file: 'guides/sdks.md', title: 'The SDKs' },
  { path: '/docs/guides/cli', file: 'guides/cli.md', title: 'The command line' },
  { path: '/docs/guides/operating', file: 'guides/operating.md', title: 'Operating the service' },
  { path: '/docs/guides/deploy', file: 'DEPLOY.md', title: 'Deploying' },
  { path: '/docs/guides/benchmarks', file: 'guides/benchmarks.md', title: 'Benchmarks' },
  { path: '/docs/errors', file: 'errors.md', title: 'Error codes' },
];

/** `../errors.md#x` seen from `guides/sdks.md` → `/docs/errors#x`; other links are left alone. */
export function servedHref(href: string, fromFile: string): string {
  if (/^[a-z]+:|^\/|^#/.test(href)) return href;
  const [target = '', anchor] = href.split('#');
  if (!target.endsWith('.md')) return href;
  const path = new URL(target, `file:///docs/${fromFile}`).pathname;
  const page = GUIDE_PAGES.find((candidate) => `/docs/${candidate.file}` === path);
  // A file the server does not serve (a package's README) is named by its path in the repository.
  if (!page) return `repository:${path.slice(1)}`;
  return anchor ? `${page.path}#${anchor}` : page.path;
}

/** A heading's anchor as GitHub makes it: lower case, spaces to dashes, punctuation dropped. */
export function headingId(text: string): string {
  return text
    .toLowerCase()
    .replace(/<[^>]+>/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .trim()
    .replace(/\s/g, '-');
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The body of one page, as HTML. Error-table rows get their code as an id (`/docs/errors#not_found`). */
export function renderMarkdown(markdown: string, fromFile: string): string {
  const marked = new Marked({
    gfm: true,
    walkTokens(token) {
      if (token.type === 'link')
        (token as Tokens.Link).href = servedHref((token as Tokens.Link).href, fromFile);
    },
    renderer: {
      link({ href, tokens }) {
        const text = this.parser.parseInline(tokens);
        if (href.startsWith('repository:')) {
          const path = `<code>${escapeHtml(href.slice(11))}</code>`;
          return text === href.slice(11)
            ? `${path} (in the repository)`
            : `${text} (${path} in the repository)`;
        }
        return `<a href="${escapeHtml(href)}">${text}</a>`;
      },
      heading({ tokens, depth, text }) {
        return `<h${depth} id="${headingId(text)}">${this.parser.parseInline(tokens)}</h${depth}>\n`;
      },
    },
  });
  const html = marked.parse(markdown, { async: false });
  // The first cell of a row that is one code (`validation_failed`) is that row's anchor.
  return html.replace(/<tr>\n<td><code>([a-z_]+)<\/code><\/td>/g, '<tr id="$1">\n<td><code>$1</code></td>');
}

const STYLE = `body{font:16px/1.55 system-ui,sans-serif;margin:0;color:#1d1d1f;background:#fff}
main{max-width:52rem;margin:0 auto;padding:1.5rem 1.25rem 4rem}nav{background:#111;color:#eee;padding:.6rem 1.25rem;font-size:.9rem}
nav a{color:#eee;margin-right:1rem}pre{background:#f4f4f6;padding:.8rem;overflow:auto;border-radius:6px}
code{font:.88em ui-monospace,monospace}table{border-collapse:collapse;display:block;overflow:auto}
td,th{border:1px solid #ddd;padding:.3rem .5rem;vertical-align:top}tr:target{background:#fff6cc}`;

/** A whole page around a rendered body, with links to the other guides. */
export function guideDocument(title: string, bodyHtml: string): string {
  const links = [
    '<a href="/docs/guides">Guides</a>',
    '<a href="/docs">API reference</a>',
    '<a href="/docs/errors">Errors</a>',
    '<a href="/studio">Studio</a>',
  ].join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)} · Trackforge</title><style>${STYLE}</style></head>
<body><nav>${links}</nav><main>${bodyHtml}</main></body></html>`;
}

/** The index page of /docs/guides. */
export function guideIndexHtml(): string {
  const items = GUIDE_PAGES.map(
    (page) => `<li><a href="${page.path}">${escapeHtml(page.title)}</a></li>`,
  ).join('');
  return `<h1>Trackforge guides</h1><p>Start with the quickstart; the <a href="/docs">API reference</a> has every operation and field.</p><ul>${items}</ul>`;
}
