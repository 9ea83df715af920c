// The whole database as Kysely sees it. Only `app_meta` is declared here; every folder that owns
// tables (platform/jobs, platform/idempotency, each feature) adds them to `Database` from its own
// x.table.ts (a `declare module` block at the end, merged by TypeScript as Fastify's decorators
// are), so database/ imports no folder above it and platform/ never imports a feature, not even a
// type. A repository imports its own x.table.ts, so a program that queries a table always holds
// its declaration. Which tables exist is the migrations' word (migrations/); these are their row types.
import type { Generated } from 'kysely';

export interface AppMetaTable {
  key: string;
  value: unknown;
  updated_at: Generated<Date>;
}

export interface Database {
  app_meta: AppMetaTable;
}
