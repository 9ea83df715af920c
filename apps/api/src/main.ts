// Process entry: `serve` (default), `worker`, `migrate`, `admin …`.
import { admin } from './cli/admin.js';
import { migrate } from './cli/migrate.js';
import { serve } from './cli/serve.js';
import { worker } from './cli/worker.js';
import { loadConfigOrExit } from './runtime.js';

const USAGE = `usage: trackforge <command>
  serve      run the API and in-process workers (default)
  worker     run generation workers only (no HTTP)
  migrate    apply database migrations and exit
  admin      operator commands (see: admin help)`;

const [command = 'serve', ...args] = process.argv.slice(2);
const config = loadConfigOrExit(process.env);

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
