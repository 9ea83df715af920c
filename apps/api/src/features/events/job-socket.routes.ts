// WS /v1/ws/jobs. Authentication and the last_event_id check run before the upgrade, so a refused
// client gets an ordinary problem+json HTTP answer instead of a socket that closes at once.
// Type-only import: it adds the `websocket` route option to Fastify's types.
import type {} from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.js';
import { requireAuth } from '../../platform/http/auth-context.js';
import { JobSocketQuerySchema } from './events.schemas.js';
import type { StoredEvent } from './events.service.js';
import { type JobSocketDeps, runJobSocket } from './job-socket.js';

export function registerJobSocketRoutes(
  app: FastifyInstance,
  deps: JobSocketDeps & { allowedOrigins: string[] },
): void {
  const replayFrom = new WeakMap<FastifyRequest, StoredEvent>();
  // Declared with wsHandler (not `websocket: true`, which hides the route from OpenAPI): a plain GET
  // without the upgrade gets 426 telling the caller what to do.
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'GET',
    url: '/ws/jobs',
    schema: {
      tags: ['events'],
      summary: 'Job events (WebSocket)',
      description:
        'WebSocket of signed job events (upgrade; see API.md "Events"). Connect with a WebSocket client. Frames: first {"type":"hello","workspace_id"}, then ' +
        '{"type":"event","id","timestamp","signature","payload"} signed like Standard Webhooks with the workspace ' +
        'signing secret (GET /v1/workspace). With last_event_id, every later event of the workspace is replayed in ' +
        'order before live ones. Send {"type":"subscribe","track_ids":[…]} to narrow to some tracks ([] for all). ' +
        'The server pings every 30 s. Browsers authenticate with the session cookie from an allowed Origin.',
      querystring: JobSocketQuerySchema,
    },
    preHandler: async (request) => {
      const auth = requireAuth(request);
      // Browsers send cookies on cross-site WebSocket upgrades; only our own origins may use them.
      if (auth.method === 'session') {
        const origin = request.headers.origin;
        if (!origin || !deps.allowedOrigins.includes(origin)) {
          throw new AppError(
            'forbidden',
            `A WebSocket signed in by cookie must come from an allowed Origin (${deps.allowedOrigins.join(', ')}); other clients send Authorization: Bearer.`,
          );
        }
      }
      if (!deps.hub.isListening()) {
        // Until LISTEN is back a new socket could miss live events; the client retries shortly.
        throw new AppError('unavailable', 'The live event feed is reconnecting; retry in a moment.', {
          headers: { 'retry-after': '1' },
        });
      }
      if (deps.openSockets.isFull(auth.workspaceId)) {
        // A half-open socket frees its slot within two ping intervals (job-socket.ts).
        const retryAfterSeconds = Math.ceil((2 * deps.pingIntervalMs) / 1000);
        throw new AppError(
          'rate_limited',
          `This workspace already has ${deps.openSockets.maxPerWorkspace} open WebSockets, the most it may hold; close one (one socket receives every track's events) and connect again.`,
          { retry_after: retryAfterSeconds, headers: { 'retry-after': String(retryAfterSeconds) } },
        );
      }
      const { last_event_id: lastEventId } = request.query;
      if (lastEventId) {
        const after = await deps.events.findEvent(auth.workspaceId, lastEventId);
        if (!after) {
          throw new AppError(
            'validation_failed',
            'last_event_id is not an event of this workspace, or it is older than 30 days; resynchronise with GET /v1/events and reconnect without it.',
            { param: 'last_event_id' },
          );
        }
        replayFrom.set(request, after);
      }
    },
    handler: async () => {
      throw new AppError(
        'upgrade_required',
        'This is a WebSocket endpoint: connect with a WebSocket client (Connection: Upgrade, Upgrade: websocket).',
        { headers: { upgrade: 'websocket' } },
      );
    },
    wsHandler: (socket, request) => {
      const auth = requireAuth(request);
      runJobSocket(
        socket,
        { workspaceId: auth.workspaceId, after: replayFrom.get(request), connection: request.raw.socket },
        deps,
      );
    },
  });
}
