// GET /_dev/mail: the dev mailbox as a JSON array, newest first. Never registered in production, where
// /_dev/* therefore answers 404.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
    async () => deps.mailbox?.list() ?? [],
  );
}
