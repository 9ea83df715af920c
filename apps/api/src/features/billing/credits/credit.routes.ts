// GET /v1/credits: the caller's balance, held credits and ledger.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth } from '../../../platform/http/auth-context.js';
import { linkNextPage } from '../../../platform/http/list-page.js';
import { PageQuerySchema } from '../../../platform/shared/keyset-page.js';
import { CreditsSchema, presentCreditEntry } from './credit.schemas.js';
import type { CreditsService } from './credit.service.js';

export function registerCreditRoutes(
  app: FastifyInstance,
  deps: { credits: CreditsService; publicUrl: string },
): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/credits',
    {
      schema: {
        tags: ['credits'],
        summary: 'Credit balance and ledger',
        description: "The workspace's credit balance and ledger entries, newest first.",
        querystring: PageQuerySchema,
        response: { 200: CreditsSchema },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const result = await deps.credits.listCredits(auth.workspaceId, request.query);
      linkNextPage(reply, `${deps.publicUrl}/v1/credits`, request.query, result.entries);
      return {
        object: 'credits' as const,
        balance: result.balance,
        held: result.held,
        entries: {
          object: 'list' as const,
          data: result.entries.data.map(presentCreditEntry),
          has_more: result.entries.has_more,
          next_cursor: result.entries.next_cursor,
        },
      };
    },
  );
}
