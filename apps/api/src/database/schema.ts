// The whole database as Kysely sees it: each feature declares its tables in its own x.table.ts
// and this interface joins them.
import type { Generated } from 'kysely';

export interface AppMetaTable {
  key: string;
  value: unknown;
  updated_at: Generated<Date>;
}

export interface Database {
  app_meta: AppMetaTable;
}
