// `migrate`: apply pending migrations and exit.
import type { Config } from '../config.js';
import { openRuntime } from '../runtime.js';

export async function migrate(config: Config): Promise<void> {
  const runtime = await openRuntime(config);
  process.stdout.write(`migrations applied (${runtime.database.kind})\n`);
  await runtime.database.close();
}
