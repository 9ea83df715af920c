// Each workspace's event signing secret: created on first use, rotated on request. WebSocket frames
// and per-track webhook_url deliveries are signed with it (endpoints have their own secrets).
import type { Db } from '../../platform/database/create-database.js';
import type { Clock } from '../../platform/shared/clock.js';
import { generateSigningSecret } from './event-signing.js';
import {
  findSigningSecret,
  insertSigningSecretIfMissing,
  upsertSigningSecret,
} from './signing-secret.repository.js';

export type SigningSecretService = ReturnType<typeof createSigningSecretService>;

export function createSigningSecretService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  return {
    async getSigningSecret(workspaceId: string): Promise<string> {
      const existing = await findSigningSecret(db, workspaceId);
      if (existing) return existing;
      await insertSigningSecretIfMissing(db, {
        workspace_id: workspaceId,
        secret: generateSigningSecret(),
        created_at: clock.now(),
      });
      const secret = await findSigningSecret(db, workspaceId);
      if (!secret) throw new Error(`signing secret for ${workspaceId} vanished`);
      return secret;
    },

    /** Replaces the secret at once; frames signed before keep their old signature. */
    async rotateSigningSecret(workspaceId: string): Promise<string> {
      const secret = generateSigningSecret();
      await upsertSigningSecret(db, { workspace_id: workspaceId, secret, created_at: clock.now() });
      return secret;
    },
  };
}
