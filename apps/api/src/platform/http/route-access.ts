// Who may call each route, enforced from the contract rows that document it (each feature's
// <name>.contract.ts, registered in app.operationContracts):
// before the Idempotency-Key plugin looks for a stored answer, so a replay passes the same
// authorization as the request that made it (issue 29: an API key replayed a user's POST
// /v1/api-keys and got the new key's secret). Handlers still call requireAuth / requireUser for the
// caller's identity; this hook makes the check happen first, whatever the handler does later.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAuth, requireUser } from './auth-context.js';
import type { Access } from './openapi-contract.js';

/** "/v1/tracks/:id" → "/v1/tracks/{id}", the path as the OpenAPI document (and the table) writes it. */
function documentedPath(routeUrl: string): string {
  return routeUrl.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/** The declared access of the route a request reached; undefined for routes no row lists. */
export function accessOf(request: FastifyRequest): Access | undefined {
  const url = request.routeOptions.url;
  if (url === undefined) return undefined;
  // Fastify answers HEAD with the GET route.
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  return request.server.operationContracts.find(`${method} ${documentedPath(url)}`)?.access;
}

/** Refuses a caller the route's declared access does not admit (401 / 403); register before idempotency. */
export function registerRouteAccess(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    const access = accessOf(request);
    if (access === 'workspace') requireAuth(request);
    else if (access === 'user') requireUser(request);
  });
}
