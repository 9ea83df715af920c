// Magic-link tokens, browser sessions and sign-in rate-limit counters. Secrets are stored only as
// SHA-256 hashes (hex), so a leaked table cannot sign anyone in.
import type { Selectable } from 'kysely';

export type MagicLinkPurpose = 'sign_in' | 'sign_up';

export interface MagicLinkTable {
  id: string;
  email: string;
  token_hash: string;
  purpose: MagicLinkPurpose;
  name: string | null;
  redirect_to: string | null;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
}

export interface SessionTable {
  id: string;
  token_hash: string;
  user_id: string;
  workspace_id: string;
  created_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
}

export interface AuthRateLimitTable {
  key: string;
  window_start: Date;
  count: number;
}

export type MagicLinkRow = Selectable<MagicLinkTable>;
export type SessionRow = Selectable<SessionTable>;

// These tables join the one interface Kysely sees by declaration merging (as Fastify's decorators
// do), so platform/database/schema.ts names no feature.
declare module '../../../platform/database/schema.js' {
  interface Database {
    magic_link: MagicLinkTable;
    session: SessionTable;
    auth_rate_limit: AuthRateLimitTable;
  }
}
