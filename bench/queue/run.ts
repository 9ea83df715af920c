import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import PgBoss from 'pg-boss';
import { createDatabase } from '../../apps/api/src/platform/database/create-database.js';
import { migrateToLatest } from '../../apps/api/src/platform/database/migrate.js';
import { claimJob, insertJob, markJobDone } from '../../apps/api/src/platform/jobs/job.repository.js';
import { type EmbeddedPostgres, startEmbeddedPostgres } from '../shared/embedded-postgres.js';

const { values } = parseArgs({ options: { jobs: { type: 'string', default: '300' } } });
const JOBS = Number(values.jobs);

interface QueueUnderTest {
  enqueue(n: number): Promise<void>;
  /** Claims one job and completes it; false when none was left. */
  claimAndComplete(): Promise<boolean>;
  close(): Promise<void>;
}

interface Figures {
  enqueuePerSecond: number;
  claimCompletePerSecond: number;
  meanMs: number;
  p95Ms: number;
}

async function measure(queue: QueueUnderTest): Promise<Figures> {
  const enqueueStart = performance.now();
  for (let i = 0; i < JOBS; i += 1) await queue.enqueue(i);
  const enqueueMs = performance.now() - enqueueStart;
  const latencies: number[] = [];
  const runStart = performance.now();
  for (;;) {
    const start = performance.now();
    if (!(await queue.claimAndComplete())) break;
    latencies.push(performance.now() - start);
  }
  const runMs = performance.now() - runStart;
  if (latencies.length !== JOBS) throw new Error(`completed ${latencies.length} of ${JOBS} jobs`);
  latencies.sort((a, b) => a - b);
  return {
    enqueuePerSecond: (JOBS / enqueueMs) * 1000,
    claimCompletePerSecond: (JOBS / runMs) * 1000,
    meanMs: latencies.reduce((sum, ms) => sum + ms, 0) / latencies.length,
    p95Ms: latencies[Math.floor(latencies.length * 0.95)]!,
  };
}

async function ownQueue(kind: 'pglite' | 'postgres', url?: string): Promise<QueueUnderTest> {
  const database = await createDatabase(
    kind === 'pglite' ? { kind, dataDir: null } : { kind, url: url!, poolSize: 4 },
  );
  await migrateToLatest(database.db);
  await database.db.deleteFrom('job').where('queue', '=', 'bench').execute();
  return {
    async enqueue(n) {
      await insertJob(database.db, { queue: 'bench', payload: { n }, maxAttempts: 3, now: new Date() });
    },
    async claimAndComplete() {
      const job = await claimJob(database.db, {
        queue: 'bench',
        workerId: 'w',
        now: new Date(),
        leaseMs: 60_000,
      });
      if (!job) return false;
      await markJobDone(database.db, {
        jobId: job.id,
        workerId: 'w',
        attempt: job.attempts,
        now: new Date(),
      });
      return true;
    },
    close: () => database.close(),
  };
}

async function pgBoss(kind: 'pglite' | 'postgres', url?: string): Promise<QueueUnderTest> {
  let pglite: PGlite | undefined;
  let boss: PgBoss;
  if (kind === 'pglite') {
    const db = await PGlite.create();
    pglite = db;
    // pg-boss runs its multi-statement migrations without parameters: those go through exec.
    boss = new PgBoss({
      db: {
        async executeSql(text: string, params?: unknown[]) {
          if (params && params.length > 0) return db.query(text, params);
          return (await db.exec(text)).at(-1) ?? { rows: [] };
        },
      },
      supervise: false,
      schedule: false,
    });
  } else {
    boss = new PgBoss({ connectionString: url!, max: 4, supervise: false, schedule: false });
  }
  boss.on('error', (error) => process.stderr.write(`pg-boss: ${error}\n`));
  await boss.start();
  await boss.deleteQueue('bench').catch(() => {});
  await boss.createQueue('bench');
  return {
    async enqueue(n) {
      await boss.send('bench', { n });
    },
    async claimAndComplete() {
      const [job] = await boss.fetch('bench', { batchSize: 1 });
      if (!job) return false;
      await boss.complete('bench', job.id);
      return true;
    },
    async close() {
      await boss.stop({ graceful: false, wait: true });
      await pglite?.close();
    },
  };
}

async function startPostgres(): Promise<EmbeddedPostgres | undefined> {
  if (process.env.TEST_DATABASE_URL) return { url: process.env.TEST_DATABASE_URL, stop: async () => {} };
  try {
    return await startEmbeddedPostgres(55000 + Math.floor(Math.random() * 1000));
  } catch (error) {
    process.stdout.write(`PostgreSQL did not start (${(error as Error).message}); PGlite only\n`);
    return undefined;
  }
}

function line(name: string, figures: Figures): string {
  return `  ${name.padEnd(8)} enqueue ${figures.enqueuePerSecond.toFixed(0).padStart(6)} jobs/s   claim+complete ${figures.claimCompletePerSecond.toFixed(0).padStart(6)} jobs/s   round trip mean ${figures.meanMs.toFixed(2)} ms, p95 ${figures.p95Ms.toFixed(2)} ms`;
}

const postgres = await startPostgres();
process.stdout.write(`queue bench: ${JOBS} jobs, one worker, load average ${loadavg()[0]!.toFixed(2)}\n`);
for (const kind of postgres ? (['pglite', 'postgres'] as const) : (['pglite'] as const)) {
  const own = await ownQueue(kind, postgres?.url);
  const ownFigures = await measure(own);
  await own.close();
  const boss = await pgBoss(kind, postgres?.url);
  const bossFigures = await measure(boss);
  await boss.close();
  process.stdout.write(`${kind}\n${line('own', ownFigures)}\n${line('pg-boss', bossFigures)}\n`);
  process.stdout.write(
    `  ratio own/pg-boss: enqueue ×${(ownFigures.enqueuePerSecond / bossFigures.enqueuePerSecond).toFixed(2)}, claim+complete ×${(ownFigures.claimCompletePerSecond / bossFigures.claimCompletePerSecond).toFixed(2)}\n`,
  );
}
await postgres?.stop();
