import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { createWorkDir, runCli } from './run-cli.js';

const workDir = createWorkDir('trackforge-cli-track-');
const SHORT = ['--duration', '5s', '--bank', 'small'];

/** The Track fields of the API (API.md, track.schemas.ts) that --json mirrors. */
const MUSIC_KEYS = ['bpm', 'genre', 'instruments', 'key', 'moods', 'sections', 'time_signature'];
const AUDIO_KEYS = [
  'channels',
  'duration_seconds',
  'formats',
  'loudness_lufs',
  'sample_rate',
  'true_peak_dbtp',
];
const TOP_KEYS = [
  'audio',
  'bpm',
  'duration',
  'duration_seconds',
  'files',
  'key',
  'loop',
  'music',
  'prompt',
  'seed',
];

function keysEverywhere(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysEverywhere);
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) => [key, ...keysEverywhere(child)]);
}

describe('trackforge-engine making a track', () => {
  it('prints one snake_case JSON object with the API track fields and writes audio, MIDI and stems', async () => {
    const result = await runCli(
      [
        'calm piano in A minor',
        ...SHORT,
        '--seed',
        '7',
        '--out',
        'a.wav',
        '--midi',
        'a.mid',
        '--stems',
        'stems',
        '--json',
        '--mkdir',
        '--key',
        'A minor',
      ],
      { cwd: workDir },
    );
    assert.equal(result.status, 0, result.stderr);
    assert.equal(result.stdout.trim().split('\n').length, 1);
    const summary = JSON.parse(result.stdout);
    for (const key of TOP_KEYS) assert.ok(key in summary, `missing ${key}`);
    assert.deepEqual(Object.keys(summary.music).sort(), MUSIC_KEYS);
    assert.deepEqual(Object.keys(summary.audio).sort(), AUDIO_KEYS);
    assert.deepEqual(
      keysEverywhere(summary).filter((key) => /[A-Z]/.test(key)),
      [],
    );
    assert.equal(summary.seed, 7);
    assert.equal(summary.duration_seconds, 5);
    assert.equal(summary.key, 'A minor');
    assert.equal(summary.music.key, 'A minor');
    assert.deepEqual(summary.audio.formats, ['wav']);
    assert.equal(summary.audio.sample_rate, 44100);
    assert.equal(summary.files.audio, 'a.wav');
    assert.equal(summary.files.midi, 'a.mid');
    assert.ok(summary.files.stems.length > 0);
    assert.equal(readFileSync(join(workDir, 'a.wav')).subarray(0, 4).toString('latin1'), 'RIFF');
    assert.equal(readFileSync(join(workDir, 'a.mid')).subarray(0, 4).toString('latin1'), 'MThd');
    assert.deepEqual(
      readdirSync(join(workDir, 'stems')).sort(),
      summary.files.stems.map((path: string) => path.slice('stems/'.length)).sort(),
    );
  });

  it('prints one progress line per stage on stderr when piped', async () => {
    const dir = createWorkDir('trackforge-cli-progress-');
    const result = await runCli(['energetic house', ...SHORT, '-s', '1', '-o', 'beat.mp3', '--bpm', '124'], {
      cwd: dir,
    });
    assert.equal(result.status, 0, result.stderr);
    const stages = result.stderr
      .trimEnd()
      .split('\n')
      .map(
        (line) =>
          /^trackforge-engine: (\w+) \(\d+%, \d+\.\d s\)$/.exec(line)?.[1] ?? `unexpected line: ${line}`,
      );
    assert.deepEqual(stages, ['brief', 'composition', 'rendering', 'mastering', 'encoding']);
    assert.doesNotMatch(result.stderr, /\r/);
    assert.match(result.stdout, /^tempo\s+124 bpm$/m);
    assert.match(result.stdout, /^wrote\s+beat\.mp3$/m);
    assert.ok(readFileSync(join(dir, 'beat.mp3')).length > 1000);
  });

  it('writes no audio with --json and no --out, and prints nothing on stderr with --quiet', async () => {
    const dir = createWorkDir('trackforge-cli-quiet-');
    const result = await runCli(['celtic jig', ...SHORT, '-s', '3', '--json', '--quiet'], { cwd: dir });
    assert.equal(result.status, 0, result.stderr);
    assert.equal(result.stderr, '');
    const summary = JSON.parse(result.stdout);
    assert.deepEqual(summary.files, { audio: null, midi: null, stems: [], captions: null });
    assert.deepEqual(summary.audio.formats, []);
    assert.equal(summary.music.genre, 'celtic');
    assert.deepEqual(readdirSync(dir), []);
  });

  it('changes the extension to match an explicit --format and says which file it wrote', async () => {
    const dir = createWorkDir('trackforge-cli-format-');
    const result = await runCli(
      ['lofi loop', ...SHORT, '-s', '2', '--loop', '--format', 'wav', '--out', 'z.mp3'],
      { cwd: dir },
    );
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stderr, /^trackforge-engine: --format wav: writing z\.wav instead of z\.mp3$/m);
    assert.match(result.stdout, /^wrote\s+z\.wav$/m);
    assert.deepEqual(readdirSync(dir), ['z.wav']);
    assert.equal(readFileSync(join(dir, 'z.wav')).subarray(0, 4).toString('latin1'), 'RIFF');
  });
});
