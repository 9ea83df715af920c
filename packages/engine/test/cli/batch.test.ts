import assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { createWorkDir, runCli } from './run-cli.js';

const workDir = createWorkDir('trackforge-cli-batch-');
writeFileSync(
  join(workDir, 'prompts.txt'),
  [
    '# two tracks: a plain line and a JSON line with its own options',
    'Dark techno, A minor!',
    '',
    '{"prompt": "celtic jig", "duration": "6s", "seed": 4, "bpm": 110, "format": "wav", "name": "jig"}',
  ].join('\n'),
);

describe('trackforge-engine batch', () => {
  it('makes one file per line in --out-dir and ends with a summary table', async () => {
    const result = await runCli(
      [
        'batch',
        'prompts.txt',
        '--out-dir',
        'tracks',
        '--mkdir',
        '--bank',
        'small',
        '-d',
        '5',
        '-s',
        '9',
        '--midi',
        '--threads',
        '2',
      ],
      { cwd: workDir },
    );
    assert.equal(result.status, 0, result.stderr);
    assert.deepEqual(readdirSync(join(workDir, 'tracks')).sort(), [
      '01-dark-techno-a-minor.mid',
      '01-dark-techno-a-minor.mp3',
      '02-jig.mid',
      '02-jig.wav',
    ]);
    assert.equal(
      readFileSync(join(workDir, 'tracks', '02-jig.wav'))
        .subarray(0, 4)
        .toString('latin1'),
      'RIFF',
    );
    const lines = result.stdout.trimEnd().split('\n');
    assert.match(lines[0] ?? '', /^line\s+file\s+genre\s+bpm\s+key\s+length\s+loudness\s+made in$/);
    assert.match(
      lines[1] ?? '',
      /^2\s+01-dark-techno-a-minor\.mp3\s+techno\s+\d+\s+A minor\s+0:05\s+-1[34]\.\d LUFS\s+\d+\.\d s$/,
    );
    assert.match(
      lines[2] ?? '',
      /^4\s+02-jig\.wav\s+celtic\s+110\s+\S+ \w+\s+0:06\s+-1[34]\.\d LUFS\s+\d+\.\d s$/,
    );
    assert.match(lines[3] ?? '', /^2 made, 0 failed, in \d+\.\d s → tracks$/);
    assert.equal(lines.length, 4);
    const progress = result.stderr.trimEnd().split('\n');
    assert.match(
      progress[0] ?? '',
      /^trackforge-engine: \[1\/2\] 01-dark-techno-a-minor\.mp3 made in \d+\.\d s$/,
    );
    assert.match(progress[1] ?? '', /^trackforge-engine: \[2\/2\] 02-jig\.wav made in \d+\.\d s$/);
  });

  it('prints one snake_case JSON object per track with --json', async () => {
    writeFileSync(join(workDir, 'one.txt'), '{"prompt": "calm piano", "seed": 5, "loop": true}\n');
    const result = await runCli(
      [
        'batch',
        'one.txt',
        '--out-dir',
        '.',
        '--bank',
        'small',
        '-d',
        '5',
        '--json',
        '--quiet',
        '--format',
        'flac',
      ],
      { cwd: workDir },
    );
    assert.equal(result.status, 0, result.stderr);
    assert.equal(result.stderr, '');
    const objects = result.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    assert.equal(objects.length, 1);
    const [track] = objects;
    assert.equal(track.line, 1);
    assert.equal(track.seed, 5);
    assert.equal(track.loop, true);
    assert.equal(track.error, null);
    assert.deepEqual(track.audio.formats, ['flac']);
    assert.equal(typeof track.music.time_signature, 'string');
    assert.equal(track.files.audio, '01-calm-piano.flac');
    assert.equal(readFileSync(join(workDir, '01-calm-piano.flac')).subarray(0, 4).toString('latin1'), 'fLaC');
  });
});
