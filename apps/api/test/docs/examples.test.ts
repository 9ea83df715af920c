// Every shell, JavaScript and Python example of the README and the guides runs here, against a
// real `serve` on an ephemeral port, so an example that stops working fails the suite.
// A block is run unless the line before it says `<!-- example: skip (why) -->`; one marked
// `<!-- example: refused on purpose -->` must still run, but its curl may get a 4xx.
// Placeholders such as `KEY=tf_live_…` and `TRACK=trk_…` take the demo key and a ready track.
// Python blocks run in .venv-sdk (made here when missing); TEST_PYTHON=off leaves them out.
import assert from 'node:assert/strict';
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { MAIN_PATH, serveEnv, waitForServePort } from '../helpers/serve-process.js';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const DOC_FILES = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs/guides'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/guides/${name}`),
];
const PYTHON = join(ROOT, '.venv-sdk/bin/python');
const BLOCK_SECONDS = 240;
/** TEST_PYTHON=off leaves Python out of a run, as it does for the Python SDK's own suite. */
const RUN_PYTHON = process.env.TEST_PYTHON !== 'off';
// The snippets run from a folder outside the repository; tsx loads the SDK's TypeScript sources.
const TSX = import.meta.resolve('tsx');

export interface Example {
  file: string;
  line: number;
  language: string;
  code: string;
  marker: string | null;
}

/** The fenced code blocks of a markdown file, each with the example marker on the line before it. */
export function extractExamples(file: string, markdown: string): Example[] {
  const examples: Example[] = [];
  const lines = markdown.split('\n');
  for (let index = 0; index < lines.length; index += 1) {
    const fence = /^```(\w+)\s*$/.exec(lines[index] as string);
    if (!fence) continue;
    const marker = /<!-- example: ([^>]*?) -->/.exec(lines[index - 1] ?? '')?.[1] ?? null;
    const start = index;
    const body: string[] = [];
    for (index += 1; index < lines.length && !/^```\s*$/.test(lines[index] as string); index += 1)
      body.push(lines[index] as string);
    examples.push({ file, line: start + 1, language: fence[1] as string, code: body.join('\n'), marker });
  }
  return examples;
}

/** The shell text as run: placeholders dropped (the environment has them), the test server's address. */
function shellScript(code: string, port: number): string {
  return code
    .split('\n')
    .filter((line) => !/^[A-Z]+=\S*…/.test(line))
    .join('\n')
    .replaceAll('localhost:8080', `localhost:${port}`)
    .replaceAll('npx trackforge-engine', join(ROOT, 'node_modules/.bin/trackforge-engine'));
}

/** A MIDI file for the melody examples: C major up in eighths at 100 bpm. */
function scaleMidi(): Buffer {
  const events: number[] = [0x00, 0xff, 0x51, 0x03, 0x09, 0x27, 0xc0];
  for (const pitch of [60, 62, 64, 65, 67, 69, 71, 72])
    events.push(0x00, 0x90, pitch, 90, 0x30, 0x80, pitch, 0);
  events.push(0x00, 0xff, 0x2f, 0x00);
  const n = events.length;
  return Buffer.from([
    ...[0x4d, 0x54, 0x68, 0x64, 0, 0, 0, 6, 0, 0, 0, 1, 0, 96],
    ...[0x4d, 0x54, 0x72, 0x6b, (n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255],
    ...events,
  ]);
}

describe('the examples of the README and the guides', () => {
  let child: ChildProcess;
  let port: number;
  let workDir: string;
  let env: NodeJS.ProcessEnv;
  const examples = DOC_FILES.flatMap((file) => extractExamples(file, readFileSync(join(ROOT, file), 'utf8')));

  before(async () => {
    // The Python blocks run in the SDK's venv, which the suite otherwise makes only after node's tests.
    if (RUN_PYTHON && !existsSync(PYTHON)) {
      const setup = spawnSync('bash', [join(ROOT, 'scripts/setup-python-sdk.sh')], { encoding: 'utf8' });
      assert.equal(setup.status, 0, setup.stderr);
    }
    const dataDir = mkdtempSync(join(tmpdir(), 'tf-examples-data-'));
    workDir = mkdtempSync(join(tmpdir(), 'tf-examples-'));
    writeFileSync(join(workDir, 'tune.mid'), scaleMidi());
    child = spawn(process.execPath, ['--import', 'tsx', MAIN_PATH, 'serve'], {
      env: serveEnv(dataDir, { WORKERS: '1', ENGINE_BANK: 'small' }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const started = await waitForServePort(child, (output) => /API key: tf_live_\S+/.test(output));
    port = started.port;
    const key = /API key: (tf_live_\S+)/.exec(started.output())?.[1] as string;
    const base = `http://localhost:${port}`;
    const created = await fetch(`${base}/v1/tracks`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', prefer: 'wait=120' },
      body: JSON.stringify({ prompt: 'calm piano', duration: '5s', seed: 1 }),
    });
    const track = (await created.json()) as { id: string; status: string };
    assert.equal(track.status, 'ready', JSON.stringify(track));
    env = {
      ...process.env,
      KEY: key,
      TRACK: track.id,
      TRACKFORGE_API_KEY: key,
      TRACKFORGE_BASE_URL: base,
      PATH: `${join(ROOT, 'node_modules/.bin')}:${process.env.PATH}`,
    };
  });
  after(() => {
    child?.kill('SIGTERM');
    rmSync(workDir, { recursive: true, force: true });
  });

  it('finds examples in every file, each either run or marked with why it is not', () => {
    for (const file of ['README.md', 'docs/guides/quickstart.md', 'docs/guides/musical-control.md'])
      assert.ok(
        examples.some((example) => example.file === file),
        `${file} has none`,
      );
    for (const example of examples) {
      if (example.marker?.startsWith('skip'))
        assert.match(example.marker, /^skip \(.+\)$/, `${example.file}:${example.line}`);
    }
  });

  for (const example of examples) {
    if (example.marker?.startsWith('skip')) continue;
    if (!['sh', 'js', 'python'].includes(example.language)) continue;
    if (example.language === 'python' && !RUN_PYTHON) continue;
    it(`${example.file}:${example.line} (${example.language}) runs`, {
      timeout: BLOCK_SECONDS * 1000,
    }, () => {
      const refused = example.marker?.startsWith('refused on purpose') ?? false;
      let result: ReturnType<typeof spawnSync>;
      if (example.language === 'sh') {
        // curl fails the block on any HTTP error unless the example is a refusal on purpose.
        const prelude = refused ? '' : 'curl() { command curl --fail-with-body "$@"; }\n';
        result = spawnSync('bash', ['-euo', 'pipefail', '-c', prelude + shellScript(example.code, port)], {
          cwd: workDir,
          env,
          encoding: 'utf8',
          timeout: BLOCK_SECONDS * 1000,
        });
      } else if (example.language === 'js') {
        const sdk = pathToFileURL(join(ROOT, 'packages/sdk/src/index.ts')).href;
        const script = join(workDir, `example-${example.line}.mts`);
        writeFileSync(script, example.code.replaceAll("'@trackforge/sdk'", `'${sdk}'`));
        result = spawnSync(process.execPath, ['--import', TSX, script], {
          cwd: workDir,
          env,
          encoding: 'utf8',
          timeout: BLOCK_SECONDS * 1000,
        });
      } else {
        result = spawnSync(PYTHON, ['-c', example.code], {
          cwd: workDir,
          env,
          encoding: 'utf8',
          timeout: BLOCK_SECONDS * 1000,
        });
      }
      assert.equal(result.status, 0, `${example.file}:${example.line}\n${result.stdout}\n${result.stderr}`);
    });
  }
});
