// GET /_dev/mail: the dev mailbox as a JSON array, newest first. Never registered in production, where
// /_dev/* therefore answers 404; in development it answers only clients on this machine (the
// mailbox holds sign-in links), others get the same 404.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import { isLoopbackRequest } from '../http/loopback.js';
import type { DevMailbox } from './dev-mailbox.js';

const StoredMailSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  created_at: z.string(),
});

export function registerDevMailRoutes(app: FastifyInstance, deps: { mailbox: DevMailbox | null }): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/_dev/mail',
    {
      schema: {
        hide: true,
        response: { 200: z.array(StoredMailSchema) },
      },
    },
    async (request) => {
      if (!isLoopbackRequest(request)) {
        throw new AppError('not_found', 'No route GET /_dev/mail. See /docs for the API reference.');
      }
      return deps.mailbox?.list() ?? [];
    },
  );
}
