// Signed-in test accounts built through the app's own services (no SQL shortcuts, none built
// here): a user with a personal workspace on the given plan, a live session, an access token and —
// on plans that carry the API — an API key.
import { randomBytes } from 'node:crypto';
import { API_PLANS } from '../../src/features/accounts/keys/api-key.service.js';
import type { Plan } from '../../src/platform/http/auth-context.js';
import type { TestApp } from './app.js';

export interface TestAccount {
  userId: string;
  workspaceId: string;
  email: string;
  accessToken: string;
  /** A live API key; null on the Free plan, which cannot have keys. */
  apiKey: string | null;
  /** Authorization header with the access token. */
  headers: { authorization: string };
  apiKeyHeaders: { authorization: string } | null;
  /** The session cookie value, for cookie-authenticated requests (`cookies: { tf_session }`). */
  sessionCookie: string;
}

/** Creates a user + workspace (default plan: studio) and signs them in. */
export async function createTestAccount(
  t: TestApp,
  options: { plan?: Plan; email?: string } = {},
): Promise<TestAccount> {
  const { accounts, sessions, accessTokens, apiKeys } = t.services.auth;
  const plan = options.plan ?? 'studio';
  const email = options.email ?? `user-${randomBytes(6).toString('hex')}@example.com`;
  const { user, workspace } = await accounts.findOrCreateUser(email, { name: 'Test User' });
  await accounts.setWorkspacePlan(workspace.id, plan);
  const { sessionId, cookieValue } = await sessions.createSession(user.id, workspace.id);
  const accessToken = await accessTokens.sign({ userId: user.id, workspaceId: workspace.id, sessionId });
  let apiKey: string | null = null;
  if (API_PLANS.includes(plan)) {
    ({ secret: apiKey } = await apiKeys.createApiKey(
      { workspaceId: workspace.id, plan, userId: user.id },
      { name: 'test key' },
    ));
  }
  return {
    userId: user.id,
    workspaceId: workspace.id,
    email: user.email,
    accessToken,
    apiKey,
    headers: { authorization: `Bearer ${accessToken}` },
    apiKeyHeaders: apiKey ? { authorization: `Bearer ${apiKey}` } : null,
    sessionCookie: cookieValue,
  };
}
