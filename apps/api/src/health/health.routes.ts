// Liveness and readiness for load balancers and orchestrators (outside /v1, no auth).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DatabaseHandle } from '../database/create-database.js';
import { pingDatabase } from '../database/create-database.js';
import { pendingMigrations } from '../database/migrate.js';
import { AppError } from '../errors.js';

const HealthSchema = z.object({ status: z.literal('ok') });
const ReadySchema = z.object({ status: z.literal('ready'), database: z.enum(['pglite', 'postgres']) });

export function registerHealthRoutes(app: FastifyInstance, deps: { database: DatabaseHandle }): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/healthz',
    { schema: { tags: ['health'], summary: 'The process is up', response: { 200: HealthSchema } } },
    async () => ({ status: 'ok' as const }),
  );
  routes.get(
    '/readyz',
    {
      schema: {
        tags: ['health'],
        summary: 'The database answers and every migration is applied',
        response: { 200: ReadySchema },
      },
    },
    async () => {
      if (!(await pingDatabase(deps.database.db))) {
        throw new AppError('unavailable', 'The database does not answer.');
      }
      const pending = await pendingMigrations(deps.database.db);
      if (pending.length > 0) {
        throw new AppError(
          'unavailable',
          `Migrations not applied yet: ${pending.join(', ')}. Run \`npm run migrate\`.`,
        );
      }
      return { status: 'ready' as const, database: deps.database.kind };
    },
  );
}
