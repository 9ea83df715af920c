import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';

const BIN = new URL('../../bin/trackforge-engine.mjs', import.meta.url).pathname;
const workDir = mkdtempSync(join(tmpdir(), 'trackforge-cli-'));
after(() => rmSync(workDir, { recursive: true, force: true }));

function run(args: string[]) {
  return spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: 60_000 });
}

describe('trackforge-engine', () => {
  it('writes the track, MIDI and stems and prints a JSON summary with --json', () => {
    const out = join(workDir, 'track.wav');
    const midi = join(workDir, 'track.mid');
    const stems = join(workDir, 'stems');
    const result = run([
      'calm piano in A minor',
      '--duration',
      '5s',
      '--seed',
      '7',
      '--out',
      out,
      '--midi',
      midi,
      '--stems',
      stems,
      '--bank',
      'small',
      '--json',
    ]);
    assert.equal(result.status, 0, result.stderr);
    const summary = JSON.parse(result.stdout.trim());
    assert.equal(summary.format, 'wav');
    assert.equal(summary.seed, 7);
    assert.equal(summary.durationSeconds, 5);
    assert.equal(typeof summary.music.bpm, 'number');
    assert.equal(readFileSync(out).subarray(0, 4).toString('latin1'), 'RIFF');
    assert.equal(readFileSync(midi).subarray(0, 4).toString('latin1'), 'MThd');
    assert.ok(readdirSync(stems).some((name) => name.endsWith('.wav')));
  });

  it('prints the brief in plain text without --json and infers mp3 from the extension', () => {
    const out = join(workDir, 'beat.mp3');
    const result = run([
      'energetic house',
      '-d',
      '5',
      '-s',
      '1',
      '-o',
      out,
      '--bank',
      'small',
      '--bpm',
      '124',
    ]);
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stdout, /genre\s+\S/);
    assert.match(result.stdout, /tempo\s+124 bpm/);
    assert.match(result.stdout, /key\s+\S/);
    assert.ok(readFileSync(out).length > 1000);
  });

  it('prints usage on stdout and exits 0 with --help', () => {
    const result = run(['--help']);
    assert.equal(result.status, 0);
    assert.match(result.stdout, /^usage: trackforge-engine/);
  });

  it('exits with 2 and a one-line error for bad arguments', () => {
    for (const args of [
      ['lofi', '--duration', '2s', '--bank', 'small'],
      ['lofi', '--seed', 'abc'],
      ['lofi', '--out', 'x.aiff'],
      ['lofi', '--no-such-flag'],
      [],
    ]) {
      const result = run(args);
      assert.equal(result.status, 2, `${args.join(' ')}: ${result.stderr}`);
      assert.match(result.stderr, /^trackforge-engine: [^\n]+\n$/);
      assert.equal(result.stdout, '');
    }
  });
});
