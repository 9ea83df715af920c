// The package as a user gets it: `npm pack` the engine, install the tarball into a folder outside
// the repo (from the npm cache, so it works offline once `npm ci` has run) and make a track there.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';
import { createWorkDir } from './run-cli.js';

const run = promisify(execFile);
const ENGINE_DIR = new URL('../..', import.meta.url).pathname;
// npm passes its own settings to scripts as npm_config_*; a user's shell has none of them.
const USER_ENV = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));

describe('the packed engine package', () => {
  it('installs from its tarball outside the repo and makes a track with trackforge-engine', {
    timeout: 300_000,
  }, async () => {
    const dir = createWorkDir('trackforge-pack-');
    const packed = await run('npm', ['pack', '--json', '--pack-destination', dir], {
      cwd: ENGINE_DIR,
      env: USER_ENV,
    });
    const [manifest] = JSON.parse(packed.stdout);
    const files: string[] = manifest.files.map((file: { path: string }) => file.path);
    assert.ok(files.includes('bin/trackforge-engine.mjs'));
    assert.ok(files.includes('cli/main.ts'));
    assert.ok(files.includes('README.md'));
    assert.deepEqual(
      files.filter((path) => /^(test|eval)\/|tsconfig/.test(path)),
      [],
    );

    const app = join(dir, 'app');
    mkdirSync(app);
    writeFileSync(join(app, 'package.json'), '{ "name": "app", "private": true }\n');
    await run(
      'npm',
      ['install', join(dir, manifest.filename), '--prefer-offline', '--no-audit', '--no-fund'],
      {
        cwd: app,
        env: USER_ENV,
      },
    );

    const bin = join(app, 'node_modules', '.bin', 'trackforge-engine');
    const version = await run(bin, ['--version'], { cwd: app, env: USER_ENV });
    assert.equal(version.stdout, `${manifest.version}\n`);
    const made = await run(
      bin,
      ['calm piano', '-d', '5', '-s', '1', '--bank', 'small', '--out', 't.mp3', '--json', '-q'],
      {
        cwd: app,
        env: USER_ENV,
      },
    );
    const summary = JSON.parse(made.stdout);
    assert.equal(summary.files.audio, 't.mp3');
    assert.equal(summary.audio.duration_seconds, 5);
    assert.ok(readFileSync(join(app, 't.mp3')).length > 10_000);
  });
});
