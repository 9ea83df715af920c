// The whole database as Kysely sees it. platform/ declares its own tables here; each feature adds
// its tables to `Database` from its own x.table.ts (a `declare module` block at the end, merged by
// TypeScript as Fastify's decorators are), so platform/ never imports a feature, not even a type.
// Which tables exist is the migrations' word (migrations/); these are their row types.
import type { Generated } from 'kysely';
import type { IdempotencyRecordTable } from '../idempotency/idempotency.table.js';
import type { JobTable } from '../jobs/job.table.js';

export interface AppMetaTable {
  key: string;
  value: unknown;
  updated_at: Generated<Date>;
}

export interface Database {
  app_meta: AppMetaTable;
  job: JobTable;
  idempotency_record: IdempotencyRecordTable;
}
