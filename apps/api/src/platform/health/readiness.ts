// What /readyz checks, each with a deadline so a dependency that hangs (a black-holed S3 endpoint)
// answers "not ready" in time for the load balancer's probe instead of never.
import type { DatabaseHandle } from '../database/create-database.js';
import { pingDatabase } from '../database/create-database.js';
import { pendingMigrations } from '../database/migrate.js';
import type { Storage } from '../storage/storage.js';
import type { Drain } from './drain.js';

export type CheckName = 'database' | 'migrations' | 'storage' | 'draining';

export interface Readiness {
  ready: boolean;
  /** One line per failing check, naming it and how to fix it. */
  failures: { check: CheckName; detail: string }[];
}

const DEFAULT_CHECK_TIMEOUT_MS = 2_000;

/** A key no file is ever written to: listing under it only proves the store answers. */
const STORAGE_PROBE_PREFIX = 'readyz-probe/';

export async function checkReadiness(deps: {
  database: DatabaseHandle;
  storage?: Storage;
  drain?: Drain;
  checkTimeoutMs?: number;
}): Promise<Readiness> {
  const timeoutMs = deps.checkTimeoutMs ?? DEFAULT_CHECK_TIMEOUT_MS;
  const failures: Readiness['failures'] = [];
  if (deps.drain?.draining) {
    failures.push({
      check: 'draining',
      detail: 'the node is shutting down (SIGTERM); send traffic elsewhere',
    });
  }
  const [database, storage] = await Promise.all([
    withDeadline(checkDatabase(deps.database), timeoutMs, 'database'),
    deps.storage ? withDeadline(checkStorage(deps.storage), timeoutMs, 'storage') : Promise.resolve([]),
  ]);
  failures.push(...database, ...storage);
  return { ready: failures.length === 0, failures };
}

async function checkDatabase(database: DatabaseHandle): Promise<Readiness['failures']> {
  if (!(await pingDatabase(database.db))) {
    return [{ check: 'database', detail: 'the database does not answer' }];
  }
  const pending = await pendingMigrations(database.db);
  if (pending.length > 0) {
    return [
      {
        check: 'migrations',
        detail: `migrations not applied yet: ${pending.join(', ')}; run \`npm run migrate\``,
      },
    ];
  }
  return [];
}

async function checkStorage(storage: Storage): Promise<Readiness['failures']> {
  try {
    for await (const _ of storage.list(STORAGE_PROBE_PREFIX)) break;
    return [];
  } catch (error) {
    const reason = (error as { name?: string; message?: string }).message ?? String(error);
    return [{ check: 'storage', detail: `the ${storage.kind} file store failed: ${reason}` }];
  }
}

async function withDeadline(
  work: Promise<Readiness['failures']>,
  timeoutMs: number,
  check: 'database' | 'storage',
): Promise<Readiness['failures']> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<Readiness['failures']>((resolve) => {
    timer = setTimeout(() => {
      const what = check === 'database' ? 'the database' : 'the file store';
      resolve([{ check, detail: `${what} did not answer within ${timeoutMs} ms` }]);
    }, timeoutMs);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
