// Process entry: `serve` (default), `worker`, `migrate`, `admin …`.
import { admin } from './cli/admin.js';
import { migrate } from './cli/migrate.js';
import { serve } from './cli/serve.js';
import { worker } from './cli/worker.js';
import { DataDirLockedError } from './platform/database/data-dir-lock.js';
import { DataDirPermissionError } from './platform/shared/private-directory.js';
import { loadConfigOrExit } from './runtime.js';

const USAGE = `usage: trackforge <command>
  serve      run the API and in-process workers (default)
  worker     run generation workers only (no HTTP)
  migrate    apply database migrations and exit
  admin      operator commands (see: admin help)`;

const [command = 'serve', ...args] = process.argv.slice(2);
const config = loadConfigOrExit(process.env);
// Everything this process writes (the embedded database, secrets, track files) is for its own user
// alone, whatever umask the shell or container started it with: folders 0700, files 0600.
process.umask(0o077);

try {
  await run();
} catch (error) {
  // a DATA_DIR another process owns, or one this user cannot make private: one line, not a stack trace.
  if (!(error instanceof DataDirLockedError || error instanceof DataDirPermissionError)) throw error;
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
