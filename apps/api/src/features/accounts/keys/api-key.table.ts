// API keys: only the SHA-256 of the secret part is stored; the full key is shown once at creation.
import type { Selectable } from 'kysely';

export type ApiKeyMode = 'live' | 'test';

export interface ApiKeyTable {
  id: string;
  workspace_id: string;
  created_by: string | null;
  name: string;
  mode: ApiKeyMode;
  secret_hash: string;
  last_four: string;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

export type ApiKeyRow = Selectable<ApiKeyTable>;

// These tables join the one interface Kysely sees by declaration merging (as Fastify's decorators
// do), so platform/database/schema.ts names no feature.
declare module '../../../platform/database/schema.js' {
  interface Database {
    api_key: ApiKeyTable;
  }
}
