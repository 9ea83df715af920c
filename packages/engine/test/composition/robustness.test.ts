import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { composeTrack } from '../../src/composition/index.js';
import { createRng } from '../../src/random.js';
import { GENRE_IDS, type InstrumentChoice, type Meter, type Mode } from '../../src/types.js';
import { BASS, DRUMS, LEAD, makeBrief, PAD, PIANO } from './make-brief.js';
import { longestSilenceSeconds, tickToSeconds } from './score-checks.js';

const METERS: Meter[] = [
  { beatsPerBar: 4, beatUnit: 4 },
  { beatsPerBar: 3, beatUnit: 4 },
  { beatsPerBar: 6, beatUnit: 8 },
  { beatsPerBar: 2, beatUnit: 4 },
  { beatsPerBar: 5, beatUnit: 4 },
  { beatsPerBar: 7, beatUnit: 8 },
  { beatsPerBar: 12, beatUnit: 8 },
];
const MODES: Mode[] = ['major', 'minor', 'dorian', 'phrygian', 'lydian', 'mixolydian'];
const TONICS = ['C', 'C#', 'Db', 'D', 'Eb', 'E', 'F', 'F#', 'Gb', 'G', 'Ab', 'A', 'Bb', 'B'];
const EXTRA: InstrumentChoice[] = [
  { name: 'counter', program: 71, role: 'counter', isDrums: false },
  { name: 'arp', program: 81, role: 'arp', isDrums: false },
  { name: 'shaker', program: 0, role: 'percussion', isDrums: true },
  { name: 'timpani', program: 47, role: 'percussion', isDrums: false },
];
const POOL = [DRUMS, BASS, PIANO, PAD, LEAD, ...EXTRA];

describe('robustness', () => {
  it('composes 150 random briefs with legal notes that fill the duration without long silences', () => {
    const rng = createRng(2024);
    for (let i = 0; i < 150; i++) {
      const instruments = POOL.filter(() => rng.chance(0.5));
      if (!instruments.some((x) => !x.isDrums)) instruments.push(PAD);
      const brief = makeBrief({
        genre: rng.pick(GENRE_IDS),
        bpm: rng.int(40, 220),
        durationSeconds: rng.pick([5, 9.5, 15, 30, 61, 120, 240]),
        meter: rng.pick(METERS),
        key: { tonic: rng.pick(TONICS), mode: rng.pick(MODES) },
        arousal: rng.next(),
        energyCurve: [rng.next(), rng.next(), rng.next()],
        loop: rng.chance(0.3),
        instruments,
      });
      const label = `${brief.genre} ${brief.bpm} ${brief.meter.beatsPerBar}/${brief.meter.beatUnit} ${brief.durationSeconds}s`;
      const lowPitch = rng.int(40, 80);
      const voice = rng.chance(0.3)
        ? {
            name: 'fuzz voice',
            program: rng.int(0, 127),
            lowPitch,
            highPitch: lowPitch + rng.int(3, 30),
            vibratoDepthCents: rng.int(0, 120),
            vibratoRateHz: 5,
            articulation: rng.pick(['legato', 'normal', 'staccato'] as const),
            brightness: rng.next(),
          }
        : undefined;
      const c = composeTrack(brief, { seed: i, voice });
      if (voice) {
        const lead = c.parts.find((p) => p.voice)!;
        assert.ok(
          lead.notes.every((n) => n.pitch >= voice.lowPitch && n.pitch <= voice.highPitch),
          label,
        );
        assert.ok(
          lead.controls.every((ctl) => ctl.value >= 0 && ctl.value <= 127),
          label,
        );
      }
      const addsLead = voice !== undefined && !instruments.some((x) => x.role === 'lead');
      assert.equal(c.parts.length, instruments.length + (addsLead ? 1 : 0), label);
      assert.ok(Math.abs(tickToSeconds(c, c.sections.at(-1)!.endTick) - brief.durationSeconds) < 0.01, label);
      for (const part of c.parts) {
        for (const n of part.notes) {
          assert.ok(
            n.pitch >= 0 && n.pitch <= 127 && n.velocity >= 1 && n.velocity <= 127 && n.durationTicks > 0,
            label,
          );
        }
      }
      const silence = longestSilenceSeconds(c, brief.durationSeconds - 0.3);
      assert.ok(silence <= 1, `${label}: silence ${silence}`);
    }
  });

  it('writes no parts for an empty instrumentation and stays valid', () => {
    const c = composeTrack(makeBrief({ instruments: [] }), { seed: 1 });
    assert.deepEqual(c.parts, []);
    assert.ok(c.sections.length > 0 && c.chords.length > 0);
  });
});
