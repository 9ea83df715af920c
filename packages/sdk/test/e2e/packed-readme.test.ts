// The publishable artefact: `npm pack` builds JS + .d.ts, a fresh project outside the repository
// installs the tarball, type-checks against it, and runs every README example against the real API.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { type LiveServer, REPO_ROOT, startLiveServer } from '../helpers/live-server.js';
import { readmeExamplesModule } from '../helpers/readme-examples.js';

const SDK_DIR = join(REPO_ROOT, 'packages', 'sdk');
let server: LiveServer;
let project: string;

before(async () => {
  project = mkdtempSync(join(tmpdir(), 'tf-sdk-consumer-'));
  server = await startLiveServer();
});
after(async () => {
  await server?.stop();
  if (project) rmSync(project, { recursive: true, force: true });
});

describe('the packed SDK in a project outside the repository', { timeout: 300_000 }, () => {
  it('installs from the npm pack tarball, type-checks, and runs every README example', () => {
    execFileSync('npm', ['pack', '--pack-destination', project, '--silent'], { cwd: SDK_DIR, stdio: 'pipe' });
    const tarball = readdirSync(project).find((name) => name.endsWith('.tgz'));
    assert.ok(tarball, 'npm pack wrote a tarball');
    writeFileSync(
      join(project, 'package.json'),
      JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
    );
    execFileSync(
      'npm',
      ['install', `./${tarball}`, '--no-audit', '--no-fund', '--prefer-offline', '--silent'],
      {
        cwd: project,
        stdio: 'pipe',
      },
    );

    writeFileSync(
      join(project, 'check.ts'),
      `import Trackforge, { InsufficientCreditsError, type Track } from '@trackforge/sdk';
const client = new Trackforge({ apiKey: 'tf_test_x' });
export const track: Promise<Track> = client.tracks.retrieve('trk_1');
export const isCredits = (error: unknown) => error instanceof InsufficientCreditsError;
`,
    );
    // Browser-like: DOM and ES libraries, no Node types, so the .d.ts cannot lean on Node.
    const compilerOptions = {
      noEmit: true,
      strict: true,
      module: 'nodenext',
      moduleResolution: 'nodenext',
      target: 'es2022',
      lib: ['es2022', 'dom'],
      types: [],
    };
    writeFileSync(join(project, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['check.ts'] }));
    const tsc = spawnSync(
      process.execPath,
      [join(REPO_ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', '.'],
      {
        cwd: project,
        encoding: 'utf8',
      },
    );
    assert.equal(tsc.status, 0, `the published types do not compile:\n${tsc.stdout}${tsc.stderr}`);

    writeFileSync(join(project, 'readme.mjs'), readmeExamplesModule(join(SDK_DIR, 'README.md')));
    const run = spawnSync(process.execPath, ['readme.mjs'], {
      cwd: project,
      encoding: 'utf8',
      timeout: 240_000,
      env: { PATH: process.env.PATH, TRACKFORGE_BASE_URL: server.baseURL, TRACKFORGE_API_KEY: server.apiKey },
    });
    assert.equal(run.status, 0, `README examples failed:\n${run.stdout}\n${run.stderr}`);
    assert.match(run.stdout, /^ready \d+ /m);
    assert.match(run.stdout, /track\.ready 100 %/);
    assert.match(run.stdout, /^streamed bytes: [1-9]\d{3,}$/m);
    assert.match(run.stdout, /^sections: intro 0-4, chorus 4-12$/m);
    assert.match(run.stdout, /^melody track: queued$/m);
    assert.match(run.stdout, /^duration — /m);
    assert.match(run.stdout, /README examples done/);
  });
});
