// /v1/auth/*: magic-link sign-up and sign-in, verification (access token + session cookie),
// sign-out. The request routes answer the same 202 whether or not the email has an account.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../../config.js';
import { requireUser } from '../../../platform/http/auth-context.js';
import { toUserJson, toWorkspaceJson } from '../account.schemas.js';
import {
  MagicLinkBodySchema,
  SentSchema,
  SignupBodySchema,
  VerifyQuerySchema,
  VerifyResponseSchema,
} from './auth.schemas.js';
import type { AuthServices } from './auth-services.js';
import { clearSessionCookie, setSessionCookie } from './authenticate.js';

export function registerAuthRoutes(app: FastifyInstance, deps: { config: Config; auth: AuthServices }): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { magicLinks, sessions, getCreditBalance } = deps.auth;

  routes.post(
    '/auth/signup',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign up',
        description: 'Sign up: mail a link that creates the account (or signs in if it exists).',
        body: SignupBodySchema,
        response: { 202: SentSchema },
      },
    },
    async (request, reply) => {
      const { email, name, redirect_to } = request.body;
      await magicLinks.requestLink({
        intent: 'sign_up',
        email,
        name,
        redirectTo: redirect_to,
        ip: request.ip,
      });
      return reply.code(202).send({ status: 'sent' as const });
    },
  );

  routes.post(
    '/auth/magic-link',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in',
        description: 'Sign in: mail a one-time sign-in link.',
        body: MagicLinkBodySchema,
        response: { 202: SentSchema },
      },
    },
    async (request, reply) => {
      const { email, redirect_to } = request.body;
      await magicLinks.requestLink({ intent: 'sign_in', email, redirectTo: redirect_to, ip: request.ip });
      return reply.code(202).send({ status: 'sent' as const });
    },
  );

  routes.get(
    '/auth/verify',
    {
      schema: {
        tags: ['auth'],
        summary: 'Verify a sign-in link',
        description: 'Spend a magic-link token: returns an access token and sets the session cookie.',
        querystring: VerifyQuerySchema,
        response: { 200: VerifyResponseSchema },
      },
    },
    async (request, reply) => {
      const result = await magicLinks.verify(request.query.token);
      setSessionCookie(reply, deps.config, result.cookieValue);
      reply.header('cache-control', 'no-store');
      return {
        access_token: result.accessToken,
        token_type: 'Bearer' as const,
        expires_in: result.expiresInSeconds,
        user: toUserJson(result.user),
        workspace: toWorkspaceJson(result.workspace, await getCreditBalance(result.workspace.id)),
        redirect_to: result.redirectTo,
      };
    },
  );

  routes.post(
    '/auth/signout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign out',
        description: 'End the session: its cookie and access tokens stop working at once.',
        response: { 204: z.null().describe('Signed out') },
      },
    },
    async (request, reply) => {
      const auth = requireUser(request);
      if (auth.sessionId) await sessions.revokeSession(auth.sessionId);
      clearSessionCookie(reply, deps.config);
      return reply.code(204).send(null);
    },
  );
}
