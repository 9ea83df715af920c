// Creating, listing, revoking and checking API keys. Keys act for their workspace; creating them
// needs a plan that carries the API (Studio or Enterprise), and a workspace holds at most its
// plan's number of live keys (they share one request budget: http/rate-limit.ts).

import { AppError } from '../../../errors.js';
import { type Db, transaction } from '../../../platform/database/create-database.js';
import { lockWorkspace } from '../../../platform/database/workspace-lock.js';
import type { AuthContext, Plan } from '../../../platform/http/auth-context.js';
import { type AuthRevocation, announceRevocation } from '../../../platform/http/auth-revocations.js';
import type { Clock } from '../../../platform/shared/clock.js';
import { newId } from '../../../platform/shared/ids.js';
import { fetchKeysetPage, type Page, type PageQuery } from '../../../platform/shared/keyset-page.js';
import { assertUnderPlanCap, type PlanCaps } from '../../../platform/shared/plan-caps.js';
import { hexDigestsEqual, randomSecret, sha256Hex } from '../../../platform/shared/secrets.js';
import * as repository from './api-key.repository.js';
import type { ApiKeyMode, ApiKeyRow } from './api-key.table.js';
import { API_PLANS, formatApiKey, parseApiKey } from './api-key-format.js';

export { API_PLANS } from './api-key-format.js';

// last_used_at is for people ("used 3 minutes ago"); one write per key per minute is plenty.
const TOUCH_INTERVAL_MS = 60_000;

export type ApiKeyService = ReturnType<typeof createApiKeyService>;

const PLAN_REQUIRED_DETAIL =
  'API keys come with the Studio and Enterprise plans. Upgrade with POST /v1/billing/checkout.';

export function createApiKeyService({
  db,
  clock,
  liveKeysPerWorkspace,
  onBackgroundError = () => {},
  onRevoked = () => {},
}: {
  db: Db;
  clock: Clock;
  /** The most live keys a workspace may hold, by plan (billing-catalogue.ts WORKSPACE_CAPS). */
  liveKeysPerWorkspace: PlanCaps;
  onBackgroundError?: (error: unknown) => void;
  /** This process's auth-context cache forgets the key before the revoke is answered. */
  onRevoked?: (revocation: AuthRevocation) => void;
}) {
  const pending = new Set<Promise<void>>();

  function touchLater(id: string, usedAt: Date): void {
    const write = repository
      .touchApiKey(db, id, usedAt)
      .catch(onBackgroundError)
      .finally(() => pending.delete(write));
    pending.add(write);
  }

  return {
    liveKeysPerWorkspace,

    /** Mints a key for the workspace; the returned `secret` is the only time the full key exists. */
    async createApiKey(
      workspace: { workspaceId: string; plan: Plan; userId: string | null },
      options: { name: string; mode?: ApiKeyMode },
    ): Promise<{ key: ApiKeyRow; secret: string }> {
      if (!API_PLANS.includes(workspace.plan)) {
        throw new AppError('plan_required', PLAN_REQUIRED_DETAIL, { required_plan: 'studio' });
      }
      const id = newId('key');
      const mode = options.mode ?? 'live';
      const secretPart = randomSecret();
      const secret = formatApiKey(mode, id, secretPart);
      const key: ApiKeyRow = {
        id,
        workspace_id: workspace.workspaceId,
        created_by: workspace.userId,
        name: options.name,
        mode,
        secret_hash: sha256Hex(secretPart),
        last_four: secret.slice(-4),
        created_at: clock.now(),
        last_used_at: null,
        revoked_at: null,
      };
      await transaction(db, async (tx) => {
        // The plan as stored now (the caller's may be a few seconds old), with the workspace locked.
        const workspaceNow = await lockWorkspace(tx, workspace.workspaceId);
        if (!workspaceNow) throw new Error(`workspace ${workspace.workspaceId} does not exist`);
        if (!API_PLANS.includes(workspaceNow.plan)) {
          throw new AppError('plan_required', PLAN_REQUIRED_DETAIL, { required_plan: 'studio' });
        }
        assertUnderPlanCap({
          plan: workspaceNow.plan,
          caps: liveKeysPerWorkspace,
          held: await repository.countLiveApiKeys(tx, workspace.workspaceId),
          things: 'live API keys',
          freeOne: 'revoke one you no longer use (DELETE /v1/api-keys/{id})',
        });
        await repository.insertApiKey(tx, key);
      });
      return { key, secret };
    },

    listApiKeys(workspaceId: string, query: PageQuery): Promise<Page<ApiKeyRow>> {
      return fetchKeysetPage(
        query,
        (range) => repository.listApiKeys(db, workspaceId, range),
        (id) => repository.findApiKeyPosition(db, workspaceId, id),
      );
    },

    /** One live key of the workspace (never its secret); 404 for an unknown, foreign or revoked key. */
    async getApiKey(workspaceId: string, id: string): Promise<ApiKeyRow> {
      const key = await repository.findLiveWorkspaceApiKey(db, workspaceId, id);
      if (!key) throw new AppError('not_found', `No API key ${id} in this workspace.`, { param: 'id' });
      return key;
    },

    /** Revokes the key at once; 404 when the workspace has no such live key. */
    async revokeApiKey(workspaceId: string, id: string): Promise<void> {
      if (!(await repository.revokeApiKey(db, workspaceId, id, clock.now()))) {
        throw new AppError('not_found', `No API key ${id} in this workspace.`, { param: 'id' });
      }
      onRevoked({ apiKeyId: id });
      // Other API processes forget it when the notification arrives (or after the cache's TTL).
      await announceRevocation(db, { apiKeyId: id });
    },

    /**
     * The identity a presented key carries, or null when it is malformed, unknown, revoked or
     * wrong. Malformed keys and bad checksums are refused before any database read.
     */
    async authenticateApiKey(text: string): Promise<AuthContext | null> {
      const parsed = parseApiKey(text);
      if (!parsed) return null;
      const row = await repository.findActiveApiKey(db, parsed.keyId);
      if (!row || row.mode !== parsed.mode) return null;
      if (!hexDigestsEqual(sha256Hex(parsed.secret), row.secret_hash)) return null;
      const now = clock.now();
      if (!row.last_used_at || now.getTime() - row.last_used_at.getTime() >= TOUCH_INTERVAL_MS) {
        touchLater(row.id, now);
      }
      return {
        workspaceId: row.workspace_id,
        userId: null,
        method: 'api_key',
        sessionId: null,
        apiKeyId: row.id,
        plan: row.plan,
      };
    },

    /** Waits for background last_used_at writes (shutdown and tests). */
    async flush(): Promise<void> {
      await Promise.all([...pending]);
    },
  };
}
