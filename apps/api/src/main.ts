// Process entry: `serve` (default), `worker`, `migrate`, `admin …`.
import { admin } from './cli/admin.js';
import { migrate } from './cli/migrate.js';
import { serve } from './cli/serve.js';
import { worker } from './cli/worker.js';
import { DataDirLockedError } from './database/data-dir-lock.js';
import { loadConfigOrExit } from './runtime.js';

const USAGE = `usage: trackforge <command>
  serve      run the API and in-process workers (default)
  worker     run generation workers only (no HTTP)
  migrate    apply database migrations and exit
  admin      operator commands (see: admin help)`;

const [command = 'serve', ...args] = process.argv.slice(2);
const config = loadConfigOrExit(process.env);

try {
  await run();
} catch (error) {
  // serve or worker on a DATA_DIR another process owns: one line, not a stack trace.
  if (!(error instanceof DataDirLockedError)) throw error;
  process.stderr.write(`trackforge ${command}: ${error.message}\n`);
  process.exit(1);
}

async function run(): Promise<void> {
  switch (command) {
    case 'serve':
      await serve(config);
      break;
    case 'migrate':
      await migrate(config);
      break;
    case 'worker':
      await worker(config);
      break;
    case 'admin':
      await admin(config, args);
      break;
    case 'help':
    case '--help':
      process.stdout.write(`${USAGE}\n`);
      break;
    default:
      process.stderr.write(
        `unknown command "${command}" ${args.length ? `(${args.join(' ')})` : ''}\n${USAGE}\n`,
      );
      process.exit(2);
  }
}
