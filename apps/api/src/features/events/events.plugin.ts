// The events feature's HTTP surface under /v1: the event list, the WebSocket of signed events, the
// workspace's signing secret and the webhook endpoints (webhooks/).
import type { FastifyInstance } from 'fastify';
import { registerContractRows } from '../../platform/http/openapi-contract.js';
import type { Clock } from '../../platform/shared/clock.js';
import type { EventHub } from './event-hub.js';
import { EVENTS_CONTRACT } from './events.contract.js';
import { registerEventRoutes } from './events.routes.js';
import type { EventsService } from './events.service.js';
import type { OpenSocketCount } from './job-socket.js';
import { registerJobSocketRoutes } from './job-socket.routes.js';
import type { SigningSecretService } from './signing-secret.service.js';
import { registerWebhookEndpointRoutes } from './webhooks/webhook-endpoints.routes.js';
import type { WebhookEndpointsService } from './webhooks/webhook-endpoints.service.js';
import { registerWorkspaceSecretRoutes, type WorkspaceSecretDeps } from './workspace-secret.routes.js';

export interface EventsPluginOptions {
  events: EventsService;
  hub: EventHub;
  signingSecrets: SigningSecretService;
  webhookEndpoints: WebhookEndpointsService;
  openSockets: OpenSocketCount;
  clock: Clock;
  publicUrl: string;
  pingIntervalMs: number;
  allowedOrigins: string[];
  /** The workspace GET /v1/workspace describes, from the accounts feature (through the root). */
  findWorkspace: WorkspaceSecretDeps['findWorkspace'];
  onError: (error: unknown) => void;
}

export async function eventsPlugin(app: FastifyInstance, options: EventsPluginOptions): Promise<void> {
  registerContractRows(app, EVENTS_CONTRACT);
  registerEventRoutes(app, { events: options.events, publicUrl: options.publicUrl });
  registerJobSocketRoutes(app, {
    hub: options.hub,
    openSockets: options.openSockets,
    events: options.events,
    signingSecrets: options.signingSecrets,
    clock: options.clock,
    pingIntervalMs: options.pingIntervalMs,
    allowedOrigins: options.allowedOrigins,
    onError: options.onError,
  });
  registerWorkspaceSecretRoutes(app, {
    signingSecrets: options.signingSecrets,
    findWorkspace: options.findWorkspace,
  });
  registerWebhookEndpointRoutes(app, { endpoints: options.webhookEndpoints, publicUrl: options.publicUrl });
}
