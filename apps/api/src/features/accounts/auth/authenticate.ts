// The onRequest hook that sets request.auth from, in order: Authorization: Bearer <API key>,
// Bearer <access token>, or the session cookie. No credential → null (routes decide with
// requireAuth); a Bearer credential that is present but not valid → 401 at once. A stale cookie
// counts as no credential (and is cleared) so a signed-out browser can still reach /auth/*.
// Cookie-authenticated requests that change state must come from an allowed Origin (CSRF).
// Each credential's context is remembered for a few seconds (auth-context-cache.ts: revocations
// reach it at once through NOTIFY); an access token's signature and expiry are checked every time.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../../../config.js';
import { AppError } from '../../../errors.js';
import type { AuthContext } from '../../../platform/http/auth-context.js';
import { sha256Hex } from '../../../platform/shared/secrets.js';
import type { ApiKeyService } from '../keys/api-key.service.js';
import { API_PLANS, looksLikeApiKey } from '../keys/api-key-format.js';
import type { AccessTokens } from './access-token.js';
import { looksLikeJwt } from './access-token.js';
import type { AuthContextCache } from './auth-context-cache.js';
import { SESSION_TTL_SECONDS, type SessionService } from './session.service.js';

const SESSION_COOKIE = 'tf_session';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface AuthenticationDeps {
  config: Config;
  sessions: SessionService;
  apiKeys: ApiKeyService;
  accessTokens: AccessTokens;
  /** Without one, every request reads its credential from the database. */
  contextCache?: AuthContextCache;
}

/** Cookie attributes: Secure everywhere except a plain-http localhost public URL (development). */
function sessionCookieOptions(config: Pick<Config, 'PUBLIC_URL'>) {
  const url = new URL(config.PUBLIC_URL);
  const localHttp = url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: !localHttp };
}

export function setSessionCookie(reply: FastifyReply, config: Config, cookieValue: string): void {
  reply.setCookie(SESSION_COOKIE, cookieValue, {
    ...sessionCookieOptions(config),
    maxAge: SESSION_TTL_SECONDS,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.setCookie(SESSION_COOKIE, '', { ...sessionCookieOptions(config), maxAge: 0 });
}

function unauthenticated(detail: string): AppError {
  return new AppError('unauthenticated', detail, { headers: { 'www-authenticate': 'Bearer' } });
}

/** Installs request.auth for every route; register before the routes. */
export function registerAuthentication(app: FastifyInstance, deps: AuthenticationDeps): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request, reply) => {
    request.auth = null;
    // A route that checks its own bearer (GET /metrics with METRICS_TOKEN) is not ours to parse.
    if ((request.routeOptions.config as { ownCredential?: boolean } | undefined)?.ownCredential) return;
    const header = request.headers.authorization;
    if (header !== undefined) {
      request.auth = await authenticateBearer(header, deps);
      return;
    }
    const cookieValue = request.cookies?.[SESSION_COOKIE];
    if (!cookieValue) return;
    const cacheKey = `cookie:${sha256Hex(cookieValue)}`;
    const cached = deps.contextCache?.get(cacheKey);
    const readAt = deps.contextCache?.generation() ?? 0;
    const found = cached ? undefined : await deps.sessions.findSessionByCookie(cookieValue);
    if (!cached && !found) {
      clearSessionCookie(reply, deps.config);
      return;
    }
    if (!SAFE_METHODS.has(request.method)) {
      const origin = request.headers.origin;
      if (!origin || !deps.config.ALLOWED_ORIGINS.includes(origin)) {
        throw new AppError(
          'forbidden',
          `A request signed in by cookie must carry an allowed Origin header (${deps.config.ALLOWED_ORIGINS.join(', ')}); API clients should send Authorization: Bearer instead.`,
        );
      }
    }
    if (cached) {
      request.auth = cached;
      return;
    }
    if (!found) return;
    if (found.extended) setSessionCookie(reply, deps.config, cookieValue);
    const { session } = found;
    request.auth = {
      workspaceId: session.workspace_id,
      userId: session.user_id,
      method: 'session',
      sessionId: session.id,
      apiKeyId: null,
      plan: session.plan,
    };
    deps.contextCache?.store(cacheKey, request.auth, readAt, session.expires_at);
  });
}

async function authenticateBearer(header: string, deps: AuthenticationDeps): Promise<AuthContext> {
  const match = /^Bearer +(\S+) *$/i.exec(header);
  if (!match) throw unauthenticated('The Authorization header must be "Bearer <API key or access token>".');
  const credential = match[1]!;
  if (looksLikeApiKey(credential)) {
    const auth = await apiKeyContext(credential, deps);
    if (!auth)
      throw unauthenticated('This API key is malformed, unknown or revoked. Create one at /v1/api-keys.');
    if (!API_PLANS.includes(auth.plan)) {
      throw new AppError(
        'plan_required',
        'API access needs the Studio or Enterprise plan; this workspace is on Free.',
        {
          required_plan: 'studio',
        },
      );
    }
    return auth;
  }
  if (looksLikeJwt(credential)) {
    const claims = await deps.accessTokens.verify(credential);
    if (!claims)
      throw unauthenticated('The access token is invalid or expired. Sign in again to get a new one.');
    // Checking the session (remembered until sign-out announces its end) is what makes sign-out
    // end access tokens at once.
    const auth = await accessTokenContext(claims.sessionId, deps);
    if (!auth || auth.userId !== claims.userId || auth.workspaceId !== claims.workspaceId) {
      throw unauthenticated('This access token belongs to a session that has ended. Sign in again.');
    }
    return auth;
  }
  throw unauthenticated('The bearer credential is neither an API key (tf_live_…) nor an access token.');
}

async function apiKeyContext(credential: string, deps: AuthenticationDeps): Promise<AuthContext | null> {
  const cacheKey = `key:${sha256Hex(credential)}`;
  const cached = deps.contextCache?.get(cacheKey);
  if (cached) return cached;
  const readAt = deps.contextCache?.generation() ?? 0;
  const auth = await deps.apiKeys.authenticateApiKey(credential);
  // The plan is checked after the cache, so a Free workspace's key is remembered as refused too.
  if (auth) deps.contextCache?.store(cacheKey, auth, readAt);
  return auth;
}

async function accessTokenContext(sessionId: string, deps: AuthenticationDeps): Promise<AuthContext | null> {
  const cacheKey = `session:${sessionId}`;
  const cached = deps.contextCache?.get(cacheKey);
  if (cached) return cached;
  const readAt = deps.contextCache?.generation() ?? 0;
  const session = await deps.sessions.findActiveSession(sessionId);
  if (!session) return null;
  const auth: AuthContext = {
    workspaceId: session.workspace_id,
    userId: session.user_id,
    method: 'access_token',
    sessionId: session.id,
    apiKeyId: null,
    plan: session.plan,
  };
  deps.contextCache?.store(cacheKey, auth, readAt, session.expires_at);
  return auth;
}
