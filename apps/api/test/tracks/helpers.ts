// Shared setup for track suites: an app, funded accounts and a create call.
import { createCreditsService } from '../../src/credits/credit.service.js';
import { newId } from '../../src/shared/ids.js';
import type { TestAccount } from '../helpers/accounts.js';
import type { TestApp } from '../helpers/app.js';

export async function fund(t: TestApp, workspaceId: string, amount: number): Promise<void> {
  const credits = createCreditsService({ db: t.database.db, clock: t.clock });
  await credits.grantCredits({ workspaceId, amount, kind: 'adjust', sourceKey: newId('evt') });
}

export function balanceOf(t: TestApp, workspaceId: string) {
  return createCreditsService({ db: t.database.db, clock: t.clock }).getCreditBalance(workspaceId);
}

export function createTrack(
  t: TestApp,
  account: TestAccount,
  body: Record<string, unknown> = { prompt: 'lofi beat for studying', duration: '6s' },
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method: 'POST',
    url: '/v1/tracks',
    headers: { ...account.headers, ...headers },
    payload: body,
  });
}
