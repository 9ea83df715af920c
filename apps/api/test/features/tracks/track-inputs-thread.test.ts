// The thread that reads a create's musical inputs off the event loop: the same answers as reading
// them in place, refusals that keep their code and field, a deadline that cuts a read off (the
// queue goes on on a new thread), and a bounded queue.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MAX_MELODY_NOTES, MAX_MIDI_EVENTS, MAX_MIDI_NOTES } from '@trackforge/engine/request';
import { AppError } from '../../../src/errors.js';
import type { CreateTrackBody } from '../../../src/features/tracks/track.schemas.js';
import { resolveExtensionLength, resolveTrackInputs } from '../../../src/features/tracks/track-inputs.js';
import { createTrackInputsThread } from '../../../src/features/tracks/track-inputs-thread.js';
import { largestValidMidiFile } from '../../helpers/heavy-midi.js';

const heaviestBody = (): CreateTrackBody => ({
  prompt: 'folk song',
  duration: { label: '20s', seconds: 20 },
  melody: largestValidMidiFile({
    melodyNotes: MAX_MELODY_NOTES,
    fileNotes: MAX_MIDI_NOTES,
    events: MAX_MIDI_EVENTS,
  }).toString('base64'),
});

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof AppError, `an AppError, not ${(error as Error).message}`);
    return error;
  }
  assert.fail('the inputs were accepted');
}

describe('track inputs thread', () => {
  it('answers what reading the inputs in place answers', async () => {
    const thread = createTrackInputsThread();
    try {
      const body = { ...heaviestBody(), chords: 'Am F C G' };
      assert.deepEqual(await thread.resolve(body, 7, null), resolveTrackInputs(body, 7, null));
    } finally {
      await thread.close();
    }
  });

  it('refuses unusable inputs with the code and field they were refused with', async () => {
    const thread = createTrackInputsThread();
    try {
      const error = await refusal(
        thread.resolve({ prompt: 'pop', duration: { label: '20s', seconds: 20 }, chords: 'Am Xq7' }, 1, null),
      );
      assert.equal(error.code, 'unprocessable_input');
      assert.equal(error.extras.param, 'chords');
      assert.match(error.detail, /unknown chord symbol "Xq7"/);
    } finally {
      await thread.close();
    }
  });

  it("works out an extension's length with its own sections as in place, refusals naming the field", async () => {
    const thread = createTrackInputsThread();
    try {
      const from = { prompt: 'pop 120 bpm', durationSeconds: 20, seed: 3 };
      const sections = [{ name: 'chorus', bars: 8 }];
      assert.equal(await thread.extensionLength(from, sections), resolveExtensionLength(from, sections));
      const error = await refusal(thread.extensionLength(from, [{ name: 'chorus', bars: 0 }]));
      assert.equal(error.code, 'unprocessable_input');
      assert.equal(error.extras.param, 'sections[0].bars');
    } finally {
      await thread.close();
    }
  });

  it('cuts off a read past its deadline with 422 naming the melody, and goes on with the next', async () => {
    // 1 ms: no read of the largest melody file is that fast, so each one is cut off in turn
    const thread = createTrackInputsThread({ deadlineMs: 1 });
    try {
      const errors = await Promise.all([
        refusal(thread.resolve(heaviestBody(), 1, null)),
        refusal(thread.resolve(heaviestBody(), 2, null)),
      ]);
      for (const error of errors) {
        assert.equal(error.code, 'unprocessable_input');
        assert.equal(error.extras.param, 'melody');
        assert.match(error.detail, /took more than 0.001 s/);
      }
    } finally {
      await thread.close();
    }
  });

  it('checks a create without musical inputs in place, without starting the thread', async () => {
    // a queue of none: anything sent to the thread would be refused
    const thread = createTrackInputsThread({ maxWaiting: 0 });
    try {
      const body: CreateTrackBody = { prompt: 'pop', duration: { label: '20s', seconds: 20 } };
      assert.deepEqual(await thread.resolve(body, 5, null), resolveTrackInputs(body, 5, null));
      await refusal(thread.resolve({ ...body, chords: 'C G' }, 5, null));
    } finally {
      await thread.close();
    }
  });

  it('refuses requests past its queue with 503 and Retry-After', async () => {
    const thread = createTrackInputsThread({ maxWaiting: 1 });
    try {
      const body: CreateTrackBody = { prompt: 'pop', duration: { label: '20s', seconds: 20 }, chords: 'C G' };
      // none is taken before the thread has started, so the first waits and the rest find the queue full
      const results = await Promise.allSettled([1, 2, 3].map((seed) => thread.resolve(body, seed, null)));
      assert.equal(results[0]!.status, 'fulfilled');
      for (const result of results.slice(1)) {
        assert.equal(result.status, 'rejected');
        const error = (result as PromiseRejectedResult).reason as AppError;
        assert.equal(error.code, 'unavailable');
        assert.deepEqual(error.extras.headers, { 'retry-after': '1' });
      }
    } finally {
      await thread.close();
    }
  });
});
