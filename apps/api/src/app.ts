// buildApp wires every plugin and feature explicitly (no autoload) from the dependencies it is
// given; main.ts owns listening and shutdown, tests call app.inject.
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { DatabaseHandle } from './database/create-database.js';
import { registerHealthRoutes } from './health/health.routes.js';
import { installErrorHandlers } from './http/error-handler.js';
import { createMetrics, type Metrics, registerMetrics } from './http/metrics.js';
import { registerDocs, registerOpenApi } from './http/openapi.js';
import { requestIdFor } from './http/request-id.js';
import { registerVersionHeader } from './http/version.js';
import type { Clock } from './shared/clock.js';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  clock?: Clock;
  metrics?: Metrics;
  logger?: FastifyServerOptions['logger'];
}

export const BODY_LIMIT_BYTES = 1024 * 1024;

/** Builds the HTTP app; it does not listen. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? false,
    genReqId: requestIdFor,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: deps.config.NODE_ENV === 'production',
    return503OnClosing: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Only JSON bodies are accepted; anything else is 415 (features that need raw bodies,
  // like Stripe webhooks, add their own parser inside their plugin).
  app.removeContentTypeParser('text/plain');
  installErrorHandlers(app);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerVersionHeader(app);

  await registerOpenApi(app, { publicUrl: deps.config.PUBLIC_URL });
  registerMetrics(app, deps.metrics ?? createMetrics({ processMetrics: false }));
  registerHealthRoutes(app, { database: deps.database });

  await registerDocs(app);
  return app;
}
