// Every migration, in order. Listed explicitly (no folder scan) so the same list runs under tsx,
// in tests and in production. Append new ones; never edit or renumber a migration that has shipped.
import type { Migration } from 'kysely/migration';
import * as m0001 from './0001_foundation.js';

export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
};
