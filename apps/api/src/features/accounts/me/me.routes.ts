// GET /v1/me: who the credential is — the user (null for API keys), the workspace with its plan
// and credits, and how the caller authenticated.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../errors.js';
import { requireAuth } from '../../../platform/http/auth-context.js';
import { toUserJson, toWorkspaceJson, UserSchema, WorkspaceSchema } from '../account.schemas.js';
import type { AuthServices } from '../auth/auth-services.js';

const SubscriptionSchema = z
  .object({
    status: z
      .string()
      .nullable()
      .describe('Stripe subscription status (active, past_due, canceled…); null when none.'),
    price: z.string().nullable().describe('Catalogue key of the subscribed plan, e.g. studio_monthly.'),
    current_period_end: z.iso.datetime().nullable(),
  })
  .describe('The workspace subscription as last reported by Stripe.');

export interface BillingSummary {
  subscriptionStatus: string | null;
  subscriptionPrice: string | null;
  currentPeriodEnd: Date | null;
}

const MeSchema = z.object({
  object: z.literal('me'),
  user: UserSchema.nullable().describe('The signed-in user; null when an API key calls.'),
  workspace: WorkspaceSchema.extend({ subscription: SubscriptionSchema }),
  auth_method: z.enum(['api_key', 'access_token', 'session']),
});

export function registerMeRoutes(
  app: FastifyInstance,
  deps: { auth: AuthServices; getBillingSummary: (workspaceId: string) => Promise<BillingSummary> },
): void {
  const { accounts, getCreditBalance } = deps.auth;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/me',
    {
      schema: {
        tags: ['account'],
        summary: 'Get the caller',
        description: 'The caller: user, workspace (plan, credits) and authentication method.',
        response: { 200: MeSchema },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const [workspace, user, credits, billing] = await Promise.all([
        accounts.findWorkspaceById(auth.workspaceId),
        auth.userId ? accounts.findUserById(auth.userId) : Promise.resolve(undefined),
        getCreditBalance(auth.workspaceId),
        deps.getBillingSummary(auth.workspaceId),
      ]);
      if (!workspace) throw new AppError('unauthenticated', 'This credential’s workspace no longer exists.');
      return {
        object: 'me' as const,
        user: user ? toUserJson(user) : null,
        workspace: {
          ...toWorkspaceJson(workspace, credits),
          subscription: {
            status: billing.subscriptionStatus,
            price: billing.subscriptionPrice,
            current_period_end: billing.currentPeriodEnd?.toISOString() ?? null,
          },
        },
        auth_method: auth.method,
      };
    },
  );
}
