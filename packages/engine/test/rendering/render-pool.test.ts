import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { encodeMp3 } from '../../src/encoding/index.js';
import { createRenderPool, renderComposition } from '../../src/rendering/index.js';
import { musicLike } from '../mastering/signals.js';
import { beatNotes, makeComposition, makePart } from './fixture.js';
import { loadSmallBank } from './helpers.js';

const bank = loadSmallBank();
const pool = createRenderPool(bank, { threads: 2 });
after(() => pool.close());

describe('render pool', () => {
  it('renders the same PCM in worker threads as in one thread', async () => {
    const composition = makeComposition(
      [
        makePart({ id: 'keys', notes: beatNotes(64, 0, 8), reverbSend: 60 }),
        makePart({ id: 'bass', role: 'bass', program: 33, channel: 1, notes: beatNotes(40, 0, 8) }),
        makePart({ id: 'drums', isDrums: true, channel: 9, notes: beatNotes(38, 0, 8) }),
        makePart({
          id: 'lead',
          role: 'lead',
          program: 81,
          channel: 2,
          notes: beatNotes(72, 0, 8),
          controls: [{ tick: 0, type: 'modulation', value: 40 }],
        }),
      ],
      5,
    );
    const local = await renderComposition(composition, bank, { genre: 'trap', stems: true });
    const threaded = await renderComposition(composition, bank, {
      genre: 'trap',
      stems: true,
      createSource: pool.createSource,
    });
    assert.deepEqual(threaded.mix.left, local.mix.left);
    assert.deepEqual(threaded.mix.right, local.mix.right);
    assert.deepEqual(
      threaded.stems?.map((stem) => stem.partId),
      local.stems?.map((stem) => stem.partId),
    );
    // A second track on the same warm pool works too.
    const again = await renderComposition(composition, bank, {
      genre: 'trap',
      createSource: pool.createSource,
    });
    assert.deepEqual(again.mix.left, local.mix.left);
  });

  it('encodes MP3 segments on its threads to the same bytes as this thread alone', async () => {
    const audio = musicLike(32, 0.3, 9);
    const alone = await encodeMp3(audio);
    const helped = await encodeMp3(audio, { helpers: pool.mp3SegmentEncoders });
    assert.deepEqual(helped, alone);
  });
});
