import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MPEGDecoder } from 'mpg123-decoder';
import { loadBankFile } from '../../node/load-bank.js';
import { composeTrack, extensionCutTick } from '../../src/composition/index.js';
import { encodeMidi } from '../../src/encoding/midi.js';
import { EngineError, generateTrack, renderComposition } from '../../src/index.js';
import { InputError, readMidiFile } from '../../src/inputs/index.js';
import { composeRequest, extensionLength } from '../../src/lineage.js';
import { type AudioBuffer, type Composition, PPQ, type TrackRequest } from '../../src/types.js';

const bank = loadBankFile('small');
const SAMPLE_RATE = 44100;
/** The limiter looks 3 ms ahead, so the master agrees up to that much before the scores part. */
const LIMITER_LOOKAHEAD_SECONDS = 0.003;

const original: TrackRequest = {
  prompt: 'funky pop with bass, drums, piano and a flute lead, 104 bpm',
  durationSeconds: 16,
  seed: 5,
};

/** LAME's psychoacoustic look-ahead and the decoder's overlap reach this far back from a change. */
const MP3_LOOKAHEAD_SECONDS = 0.1;

async function decodeMp3(bytes: Uint8Array): Promise<Float32Array> {
  const decoder = new MPEGDecoder();
  await decoder.ready;
  try {
    const { channelData, samplesDecoded } = decoder.decode(bytes);
    const [left, right] = channelData as [Float32Array, Float32Array];
    const interleaved = new Float32Array(2 * samplesDecoded);
    for (let i = 0; i < samplesDecoded; i++) {
      interleaved[2 * i] = left[i] as number;
      interleaved[2 * i + 1] = right[i] as number;
    }
    return interleaved;
  } finally {
    decoder.free();
  }
}

function partNotes(composition: Composition, id: string): string {
  const part = composition.parts.find((p) => p.id === id);
  assert.ok(part, `no part ${id}`);
  return JSON.stringify({ notes: part.notes, controls: part.controls, program: part.program });
}

function samplesEqual(a: AudioBuffer, b: AudioBuffer, count = a.left.length): boolean {
  if (a.left.length < count || b.left.length < count) return false;
  for (let i = 0; i < count; i++) if (a.left[i] !== b.left[i] || a.right[i] !== b.right[i]) return false;
  return true;
}

function pcm16Frames(wav: Uint8Array): Int16Array {
  let offset = 12;
  const view = new DataView(wav.buffer, wav.byteOffset, wav.byteLength);
  const tag = (at: number) => Buffer.from(wav.subarray(at, at + 4)).toString('latin1');
  while (tag(offset) !== 'data') offset += 8 + view.getUint32(offset + 4, true);
  return new Int16Array(wav.slice(offset + 8, offset + 8 + view.getUint32(offset + 4, true)).buffer);
}

describe('variations', () => {
  const variation: TrackRequest = {
    ...original,
    seed: 77,
    variation: { from: original, keep: ['drums', 'bass'] },
  };

  it('keep the kept parts note for note and write the others again from the new seed', () => {
    const before = composeRequest(original).composition;
    const after = composeRequest(variation).composition;
    assert.deepEqual(
      after.parts.map((p) => p.id),
      before.parts.map((p) => p.id),
    );
    for (const part of before.parts) {
      const kept = part.role === 'drums' || part.role === 'bass';
      if (kept) assert.equal(partNotes(after, part.id), partNotes(before, part.id), `${part.id} kept`);
      else assert.notEqual(partNotes(after, part.id), partNotes(before, part.id), `${part.id} rewritten`);
    }
    assert.deepEqual(after.chords, before.chords, 'a kept bass keeps its chords');
    assert.equal(after.bpm, before.bpm);
    assert.deepEqual(after.key, before.key);
  });

  it('write a kept part from the original seed’s own stream, whatever the seed of the rest', () => {
    const { brief, composition } = composeRequest(original);
    const rewritten = composeTrack(brief, {
      seed: 1234,
      partSeeds: { bass: original.seed },
      harmonySeed: original.seed,
    });
    assert.equal(partNotes(rewritten, 'bass'), partNotes(composition, 'bass'));
    assert.notEqual(partNotes(rewritten, 'drums'), partNotes(composition, 'drums'));
  });

  it('render the kept stems sample for sample', async () => {
    const before = composeRequest(original);
    const after = composeRequest(variation);
    const options = { sampleRate: SAMPLE_RATE, stems: true, genre: before.brief.genre, seed: original.seed };
    const a = await renderComposition(before.composition, bank, options);
    const b = await renderComposition(after.composition, bank, { ...options, seed: variation.seed });
    for (const id of ['drums', 'bass']) {
      const stemA = a.stems?.find((s) => s.partId === id)?.buffer;
      const stemB = b.stems?.find((s) => s.partId === id)?.buffer;
      assert.ok(stemA && stemB);
      assert.ok(samplesEqual(stemA, stemB), `${id} stem identical`);
    }
    const leadA = a.stems?.find((s) => s.partId === 'lead')?.buffer as AudioBuffer;
    const leadB = b.stems?.find((s) => s.partId === 'lead')?.buffer as AudioBuffer;
    assert.ok(!samplesEqual(leadA, leadB), 'the lead was written again');
  });

  it('of a variation keep what each step kept, from the seed that first wrote it', () => {
    const second: TrackRequest = {
      ...original,
      seed: 901,
      variation: { from: variation, keep: ['drums', 'lead'] },
    };
    const root = composeRequest(original).composition;
    const first = composeRequest(variation).composition;
    const last = composeRequest(second).composition;
    assert.equal(partNotes(last, 'drums'), partNotes(root, 'drums'));
    assert.equal(partNotes(last, 'lead'), partNotes(first, 'lead'));
    assert.notEqual(partNotes(last, 'bass'), partNotes(first, 'bass'));
  });

  it('refuse an unknown part, naming the parts there are', async () => {
    await assert.rejects(
      generateTrack({ ...variation, variation: { from: original, keep: ['cowbell' as 'drums'] } }, { bank }),
      (error: unknown) =>
        error instanceof EngineError &&
        /unknown part cowbell/.test(error.message) &&
        /drums, /.test(error.message),
    );
  });
});

describe('extensions', () => {
  const extension: TrackRequest = { ...original, durationSeconds: 30, extend: { from: original } };

  it('copy the score up to the original’s ending and continue it in the same tempo, key and meter', () => {
    const before = composeRequest(original).composition;
    const after = composeRequest(extension).composition;
    const cut = extensionCutTick(before);
    assert.ok(cut > 0);
    assert.equal(after.bpm, before.bpm);
    assert.deepEqual(after.key, before.key);
    assert.deepEqual(after.meter, before.meter);
    for (const part of before.parts) {
      const early = (c: Composition) =>
        JSON.stringify(c.parts.find((p) => p.id === part.id)?.notes.filter((n) => n.startTick < cut));
      assert.equal(early(after), early(before), `${part.id} before the cut`);
      const later = after.parts.find((p) => p.id === part.id)?.notes.filter((n) => n.startTick >= cut) ?? [];
      if (part.notes.length > 0) assert.ok(later.length > 0, `${part.id} plays on after the cut`);
    }
    const sections = after.sections;
    assert.equal(sections[sections.length - 1]?.name, 'outro');
    assert.equal(sections[0]?.startTick, 0);
    for (let i = 1; i < sections.length; i++) assert.equal(sections[i]?.startTick, sections[i - 1]?.endTick);
  });

  it('start with the original’s mastered audio sample for sample, up to its ending', async () => {
    const outputs = { formats: ['wav' as const], midi: false, waveform: false };
    const a = await generateTrack({ ...original, outputs }, { bank });
    const b = await generateTrack({ ...extension, outputs }, { bank });
    assert.equal(b.audio.durationSeconds, 30);
    const cutSeconds = (extensionCutTick(a.composition) * 60) / (a.composition.bpm * a.composition.ppq);
    const frames = Math.floor((cutSeconds - LIMITER_LOOKAHEAD_SECONDS) * SAMPLE_RATE) * 2;
    const pcmA = pcm16Frames(a.files.wav as Uint8Array);
    const pcmB = pcm16Frames(b.files.wav as Uint8Array);
    let firstDifference = -1;
    for (let i = 0; i < frames; i++) {
      if (pcmA[i] !== pcmB[i]) {
        firstDifference = i;
        break;
      }
    }
    assert.equal(firstDifference, -1, `identical for the first ${(frames / 2 / SAMPLE_RATE).toFixed(2)} s`);
    let differs = false;
    for (let i = frames; i < pcmA.length && !differs; i++) differs = pcmA[i] !== pcmB[i];
    assert.ok(differs, 'the ending is not copied');
    assert.ok(Math.abs(b.audio.loudnessLufs + 14) < 1, `loudness ${b.audio.loudnessLufs}`);
    assert.ok(b.audio.truePeakDbtp <= -1, `true peak ${b.audio.truePeakDbtp}`);
  });

  it('start with the original’s MP3, decoded sample for sample, up to its ending', async () => {
    // 26 s and 40 s: the MP3s are encoded in 15 s segments, so both cross a seam before the cut
    const first: TrackRequest = {
      ...original,
      durationSeconds: 26,
      outputs: { formats: ['mp3'], midi: false, waveform: false },
    };
    const longer: TrackRequest = { ...first, durationSeconds: 40, extend: { from: first } };
    const a = await generateTrack(first, { bank });
    const b = await generateTrack(longer, { bank });
    const cutSeconds = (extensionCutTick(a.composition) * 60) / (a.composition.bpm * a.composition.ppq);
    assert.ok(cutSeconds > 16, `cut at ${cutSeconds} s, past the first seam`);
    const [pcmA, pcmB] = [
      await decodeMp3(a.files.mp3 as Uint8Array),
      await decodeMp3(b.files.mp3 as Uint8Array),
    ];
    const frames = Math.floor((cutSeconds - MP3_LOOKAHEAD_SECONDS) * SAMPLE_RATE);
    let firstDifference = -1;
    for (let i = 0; i < 2 * frames; i++) {
      if (pcmA[i] !== pcmB[i]) {
        firstDifference = i / 2 / SAMPLE_RATE;
        break;
      }
    }
    assert.equal(
      firstDifference,
      -1,
      `decoded MP3s agree for the first ${(frames / SAMPLE_RATE).toFixed(2)} s`,
    );
  });

  it('refuse a loop, a shorter length or another seed', async () => {
    const loop = { ...original, loop: true };
    for (const bad of [
      { ...loop, durationSeconds: 30, extend: { from: loop } },
      { ...original, durationSeconds: 12, extend: { from: original } },
      { ...original, seed: 6, durationSeconds: 30, extend: { from: original } },
    ]) {
      await assert.rejects(
        generateTrack(bad, { bank }),
        (error: unknown) => error instanceof EngineError && error.stage === 'request',
      );
    }
  });
});

describe('extensions of a track made from chords or a section plan', () => {
  const PROGRESSION = ['Am', 'F', 'C', 'G'];
  const PCS: Record<string, number[]> = { Am: [9, 0, 4], F: [5, 9, 0], C: [0, 4, 7], G: [7, 11, 2] };
  const withChords: TrackRequest = {
    prompt: 'pop with piano, bass and drums, 100 bpm',
    durationSeconds: 20,
    seed: 3,
    chords: PROGRESSION.join(' '),
  };
  const chordsExtension: TrackRequest = { ...withChords, durationSeconds: 40, extend: { from: withChords } };
  const planned: TrackRequest = {
    prompt: 'house with piano, bass and drums, 120 bpm',
    durationSeconds: 32,
    seed: 4,
    sections: [
      { name: 'intro', bars: 4, instruments: ['piano'] },
      { name: 'drop', bars: 8, energy: 0.9 },
      { name: 'Breakdown', bars: 4, instruments: ['piano', 'bass'] },
    ],
  };

  it('keep cycling the given progression after the cut, as the MIDI file plays it', () => {
    const before = composeRequest(withChords).composition;
    const after = composeRequest(chordsExtension).composition;
    const cutBar = extensionCutTick(before) / before.ticksPerBar;
    const midi = readMidiFile(encodeMidi(after));
    const piano = after.parts.find((p) => p.role === 'chords');
    assert.ok(piano, 'a chords part');
    const lastBar = Math.floor((after.durationSeconds * after.bpm) / 60 / after.meter.beatsPerBar) - 1;
    let barsChecked = 0;
    for (let bar = cutBar; bar < lastBar; bar++) {
      // the chord struck on the downbeat (a little early or late by the groove); later in the bar
      // the piano may anticipate the next chord
      const downbeat = bar * after.ticksPerBar;
      const pcs = midi.notes
        .filter((n) => n.channel === piano.channel)
        .filter((n) => Math.abs((n.startTick * PPQ) / midi.ppq - downbeat) < PPQ / 4)
        .map((n) => n.pitch % 12);
      if (pcs.length === 0) continue;
      const chord = PROGRESSION[bar % PROGRESSION.length] as string;
      for (const pc of pcs)
        assert.ok(PCS[chord]?.includes(pc), `bar ${bar}: pitch class ${pc} is not in ${chord}`);
      barsChecked++;
    }
    assert.ok(barsChecked >= 8, `${barsChecked} bars after the cut checked`);
  });

  it('start with the chords track’s audio sample for sample, up to its ending', async () => {
    const outputs = { formats: ['wav' as const], midi: false, waveform: false };
    const a = await generateTrack({ ...withChords, outputs }, { bank });
    const b = await generateTrack({ ...chordsExtension, outputs }, { bank });
    const cutSeconds = (extensionCutTick(a.composition) * 60) / (a.composition.bpm * a.composition.ppq);
    const frames = Math.floor((cutSeconds - LIMITER_LOOKAHEAD_SECONDS) * SAMPLE_RATE) * 2;
    const pcmA = pcm16Frames(a.files.wav as Uint8Array);
    const pcmB = pcm16Frames(b.files.wav as Uint8Array);
    assert.ok(frames > SAMPLE_RATE * 2 * 10, 'more than 10 s compared');
    for (let i = 0; i < frames; i++) {
      if (pcmA[i] !== pcmB[i]) assert.fail(`differs at ${(i / 2 / SAMPLE_RATE).toFixed(3)} s`);
    }
  });

  it('go on in a plan’s last section, with its name, energy and instruments', () => {
    const before = composeRequest(planned).composition;
    const after = composeRequest({ ...planned, durationSeconds: 60, extend: { from: planned } }).composition;
    const cut = extensionCutTick(before);
    const last = after.sections.at(-1);
    assert.equal(last?.label, 'Breakdown');
    assert.equal(last?.startTick, cut);
    assert.equal(last?.energy, before.sections.at(-1)?.energy);
    const drums = after.parts.find((p) => p.role === 'drums');
    assert.ok(drums, 'a drums part');
    assert.ok(
      drums.notes.some((n) => n.startTick < cut),
      'drums play in the drop',
    );
    assert.deepEqual(
      drums.notes.filter((n) => n.startTick >= cut),
      [],
      'the breakdown has no drums, and neither has its continuation',
    );
    const bass = after.parts.find((p) => p.role === 'bass');
    assert.ok(
      bass?.notes.some((n) => n.startTick >= cut + 8 * after.ticksPerBar),
      'the bass plays on',
    );
  });

  it('follow their own sections after the original’s last kept bar, the track as long as both', () => {
    const sections = [
      { name: 'Chorus 2', bars: 8, energy: 0.95 },
      { name: 'outro', seconds: 6, instruments: ['piano'] },
    ];
    const before = composeRequest(planned).composition;
    const length = extensionLength(planned, sections);
    const cutBars = extensionCutTick(before) / before.ticksPerBar;
    assert.equal(
      length,
      (cutBars + 8 + 3) * 2,
      '12 kept bars, 8 of chorus, 6 s of outro = 3 bars at 120 bpm',
    );
    const after = composeRequest({
      ...planned,
      durationSeconds: length,
      extend: { from: planned, sections },
    });
    assert.equal(after.composition.durationSeconds, length);
    assert.deepEqual(
      after.composition.sections.map((s) => [s.label, s.bars]),
      [
        ['intro', 4],
        ['drop', 8],
        ['Chorus 2', 8],
        ['outro', 3],
      ],
    );
    assert.equal(after.composition.sections[2]?.energy, 0.95);
    const outroStart = after.composition.sections[3]?.startTick as number;
    for (const part of after.composition.parts.filter((p) => p.name !== 'piano'))
      assert.ok(!part.notes.some((n) => n.startTick >= outroStart), `${part.id} rests in the piano outro`);
  });

  it('know their length without composing, as composing them gives it, along any chain', () => {
    const longer: TrackRequest = { ...planned, durationSeconds: 50, extend: { from: planned } };
    const varied: TrackRequest = { ...longer, seed: 99, variation: { from: longer, keep: ['bass'] } };
    const sections = [
      { name: 'bridge', bars: 16 },
      { name: 'outro', seconds: 5 },
    ];
    for (const from of [original, withChords, planned, longer, varied]) {
      const length = extensionLength(from, sections);
      const after = composeRequest({
        ...from,
        durationSeconds: length,
        extend: { from, sections },
      }).composition;
      assert.equal(after.durationSeconds, length, from.prompt);
      const cut = extensionCutTick(composeRequest(from).composition);
      assert.equal(after.sections.at(-2)?.startTick, cut, 'the plan starts at the cut');
      assert.deepEqual(
        after.sections.slice(-2).map((s) => s.label),
        ['bridge', 'outro'],
      );
    }
  });

  it('refuse sections they cannot follow, naming the field', () => {
    const cases: [unknown, string][] = [
      [[], 'sections'],
      [[{ name: 'chorus', bars: 0 }], 'sections[0].bars'],
      [
        [
          { name: 'chorus', bars: 4 },
          { name: 'solo', bars: 4, instruments: ['kazoo-9'] },
        ],
        'sections[1].instruments[0]',
      ],
      [[{ name: 'chorus', bars: 300 }], 'sections'],
      [[{ name: 'chorus', bars: 2 }], 'sections'],
    ];
    for (const [sections, field] of cases) {
      assert.throws(
        () => extensionLength(planned, sections),
        (error: unknown) => error instanceof InputError && error.field === field,
        field,
      );
    }
  });
});
