// Real processes on one DATA_DIR: the embedded database has exactly one owner, and operator
// commands reach it through the running server instead of opening a private copy.
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { DEMO_EMAIL } from '../../src/cli/dev-seed.js';
import { acquireDataDirLock, DataDirLockedError } from '../../src/platform/database/data-dir-lock.js';
import { MAIN_PATH, serveEnv, waitForServePort } from '../helpers/serve-process.js';

/** Runs `main.ts …args` to completion. */
function run(
  dataDir: string,
  args: string[],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN_PATH, ...args], {
    env: serveEnv(dataDir),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

/**
 * Starts `serve` and resolves with its port once it listens, and the demo API key it prints after
 * that on a first start (later starts cannot show that key again: they say how to make one).
 */
async function startServer(
  dataDir: string,
  firstStart: boolean,
): Promise<{ child: ChildProcess; port: number; apiKey: string; output: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN_PATH, 'serve'], {
    env: serveEnv(dataDir),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  servers.push(child);
  const keyPattern = /API key: (tf_live_\S+)\n/;
  const { port, output } = await waitForServePort(child, (printed) =>
    (firstStart ? keyPattern : /create-key/).test(printed),
  );
  return { child, port, apiKey: keyPattern.exec(output())?.[1] ?? '', output };
}

const servers: ChildProcess[] = [];

async function creditBalance(port: number, apiKey: string): Promise<number> {
  const me = await fetch(`http://127.0.0.1:${port}/v1/me`, {
    headers: { authorization: `Bearer ${apiKey}` },
  });
  assert.equal(me.status, 200);
  return ((await me.json()) as { workspace: { credits: { balance: number } } }).workspace.credits.balance;
}

describe('one owner for the embedded database', () => {
  after(() => {
    for (const child of servers) if (child.exitCode === null) child.kill('SIGKILL');
  });

  it('refuses a second opener in the same process while the first holds the lock', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tf-lock-'));
    const lock = acquireDataDirLock(dataDir);
    assert.throws(() => acquireDataDirLock(dataDir), DataDirLockedError);
    lock.release();
    acquireDataDirLock(dataDir).release();
  });

  it('runs admin grant inside the running server, refuses a second server, and survives kill -9', {
    timeout: 180_000,
  }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tf-owner-'));
    const first = await startServer(dataDir, true);
    assert.match(first.apiKey, /^tf_live_/);
    const before = await creditBalance(first.port, first.apiKey);

    const grant = await run(dataDir, ['admin', 'grant', DEMO_EMAIL, '--credits', '7']);
    assert.equal(grant.code, 0, grant.stderr);
    assert.match(grant.stdout, new RegExp(`credits: \\+7 \\(balance ${before + 7}\\)`));
    assert.equal(await creditBalance(first.port, first.apiKey), before + 7, 'the running server sees it');

    const usage = await run(dataDir, ['admin', 'grant', DEMO_EMAIL]);
    assert.equal(usage.code, 2);
    assert.match(usage.stderr, /grant needs --plan and\/or --credits/);

    const migrate = await run(dataDir, ['migrate']);
    assert.equal(migrate.code, 0, migrate.stderr);
    assert.match(migrate.stdout, new RegExp(`by the running server ${first.child.pid}`));

    const second = await run(dataDir, ['serve']);
    assert.equal(second.code, 1);
    assert.equal(second.stderr.trim().split('\n').length, 1, second.stderr);
    assert.match(second.stderr, new RegExp(`in use by process ${first.child.pid}`));

    // A killed owner leaves its lock file behind; it must not wedge the next start.
    const killed = new Promise((resolve) => first.child.on('exit', resolve));
    first.child.kill('SIGKILL');
    await killed;
    assert.ok(existsSync(join(dataDir, 'pglite.lock')));
    const restarted = await startServer(dataDir, false);
    assert.equal(Number(readFileSync(join(dataDir, 'pglite.lock'), 'utf8')), restarted.child.pid);
    assert.equal(await creditBalance(restarted.port, first.apiKey), before + 7, 'the grant survived');
    assert.match(
      restarted.output(),
      new RegExp(`npm run admin -- create-key ${DEMO_EMAIL.replace('.', '\\.')}`),
      'a restart says how to get a key',
    );
    const key = await run(dataDir, ['admin', 'create-key', DEMO_EMAIL, '--name', 'after restart']);
    assert.equal(key.code, 0, key.stderr);
    const newKey = /^(tf_live_\S+)$/m.exec(key.stdout)?.[1];
    assert.ok(newKey, key.stdout);
    assert.equal(await creditBalance(restarted.port, newKey), before + 7, 'the new key works at once');
    const stopped = new Promise<number | null>((resolve) => restarted.child.on('exit', resolve));
    restarted.child.kill('SIGTERM');
    assert.equal(await stopped, 0);
    assert.equal(existsSync(join(dataDir, 'pglite.lock')), false, 'a clean stop removes the lock');

    // With no server running, admin owns the database itself.
    const direct = await run(dataDir, ['admin', 'grant', DEMO_EMAIL, '--credits', '1']);
    assert.equal(direct.code, 0, direct.stderr);
    assert.match(direct.stdout, new RegExp(`balance ${before + 8}`));
  });
});
