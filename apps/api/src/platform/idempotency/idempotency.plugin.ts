// Idempotency-Key on every POST (API.md "Conventions"), in one place: a route handler never reads
// the header. With a credential, the key is claimed before the handler runs and after the route's
// declared access is checked (http/route-access.ts, registered first), so a replay passes the same
// authorization as the first request (scope: the caller's workspace and credential — the API key,
// or the signed-in user); the same key and request replay the stored answer with
// `Idempotent-Replayed: true`, another request or another credential is 422 and a request still
// running is 409. A 2xx answer is stored when it is sent; any other answer frees the key so a
// corrected retry runs again.
// Routes whose work must never run twice (POST /v1/tracks holds a credit) also store the answer
// inside their own transaction through request.idempotency, so work and answer commit together.
// Anonymous POSTs (sign-up, magic links, Stripe's webhook) have no scope to keep answers apart in,
// so the header is ignored there.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import { principalOf } from '../http/auth-context.js';
import { hashRequest, type IdempotencyScope, type IdempotencyService } from './idempotency.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The claimed Idempotency-Key of this POST, or null (no key, or no credential). */
    idempotency: IdempotencyScope | null;
  }
}

const MAX_KEY_LENGTH = 255;

export const IdempotencyKeyHeaderSchema = z
  .string()
  .min(1)
  .max(MAX_KEY_LENGTH)
  .optional()
  .describe(
    'Any unique string (a UUID, say) to make this POST safe to retry (requests with a credential): the same key and body from the same credential replay the first answer for 24 h with `Idempotent-Replayed: true`; another body or another credential is 422; a request still running is 409.',
  );

function keyOf(request: FastifyRequest): string | undefined {
  const value = request.headers['idempotency-key'];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_KEY_LENGTH) {
    throw new AppError('validation_failed', `Idempotency-Key must be 1–${MAX_KEY_LENGTH} characters.`, {
      param: 'Idempotency-Key',
    });
  }
  return value;
}

function parsePayload(payload: unknown): unknown {
  if (payload === null || payload === undefined || payload === '') return null;
  return typeof payload === 'string' ? JSON.parse(payload) : payload;
}

/** Installs the hooks for every POST route; register after registerRouteAccess and before the routes. */
export function registerIdempotency(app: FastifyInstance, deps: { idempotency: IdempotencyService }): void {
  app.decorateRequest('idempotency', null);

  // Documents (and length-checks) the header on every POST that declares no headers of its own.
  app.addHook('onRoute', (route) => {
    if (route.method !== 'POST' || !route.schema || route.schema.headers) return;
    route.schema.headers = z.looseObject({ 'idempotency-key': IdempotencyKeyHeaderSchema });
  });

  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'POST') return;
    const key = keyOf(request);
    if (key === undefined || !request.auth) return;
    const scope = { workspaceId: request.auth.workspaceId, principal: principalOf(request.auth), key };
    const start = await deps.idempotency.begin(scope, hashRequest('POST', request.url, request.body));
    if (start.kind === 'replay') {
      reply.header('idempotent-replayed', 'true');
      return reply.code(start.status).send(start.body ?? null);
    }
    request.idempotency = scope;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const scope = request.idempotency;
    if (!scope) return payload;
    request.idempotency = null;
    if (reply.statusCode >= 200 && reply.statusCode < 300 && typeof payload !== 'object') {
      await deps.idempotency.store(scope, { status: reply.statusCode, body: parsePayload(payload) });
    } else {
      await deps.idempotency.abandon(scope);
    }
    return payload;
  });
}
