// Writes the OpenAPI document generated from the route schemas to the repo root (openapi.json).
// With --check, fails when the checked-in file differs from what the code generates (CI).
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../src/app.js';
import { composeServices } from '../src/compose.js';
import { loadConfig } from '../src/config.js';
import { createDatabase } from '../src/platform/database/create-database.js';
import { migrateToLatest } from '../src/platform/database/migrate.js';

const target = fileURLToPath(new URL('../../../openapi.json', import.meta.url));
const config = loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'openapi-generation-only-secret-0000000' });
const database = await createDatabase({ kind: 'pglite', dataDir: null });
await migrateToLatest(database.db);
// The routes alone describe the API: nothing is started.
const services = await composeServices(config, { db: database });
const app = await buildApp({ services });
await app.ready();
const generated = `${JSON.stringify(app.swagger(), null, 2)}\n`;
await app.close();
await services.stop();
await database.close();

if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(target, 'utf8');
  } catch {}
  if (current !== generated) {
    process.stderr.write('openapi.json is out of date: run `npm run openapi` and commit the result.\n');
    process.exit(1);
  }
  process.stdout.write('openapi.json is up to date\n');
} else {
  writeFileSync(target, generated);
  process.stdout.write(`wrote ${target}\n`);
}
