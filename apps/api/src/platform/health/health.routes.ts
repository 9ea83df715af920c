// Liveness and readiness for load balancers and orchestrators (outside /v1, no auth).
// /healthz: the process answers (restart it if not). /readyz: send it traffic — the database
// answers, every migration is applied, the file store answers and the node is not draining; a 503
// problem+json names each check that fails (`failures`), so an operator reads the cause off the probe.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import type { DatabaseHandle } from '../database/create-database.js';
import { registerContractRows } from '../http/openapi-contract.js';
import type { Storage } from '../storage/storage.js';
import type { Drain } from './drain.js';
import { HEALTH_CONTRACT } from './health.contract.js';
import { checkReadiness } from './readiness.js';

const HealthSchema = z.object({ status: z.literal('ok') });
const ReadySchema = z.object({
  status: z.literal('ready'),
  database: z.enum(['pglite', 'postgres']),
  storage: z.enum(['local', 's3']).optional(),
});

export function registerHealthRoutes(
  app: FastifyInstance,
  deps: { database: DatabaseHandle; storage?: Storage; drain?: Drain; checkTimeoutMs?: number },
): void {
  registerContractRows(app, HEALTH_CONTRACT);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/healthz',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness',
        description: 'The process is up.',
        response: { 200: HealthSchema },
      },
    },
    async () => ({ status: 'ok' as const }),
  );
  routes.get(
    '/readyz',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness',
        description:
          'Ready for traffic: database up, migrations applied, file store up, not draining. A 503 problem+json lists each failing check in `failures` ({check, detail}; check is database, ' +
          'migrations, storage or draining).',
        response: { 200: ReadySchema },
      },
    },
    async (_request, reply) => {
      const readiness = await checkReadiness(deps);
      // Probes must see the state now, never a cached answer.
      reply.header('cache-control', 'no-store');
      if (!readiness.ready) {
        throw new AppError(
          'unavailable',
          `Not ready: ${readiness.failures.map((failure) => `${failure.check} (${failure.detail})`).join('; ')}.`,
          { failures: readiness.failures },
        );
      }
      return {
        status: 'ready' as const,
        database: deps.database.kind,
        ...(deps.storage ? { storage: deps.storage.kind } : {}),
      };
    },
  );
}
