// The habits that make an analyzer (and a listener) hear the asked tempo and key: beat-level
// grooves at fast tempos, leaning on the beat at slow ones, chord colours inside the mode and a
// tonic pedal under the parent-scale modes.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { leanOnTheBeat } from '../../src/composition/groove.js';
import { composeTrack } from '../../src/composition/index.js';
import { scalePitchClasses } from '../../src/music/theory.js';
import type { Brief, Composition, GenreId, NoteEvent, Part } from '../../src/types.js';
import { BASS, DRUMS, LEAD, makeBrief, PIANO } from './make-brief.js';

const KICK = 36;
const SNARE = 38;
const BEAT_TICKS = 480;

function compose(genre: GenreId, extra: Partial<Brief> = {}): Composition {
  return composeTrack(
    makeBrief({
      genre,
      durationSeconds: 60,
      arousal: 0.8,
      instruments: [DRUMS, BASS, PIANO, LEAD],
      ...extra,
    }),
    { seed: 3 },
  );
}

function part(c: Composition, role: string): Part {
  const found = c.parts.find((p) => p.role === role);
  assert.ok(found, `a ${role} part`);
  return found;
}

/** Sixteenth steps within the bar where a pitch sounds in the loudest section, before its fill bar. */
function stepsOf(c: Composition, notes: NoteEvent[], pitch: number): number[] {
  const loudest = c.sections.reduce((a, b) => (b.energy > a.energy ? b : a));
  const end = loudest.endTick - c.ticksPerBar;
  const steps = notes
    .filter((n) => n.pitch === pitch && n.startTick >= loudest.startTick && n.startTick < end)
    .map((n) => Math.round((n.startTick % c.ticksPerBar) / 120) % 16);
  return [...new Set(steps)].sort((a, b) => a - b);
}

describe('pulse at fast tempos', () => {
  it('plays the thrash beat for fast metal: kick on every beat, snare on every off-beat', () => {
    const c = compose('metal', { bpm: 180 });
    const drums = part(c, 'drums').notes;
    assert.ok([0, 4, 8, 12].every((step) => stepsOf(c, drums, KICK).includes(step)));
    assert.deepEqual(
      stepsOf(c, drums, SNARE).filter((step) => step % 4 !== 2),
      [],
    );
  });

  it('keeps the backbeat for metal below the fast threshold', () => {
    const c = compose('metal', { bpm: 120 });
    assert.ok(stepsOf(c, part(c, 'drums').notes, SNARE).includes(4));
  });

  it('writes the son clave across two bars for salsa', () => {
    const c = compose('latin', { bpm: 180 });
    const claves = part(c, 'drums').notes.filter((n) => n.pitch === 75);
    const positions = new Set(claves.map((n) => Math.round((n.startTick % (2 * c.ticksPerBar)) / 120) % 32));
    assert.deepEqual(
      [...positions].sort((a, b) => a - b),
      [0, 6, 12, 20, 24],
    );
  });

  it('marks every beat with the bass drum for fast salsa, and keeps the anticipations below', () => {
    const fast = compose('latin', { bpm: 180 });
    assert.deepEqual(stepsOf(fast, part(fast, 'drums').notes, KICK), [0, 4, 8, 12]);
    const slow = compose('latin', { bpm: 150 });
    assert.deepEqual(stepsOf(slow, part(slow, 'drums').notes, KICK), [6, 12]);
  });

  it('never writes lead notes closer than 0.14 s, so a 180 bpm line moves in eighths', () => {
    const c = compose('latin', { bpm: 180 });
    const onsets = [...new Set(part(c, 'lead').notes.map((n) => n.startTick))].sort((a, b) => a - b);
    const gaps = onsets.slice(1).map((tick, i) => tick - (onsets[i] as number));
    const shortestSeconds = (Math.min(...gaps) * 60) / (c.bpm * c.ppq);
    assert.ok(shortestSeconds >= 0.14 * 0.9, `shortest gap ${shortestSeconds.toFixed(3)} s`);
  });

  it('drives energetic orchestral strings in eighths and calm ones sustain', () => {
    const strings = { name: 'strings', program: 48, role: 'chords' as const, isDrums: false };
    const energetic = compose('orchestral', { bpm: 140, instruments: [BASS, strings] });
    const loudest = energetic.sections.reduce((a, b) => (b.energy > a.energy ? b : a));
    const eighths = part(energetic, 'chords').notes.filter(
      (n) => n.startTick >= loudest.startTick && n.startTick < loudest.endTick && n.startTick % 240 === 0,
    );
    assert.ok(
      eighths.some((n) => n.startTick % BEAT_TICKS !== 0),
      'off-beat eighths in the loudest section',
    );
    const calm = compose('orchestral', { bpm: 70, arousal: 0.1, instruments: [BASS, strings] });
    assert.ok(
      part(calm, 'chords').notes.every((n) => n.startTick % calm.ticksPerBar === 0 || n.durationTicks >= 960),
    );
  });
});

describe('pulse at slow tempos', () => {
  const note = (startTick: number, pitch: number): NoteEvent => ({
    startTick,
    durationTicks: 100,
    pitch,
    velocity: 100,
  });

  it('softens notes between the beats below 85 bpm and leaves the beats alone', () => {
    const [onBeat, between] = leanOnTheBeat([note(480, 60), note(720, 62)], 72, BEAT_TICKS, false);
    assert.equal(onBeat?.velocity, 100);
    assert.ok((between?.velocity ?? 100) < 60);
  });

  it('keeps a drum groove’s kicks and snares between the beats, softening only cymbals', () => {
    const [kick, snare, hat] = leanOnTheBeat(
      [note(720, KICK), note(840, SNARE), note(240, 42)],
      72,
      BEAT_TICKS,
      true,
    );
    assert.equal(kick?.velocity, 100);
    assert.equal(snare?.velocity, 100);
    assert.ok((hat?.velocity ?? 100) < 60);
  });

  it('changes nothing from 85 bpm up', () => {
    const notes = [note(720, 62)];
    assert.equal(leanOnTheBeat(notes, 85, BEAT_TICKS, false), notes);
  });
});

describe('key', () => {
  it('keeps every chord of an F lydian track inside the mode (no V7 B♭, no IImaj7 F♯)', () => {
    for (const genre of ['house', 'jazz', 'lofi'] as GenreId[]) {
      const key = { tonic: 'F', mode: 'lydian' as const };
      const c = compose(genre, { key });
      const scale = new Set(scalePitchClasses(key));
      for (const chord of c.chords) {
        const outside = chord.pitches.filter((p) => !scale.has(p % 12));
        assert.deepEqual(outside, [], `${genre}: ${chord.symbol}`);
      }
    }
  });

  it('holds the tonic in the bass under the changes in dorian, lydian and mixolydian', () => {
    for (const mode of ['dorian', 'lydian', 'mixolydian'] as const) {
      const c = compose('synthwave', { key: { tonic: 'G', mode } });
      const downbeats = part(c, 'bass').notes.filter((n) => n.startTick % c.ticksPerBar === 0);
      const onTonic = downbeats.filter((n) => n.pitch % 12 === 7).length;
      assert.ok(onTonic / downbeats.length > 0.9, `${mode}: ${onTonic}/${downbeats.length} downbeats on G`);
    }
  });

  it('keeps the pedal bass inside the mode: a minor third in dorian, a major one in mixolydian', () => {
    for (const mode of ['dorian', 'mixolydian'] as const) {
      const key = { tonic: 'A', mode };
      const c = compose('reggae', { key, bpm: 90 });
      const scale = new Set(scalePitchClasses(key));
      // the last eighth of the reggae figure is a chromatic approach into the next bar, by design
      const approachTick = c.ticksPerBar - 240;
      const outside = part(c, 'bass').notes.filter(
        (n) => !scale.has(n.pitch % 12) && Math.abs((n.startTick % c.ticksPerBar) - approachTick) > 30,
      );
      assert.deepEqual(
        outside.map((n) => n.pitch % 12),
        [],
        mode,
      );
    }
  });

  it('lets the bass follow the chord roots in major keys', () => {
    const c = compose('synthwave', { key: { tonic: 'G', mode: 'major' } });
    const downbeats = part(c, 'bass').notes.filter((n) => n.startTick % c.ticksPerBar === 0);
    assert.ok(new Set(downbeats.map((n) => n.pitch % 12)).size > 1);
  });
});
