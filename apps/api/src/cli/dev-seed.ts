// Development only: on an empty database, a demo user (demo@trackforge.local) on the Studio plan
// with 100 credits and an API key, printed once so a fresh clone can call the API at once.

import type { Services } from '../compose.js';
import type { Config } from '../config.js';

export const DEMO_EMAIL = 'demo@trackforge.local';
const DEMO_CREDITS = 100;

/** Creates the demo account when it does not exist; returns the new key, or null when nothing was done. */
export async function seedDemoAccount(
  config: Pick<Config, 'NODE_ENV'>,
  services: Pick<Services, 'auth' | 'credits'>,
): Promise<{ apiKey: string; workspaceId: string } | null> {
  if (config.NODE_ENV === 'production') return null;
  const { user, workspace, created } = await services.auth.accounts.findOrCreateUser(DEMO_EMAIL, {
    name: 'Demo',
    plan: 'studio',
  });
  if (!created) return null;
  await services.credits.grantCredits({
    workspaceId: workspace.id,
    amount: DEMO_CREDITS,
    kind: 'grant',
    sourceKey: `dev-seed:${workspace.id}`,
    description: 'demo credits (development)',
  });
  const { secret } = await services.auth.apiKeys.createApiKey(
    { workspaceId: workspace.id, plan: 'studio', userId: user.id },
    { name: 'demo key' },
  );
  return { apiKey: secret, workspaceId: workspace.id };
}

/** The lines `npm start` prints for a new demo account. */
export function demoAccountBanner(apiKey: string, baseUrl: string): string {
  return [
    `Demo account ${DEMO_EMAIL} (Studio plan, ${DEMO_CREDITS} credits) created.`,
    `API key: ${apiKey}`,
    `curl -X POST ${baseUrl}/v1/tracks -H "Authorization: Bearer ${apiKey}" -H "Content-Type: application/json" -d '{"prompt":"mellow lofi piano","duration":"short"}'`,
  ].join('\n');
}

/**
 * What a start that prints no key says instead: a key's secret is stored hashed, so the demo key
 * cannot be shown again, but the operator channel can make another while the server runs.
 */
export function apiKeyHint(config: Pick<Config, 'NODE_ENV'>): string {
  const email = config.NODE_ENV === 'production' ? '<email>' : DEMO_EMAIL;
  return `API key: make one with  npm run admin -- create-key ${email}  (the account needs the Studio or Enterprise plan)`;
}
