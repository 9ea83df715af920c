// Who is calling: set on every request by the authentication hook (auth/authenticate.ts), read
// by every feature's routes through requireAuth / requireUser. Request-level infrastructure, so
// features depend on it without depending on auth/; nothing here parses credentials.
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';
import type { Plan } from '../shared/plan.js';

// Re-exported: the features read the plan off request.auth and name its type from here.
export type { Plan };
export type AuthMethod = 'api_key' | 'access_token' | 'session';

export interface AuthContext {
  workspaceId: string;
  /** The signed-in user; null for API keys (they act for their workspace). */
  userId: string | null;
  method: AuthMethod;
  sessionId: string | null;
  apiKeyId: string | null;
  plan: Plan;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/** The caller's identity, or 401 unauthenticated. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) {
    throw new AppError(
      'unauthenticated',
      'Send Authorization: Bearer <API key or access token>, or sign in (POST /v1/auth/magic-link).',
    );
  }
  return request.auth;
}

/** Like requireAuth, but only a signed-in user (session or access token) will do: API keys get 403. */
export function requireUser(request: FastifyRequest): AuthContext & { userId: string } {
  const auth = requireAuth(request);
  if (auth.method === 'api_key' || auth.userId === null) {
    throw new AppError(
      'forbidden',
      'This route needs a signed-in user (session or access token), not an API key.',
    );
  }
  return auth as AuthContext & { userId: string };
}

/**
 * The credential's owner, for records that must answer only whoever made them (idempotent
 * replays): the API key itself, or the signed-in user whichever session or token they use.
 */
export function principalOf(auth: AuthContext): string {
  return auth.method === 'api_key' ? `api_key:${auth.apiKeyId}` : `user:${auth.userId}`;
}
