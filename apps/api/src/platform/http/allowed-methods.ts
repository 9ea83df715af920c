// Which methods a path answers, for 405 method_not_allowed with an `Allow` header: Fastify's router
// answers an unknown method on a known path as not found, so the not-found handler asks here.
import type { FastifyInstance } from 'fastify';

interface RoutePattern {
  url: string;
  pattern: RegExp;
  methods: Set<string>;
}

/** `/v1/tracks/:id/audio` → a RegExp matching concrete paths; `*` matches the rest of the path. */
function compile(url: string): RegExp {
  const source = url
    .split(/(:[A-Za-z0-9_]+(?:\([^)]*\))?|\*)/)
    .map((part) => {
      if (part === '*') return '.*';
      if (part.startsWith(':')) return '[^/]+';
      return part.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return new RegExp(`^${source}$`);
}

/** Records every route as it is added; returns the lookup (sorted method names, [] when none). */
export function createAllowedMethods(app: FastifyInstance): (path: string) => string[] {
  const byUrl = new Map<string, RoutePattern>();
  app.addHook('onRoute', (route) => {
    // A catch-all (CORS preflight's `OPTIONS *`) says nothing about which paths exist.
    if (route.url === '*' || route.url === '/*') return;
    const entry = byUrl.get(route.url) ?? { url: route.url, pattern: compile(route.url), methods: new Set() };
    for (const method of [route.method].flat()) entry.methods.add(method);
    byUrl.set(route.url, entry);
  });
  return (path) => {
    const methods = new Set<string>();
    for (const entry of byUrl.values()) {
      if (entry.pattern.test(path)) for (const method of entry.methods) methods.add(method);
    }
    return [...methods].sort();
  };
}
