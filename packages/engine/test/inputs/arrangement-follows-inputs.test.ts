import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { composeTrack } from '../../src/composition/index.js';
import { encodeMidi } from '../../src/encoding/index.js';
import { InputError, prepareTrack, readMelody, readMidiFile } from '../../src/index.js';
import type { MidiNote } from '../../src/inputs/midi-reader.js';
import { summariseMusic } from '../../src/summary.js';
import type { TrackRequest } from '../../src/types.js';
import { midiFile } from './midi-fixtures.js';

/** Composes a request and reads its score back from the MIDI file the engine writes. */
function composeAndRead(request: TrackRequest) {
  const prepared = prepareTrack(request);
  const composition = composeTrack(prepared.brief, { seed: request.seed, ...prepared.inputs });
  const file = readMidiFile(encodeMidi(composition));
  // MIDI track 0 is the conductor; part i is track i + 1.
  const notesOf = (role: string) => {
    const index = composition.parts.findIndex((part) => part.role === role);
    assert.ok(index >= 0, `a ${role} part`);
    return file.notes.filter((note) => note.track === index + 1);
  };
  return { prepared, composition, file, notesOf };
}

const pcsOf = (notes: MidiNote[]) => [...new Set(notes.map((note) => note.pitch % 12))].sort((a, b) => a - b);

describe('the arrangement follows the inputs', () => {
  it('plays a given progression chord for chord, looped over the form (read from the MIDI)', () => {
    const progression = ['Am', 'F', 'C/E', 'G7'];
    const expected: Record<string, { pcs: number[]; bass: number }> = {
      Am: { pcs: [0, 4, 9], bass: 9 },
      F: { pcs: [0, 5, 9], bass: 5 },
      'C/E': { pcs: [0, 4, 7], bass: 4 },
      G7: { pcs: [2, 5, 7, 11], bass: 7 },
    };
    for (const prompt of ['upbeat pop with piano', 'chill lo-fi hip hop', 'house music 124 bpm']) {
      const { composition, file, notesOf } = composeAndRead({
        prompt,
        durationSeconds: 40,
        seed: 5,
        chords: progression.join(' '),
      });
      const tpb = composition.ticksPerBar;
      const lastBar = composition.chords.at(-1)!.startTick / tpb; // the ringing final bar
      const bass = notesOf('bass');
      const harmonyParts = composition.parts
        .map((part, index) => ({ part, track: index + 1 }))
        .filter(({ part }) => part.role === 'chords' || part.role === 'pad');
      assert.ok(harmonyParts.length > 0, `${prompt}: a chord part`);
      for (let bar = 0; bar < lastBar; bar++) {
        const symbol = progression[bar % progression.length]!;
        const from = bar * tpb;
        const inBar = (note: MidiNote) => note.startTick >= from - 40 && note.startTick < from + tpb - 40;
        for (const { part, track } of harmonyParts) {
          const notes = file.notes.filter((note) => note.track === track && inBar(note));
          if (notes.length === 0) continue;
          const heard = pcsOf(notes);
          assert.ok(
            heard.every((pc) => expected[symbol]!.pcs.includes(pc)) && heard.length >= 3,
            `${prompt}: bar ${bar + 1} ${part.name} plays ${heard} for ${symbol}`,
          );
        }
        const downbeat = bass.find((note) => Math.abs(note.startTick - from) <= 40);
        if (downbeat)
          assert.equal(downbeat.pitch % 12, expected[symbol]!.bass, `${prompt}: bass of bar ${bar + 1}`);
      }
      // The chord list the composition reports is the progression too.
      const reported = composition.chords.slice(0, 8).map((chord) => chord.symbol);
      assert.deepEqual(
        reported,
        [...progression, ...progression].map((s) => (s === 'C/E' ? 'C/E' : s)),
      );
      assert.equal(composition.chords.at(-1)!.symbol, 'Am', 'the last ringing chord is the progression home');
    }
  });

  it('splits bars between the chords of a bar', () => {
    const { composition } = composeAndRead({
      prompt: 'jazz trio',
      durationSeconds: 30,
      seed: 2,
      chords: '| Dm7 G7 | Cmaj7 |',
    });
    const tpb = composition.ticksPerBar;
    assert.deepEqual(
      composition.chords.slice(0, 6).map((c) => [c.symbol, c.startTick / tpb]),
      [
        ['Dm7', 0],
        ['G7', 0.5],
        ['Cmaj7', 1],
        ['Dm7', 2],
        ['G7', 2.5],
        ['Cmaj7', 3],
      ],
    );
  });

  it('plays an input melody note for note in the lead, at the file tempo, moved only by octaves', () => {
    // A tune in D minor at 96 bpm, slightly off the grid as a human would play it (PPQ 96).
    const tune = [62, 65, 69, 67, 65, 64, 62, 61, 62, 69, 70, 69, 67, 65, 64, 62];
    const lengths = [1, 1, 2, 1, 1, 2, 1, 1, 2, 1, 1, 2, 2, 2, 2, 4];
    let tick = 0;
    const notes = tune.map((pitch, i) => {
      const note = {
        tick: tick + (i % 3 === 1 ? 3 : i % 3 === 2 ? -2 : 0),
        ticks: lengths[i]! * 48 - 6,
        pitch,
      };
      tick += lengths[i]! * 48;
      return note;
    });
    notes[0]!.tick = 0;
    const bytes = midiFile([notes], { ppq: 96, bpm: 96 });
    const melody = readMelody(bytes);
    assert.equal(melody.bpm, 96);
    assert.deepEqual(
      melody.notes.map((n) => n.pitch),
      tune,
    );
    assert.ok(
      melody.notes.every((n) => n.startTick % 120 === 0),
      'quantised to sixteenths',
    );

    const { prepared, composition, notesOf } = composeAndRead({
      prompt: 'cinematic strings',
      durationSeconds: 30,
      seed: 9,
      melody,
    });
    assert.equal(composition.bpm, 96);
    assert.equal(prepared.brief.bpmSource, 'melody');
    assert.deepEqual(prepared.brief.key, { tonic: 'D', mode: 'minor' });
    const lead = notesOf('lead').sort((a, b) => a.startTick - b.startTick);
    const played = lead.slice(0, tune.length);
    const shift = played[0]!.pitch - tune[0]!;
    assert.equal(shift % 12, 0, 'moved by whole octaves');
    assert.deepEqual(
      played.map((n) => n.pitch - shift),
      tune,
    );
    played.forEach((note, i) => {
      assert.ok(Math.abs(note.startTick - melody.notes[i]!.startTick) <= 60, `note ${i + 1} on time`);
    });
    // The melody comes round again after its four bars, and the harmony fits it (chord tones on the downbeats).
    const cycle = 4 * composition.ticksPerBar;
    const again = lead.filter((n) => n.startTick >= cycle - 60).slice(0, tune.length);
    assert.deepEqual(
      again.map((n) => n.pitch - shift),
      tune,
    );
    for (const chord of composition.chords.slice(0, 4)) {
      const onDownbeat = melody.notes.find((n) => n.startTick === chord.startTick);
      if (onDownbeat) {
        const pcs = chord.pitches.map((p) => p % 12);
        assert.ok(
          pcs.includes(onDownbeat.pitch % 12),
          `${chord.symbol} holds the melody's ${onDownbeat.pitch}`,
        );
      }
    }
  });

  it('follows a section plan: boundaries on the planned bars, planned energy and instruments', () => {
    const { prepared, composition, file } = composeAndRead({
      prompt: 'pop with piano, drums and bass 120 bpm',
      durationSeconds: 10,
      seed: 3,
      sections: [
        { name: 'Intro', bars: 4, instruments: ['piano'] },
        { name: 'Verse 1', seconds: 8 },
        { name: 'Chorus', bars: 8, energy: 1 },
        { name: 'Outro', bars: 2, energy: 0.1, prompt: 'calm, no drums' },
      ],
    });
    // 8 s at 120 bpm in 4/4 is 4 bars; the plan is 18 bars = 36 s and wins over durationSeconds.
    assert.equal(prepared.durationSeconds, 36);
    assert.deepEqual(
      composition.sections.map((s) => [s.label, s.name, s.startBar, s.bars]),
      [
        ['Intro', 'intro', 0, 4],
        ['Verse 1', 'verse', 4, 4],
        ['Chorus', 'chorus', 8, 8],
        ['Outro', 'outro', 16, 2],
      ],
    );
    assert.equal(composition.sections[2]!.energy, 1);
    assert.equal(composition.sections[3]!.energy, 0.1);
    const tpb = composition.ticksPerBar;
    const drumsTrack = composition.parts.findIndex((p) => p.isDrums) + 1;
    const pianoTrack = composition.parts.findIndex((p) => p.name.includes('piano')) + 1;
    assert.ok(drumsTrack > 0 && pianoTrack > 0);
    const startsIn = (track: number, fromBar: number, toBar: number) =>
      file.notes.filter(
        (n) => n.track === track && n.startTick >= fromBar * tpb && n.startTick < toBar * tpb - 40,
      );
    assert.equal(startsIn(drumsTrack, 0, 4).length, 0, 'no drums in the piano-only intro');
    assert.ok(startsIn(pianoTrack, 0, 4).length > 0, 'piano in the intro');
    for (const part of composition.parts) {
      if (part.name.includes('piano')) continue;
      const track = composition.parts.indexOf(part) + 1;
      assert.equal(startsIn(track, 0, 4).length, 0, `${part.name} rests in the intro`);
    }
    assert.ok(
      startsIn(drumsTrack, 8, 16).length > startsIn(drumsTrack, 4, 8).length,
      'the chorus drives harder',
    );
    assert.equal(startsIn(drumsTrack, 16, 18).length, 0, 'no drums in the outro');
    const music = summariseMusic(prepared.brief, composition);
    assert.deepEqual(
      music.sections.map((s) => [s.name, s.start, s.end]),
      [
        ['Intro', 0, 8],
        ['Verse 1', 8, 16],
        ['Chorus', 16, 32],
        ['Outro', 32, 36],
      ],
    );
  });

  it('refuses a plan longer than 600 s, a section with both or neither length, and an unknown instrument', () => {
    const base = { prompt: 'ambient 60 bpm', durationSeconds: 30, seed: 1 };
    assert.throws(
      () =>
        prepareTrack({
          ...base,
          sections: [
            { name: 'a', bars: 100 },
            { name: 'b', bars: 100 },
          ],
        }),
      (error: unknown) =>
        error instanceof InputError && error.field === 'sections' && /at most 600 s/.test(error.message),
    );
    assert.throws(
      () => prepareTrack({ ...base, sections: [{ name: 'a', bars: 4, seconds: 8 }] }),
      (error: unknown) => error instanceof InputError && error.field === 'sections[0]',
    );
    assert.throws(
      () => prepareTrack({ ...base, sections: [{ name: 'a', bars: 4, instruments: ['kazoo-o-matic'] }] }),
      (error: unknown) => error instanceof InputError && error.field === 'sections[0].instruments[0]',
    );
  });
});
