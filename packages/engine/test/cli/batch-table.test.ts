import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type BatchRow, formatBatchTable } from '../../cli/batch.js';
import type { BatchJob } from '../../cli/batch-arguments.js';
import type { TrackResult } from '../../src/types.js';

const job = (lineNumber: number, audioPath: string) => ({ lineNumber, audioPath }) as BatchJob;
const result = {
  music: { genre: 'techno', bpm: 128, key: 'A minor' },
  audio: { durationSeconds: 95, loudnessLufs: -14.02 },
} as TrackResult;

describe('the batch summary table', () => {
  it('lists made and failed tracks with the totals, failures saying why', () => {
    const rows: BatchRow[] = [
      { job: job(1, 'out/01-dark-techno.mp3'), result, seconds: 3.21 },
      { job: job(3, 'out/02-jig.wav'), error: 'generation failed (rendering): out of memory', seconds: 0.5 },
    ];
    assert.equal(
      formatBatchTable(rows, 4.04, 'out'),
      [
        'line  file                genre   bpm  key      length  loudness    made in',
        '1     01-dark-techno.mp3  techno  128  A minor  1:35    -14.0 LUFS  3.2 s',
        '3     02-jig.wav          FAILED: generation failed (rendering): out of memory',
        '1 made, 1 failed, in 4.0 s → out',
        '',
      ].join('\n'),
    );
  });
});
