// Optional Trackforge-Version request header (YYYY-MM-DD); the response echoes the version used.
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.js';
import { API_VERSION } from './openapi.js';

const VERSION_FORMAT = /^\d{4}-\d{2}-\d{2}$/;

export function registerVersionHeader(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const asked = request.headers['trackforge-version'];
    reply.header('trackforge-version', API_VERSION);
    if (asked === undefined) return;
    if (typeof asked !== 'string' || !VERSION_FORMAT.test(asked)) {
      throw new AppError(
        'validation_failed',
        `Trackforge-Version must look like ${API_VERSION} (YYYY-MM-DD).`,
        {
          param: 'Trackforge-Version',
        },
      );
    }
  });
}
