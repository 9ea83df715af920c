// `worker`: generation only, no HTTP. Run as many as the machine has cores for; they share the
// queue through Postgres (SKIP LOCKED), so any number can run beside any number of API nodes.
// SIGTERM drains: no new claims, running jobs finish or are handed back (WORKER_DRAIN_SECONDS).

import { composeServices } from '../compose.js';
import type { Config } from '../config.js';
import { systemClock } from '../platform/shared/clock.js';
import { openRuntime } from '../runtime.js';

export async function worker(config: Config): Promise<void> {
  if (!config.DATABASE_URL) {
    process.stderr.write(
      'trackforge worker: set DATABASE_URL — the embedded database belongs to one process, so embedded mode runs its workers inside `serve` (WORKERS).\n',
    );
    process.exit(78);
  }
  const runtime = await openRuntime(config);
  const services = await composeServices(config, { db: runtime.database, clock: systemClock });
  await services.start({
    generation: {
      threads: Math.max(1, config.WORKERS),
      onError: (error) =>
        process.stderr.write(`generation worker error: ${(error as Error).stack ?? error}\n`),
    },
  });
  process.stdout.write(
    `trackforge worker: ${Math.max(1, config.WORKERS)} generation thread(s), ${config.ENGINE_BANK} sound bank, database ${runtime.database.kind}\n`,
  );
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    // Jobs in flight may finish (their leases kept alive by heartbeats) for WORKER_DRAIN_SECONDS;
    // whatever is still running then goes back to the queue, due at once for another worker.
    process.stdout.write(
      `${signal}: draining, running jobs may finish within ${config.WORKER_DRAIN_SECONDS} s, then go back to the queue\n`,
    );
    await services.stop({ finishWithinMs: config.WORKER_DRAIN_SECONDS * 1000 });
    process.stdout.write('drained\n');
    await runtime.database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}
