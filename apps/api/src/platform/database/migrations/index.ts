// Every migration, in order. Listed explicitly (no folder scan) so the same list runs under tsx,
// in tests and in production. Append new ones; never edit or renumber a migration that has shipped.
import type { Migration } from 'kysely';
import * as m0001 from './0001_foundation.js';
import * as m0002 from './0002_accounts.js';
import * as m0003 from './0003_tracks.js';
import * as m0004 from './0004_events.js';
import * as m0005 from './0005_voices.js';
import * as m0006 from './0006_billing.js';
import * as m0007 from './0007_durable_queue.js';
import * as m0008 from './0008_studio.js';
import * as m0009 from './0009_track_inputs.js';
import * as m0010 from './0010_track_lineage.js';
import * as m0011 from './0011_track_change_notify.js';
import * as m0012 from './0012_job_fairness_key.js';
import * as m0013 from './0013_idempotency_by_credential.js';

export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_accounts': m0002,
  '0003_tracks': m0003,
  '0004_events': m0004,
  '0005_voices': m0005,
  '0006_billing': m0006,
  '0007_durable_queue': m0007,
  '0008_studio': m0008,
  '0009_track_inputs': m0009,
  '0010_track_lineage': m0010,
  '0011_track_change_notify': m0011,
  '0012_job_fairness_key': m0012,
  '0013_idempotency_by_credential': m0013,
};
