// `migrate`: apply pending migrations and exit. While a server owns the embedded database, that
// server answers instead: it applied every migration it knows when it started.
import type { Config } from '../config.js';
import { type OperatorAnswer, runOnDatabaseOwner } from './operator-channel.js';

/** The running server's answer to `migrate`. */
export function migratedByServerAnswer(kind: string): OperatorAnswer {
  return {
    exitCode: 0,
    stdout: `migrations applied (${kind}, by the running server ${process.pid} when it started)\n`,
    stderr: '',
  };
}

export async function migrate(config: Config): Promise<void> {
  await runOnDatabaseOwner(config, { command: 'migrate', args: [] }, async (runtime) => ({
    exitCode: 0,
    stdout: `migrations applied (${runtime.database.kind})\n`,
    stderr: '',
  }));
}
