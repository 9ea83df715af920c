import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { MAIN_PATH, serveEnv, waitForServePort } from '../helpers/serve-process.js';

describe('the serve process', () => {
  it('serves on an empty data dir, answers readyz, and exits 0 on SIGTERM', { timeout: 90_000 }, async () => {
    // NODE_ENV as this run has it (unset: serve's own default).
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN_PATH, 'serve'], {
      env: serveEnv(mkdtempSync(join(tmpdir(), 'tf-serve-')), { NODE_ENV: process.env.NODE_ENV }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const { port, output } = await waitForServePort(child);
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
    assert.equal(ready.status, 200);
    assert.match(output(), /API key: tf_live_/, 'the dev seed prints a ready API key');
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    child.kill('SIGTERM');
    assert.equal(await exited, 0);
  });
});
