import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { composeTrack } from '../../src/composition/index.js';
import { GENRE_IDS, type VoiceSpec } from '../../src/types.js';
import { BASS, DRUMS, LEAD, makeBrief, PAD, PIANO } from './make-brief.js';

const VOICE: VoiceSpec = {
  id: 'voice_1',
  name: 'Aria',
  program: 53,
  lowPitch: 62,
  highPitch: 74,
  vibratoDepthCents: 40,
  vibratoRateHz: 5.5,
  articulation: 'legato',
  brightness: 0.6,
};

describe('composeTrack', () => {
  it('returns a deep-equal composition for the same brief and seed', () => {
    const brief = makeBrief({ genre: 'lofi', durationSeconds: 60 });
    assert.deepEqual(composeTrack(brief, { seed: 42 }), composeTrack(brief, { seed: 42 }));
  });

  it('writes different notes for different seeds', () => {
    const brief = makeBrief({ durationSeconds: 60 });
    const a = composeTrack(brief, { seed: 1 });
    const b = composeTrack(brief, { seed: 2 });
    const lead = (c: typeof a) => c.parts.find((p) => p.id === 'lead')!.notes.map((n) => n.pitch);
    assert.notDeepEqual(lead(a), lead(b));
  });

  it('writes different grooves and harmony for different genres', () => {
    const grooveOf = (genre: 'house' | 'reggae' | 'jazz') => {
      const c = composeTrack(makeBrief({ genre, durationSeconds: 30 }), { seed: 5 });
      const drums = c.parts.find((p) => p.isDrums)!;
      return {
        drums: drums.notes.slice(0, 24).map((n) => `${n.pitch}@${n.startTick % c.ticksPerBar}`),
        chords: c.chords.map((ch) => ch.symbol),
      };
    };
    const house = grooveOf('house');
    const reggae = grooveOf('reggae');
    const jazz = grooveOf('jazz');
    assert.notDeepEqual(house.drums, reggae.drums);
    assert.notDeepEqual(house.drums, jazz.drums);
    assert.ok(
      jazz.chords.some((s) => /7|9/.test(s)),
      `jazz uses seventh chords: ${jazz.chords.join(' ')}`,
    );
    assert.ok(!house.chords.some((s) => /9/.test(s)));
  });

  it('echoes the exact tempo, key and meter of the brief', () => {
    const brief = makeBrief({
      bpm: 93,
      key: { tonic: 'F#', mode: 'minor' },
      meter: { beatsPerBar: 3, beatUnit: 4 },
    });
    const c = composeTrack(brief, { seed: 3 });
    assert.equal(c.bpm, 93);
    assert.deepEqual(c.key, { tonic: 'F#', mode: 'minor' });
    assert.deepEqual(c.meter, { beatsPerBar: 3, beatUnit: 4 });
    assert.equal(c.ticksPerBar, 1440);
    assert.equal(c.ppq, 480);
  });

  it('uses 1440 ticks per bar for 6/8', () => {
    const c = composeTrack(makeBrief({ meter: { beatsPerBar: 6, beatUnit: 8 } }), { seed: 3 });
    assert.equal(c.ticksPerBar, 1440);
  });

  it('writes exactly one part per instrument and no drums part when the brief has none', () => {
    const brief = makeBrief({ instruments: [BASS, PIANO, LEAD], exclusions: ['drums'] });
    const c = composeTrack(brief, { seed: 9 });
    assert.deepEqual(
      c.parts.map((p) => p.role),
      ['bass', 'chords', 'lead'],
    );
    assert.ok(c.parts.every((p) => !p.isDrums && p.channel !== 9));
  });

  it('puts drums on channel 9 and melodic parts on distinct other channels', () => {
    const brief = makeBrief({
      instruments: [DRUMS, BASS, PIANO, { ...PIANO, name: 'guitar', program: 25 }, PAD, LEAD],
    });
    const c = composeTrack(brief, { seed: 9 });
    const drums = c.parts.filter((p) => p.isDrums);
    assert.ok(drums.every((p) => p.channel === 9));
    const channels = c.parts.filter((p) => !p.isDrums).map((p) => p.channel);
    assert.ok(channels.every((ch) => ch !== 9));
    assert.equal(new Set(channels).size, channels.length);
    assert.deepEqual(
      c.parts.map((p) => p.id),
      ['drums', 'bass', 'chords', 'chords-2', 'pad', 'lead'],
    );
  });

  it('performs the lead with the voice: its program, its range and vibrato after the attack', () => {
    const c = composeTrack(makeBrief({ durationSeconds: 45 }), { seed: 4, voice: VOICE });
    const lead = c.parts.find((p) => p.role === 'lead')!;
    assert.equal(lead.program, 53);
    assert.deepEqual(lead.voice, VOICE);
    assert.ok(lead.notes.length > 10);
    for (const note of lead.notes)
      assert.ok(note.pitch >= 62 && note.pitch <= 74, `pitch ${note.pitch} in voice range`);
    const modulation = lead.controls.filter((ctl) => ctl.type === 'modulation' && ctl.value > 0);
    assert.ok(modulation.length > 0);
    assert.ok(modulation.every((ctl) => !lead.notes.some((n) => n.startTick === ctl.tick)));
  });

  it('adds a lead part for the voice when the brief has none', () => {
    const c = composeTrack(makeBrief({ instruments: [DRUMS, BASS, PIANO] }), { seed: 4, voice: VOICE });
    assert.deepEqual(
      c.parts.map((p) => p.role),
      ['drums', 'bass', 'chords', 'lead'],
    );
    assert.equal(c.parts[3]!.program, 53);
  });

  it('shortens notes for a staccato voice compared with a legato one', () => {
    const brief = makeBrief({ durationSeconds: 30 });
    const mean = (articulation: VoiceSpec['articulation']) => {
      const lead = composeTrack(brief, { seed: 4, voice: { ...VOICE, articulation } }).parts.find(
        (p) => p.role === 'lead',
      )!;
      return lead.notes.reduce((sum, n) => sum + n.durationTicks, 0) / lead.notes.length;
    };
    assert.ok(mean('staccato') < mean('legato') * 0.7);
  });

  for (const genre of GENRE_IDS) {
    it(`writes legal, sorted notes for ${genre}`, () => {
      const c = composeTrack(makeBrief({ genre, durationSeconds: 40, key: { tonic: 'Eb', mode: 'minor' } }), {
        seed: 11,
      });
      const endTick = Math.round((c.durationSeconds * c.bpm * c.ppq) / 60);
      for (const part of c.parts) {
        assert.ok(part.notes.length > 0, `${part.id} has notes`);
        part.notes.forEach((n, i) => {
          assert.ok(Number.isInteger(n.startTick) && Number.isInteger(n.durationTicks));
          assert.ok(n.pitch >= 0 && n.pitch <= 127);
          assert.ok(n.velocity >= 1 && n.velocity <= 127);
          assert.ok(n.durationTicks > 0 && n.startTick >= 0 && n.startTick + n.durationTicks <= endTick);
          if (i > 0) assert.ok(part.notes[i - 1]!.startTick <= n.startTick);
        });
        assert.ok(part.volume >= 0 && part.volume <= 127 && part.pan >= -1 && part.pan <= 1);
      }
    });
  }
});

describe('genre blend', () => {
  it('adds the secondary genre percussion colour to the groove', () => {
    const plain = composeTrack(makeBrief({ genre: 'house', durationSeconds: 30, arousal: 0.8 }), { seed: 2 });
    const blended = composeTrack(
      makeBrief({ genre: 'house', secondaryGenre: 'latin', durationSeconds: 30, arousal: 0.8 }),
      { seed: 2 },
    );
    const drumPitches = (c: typeof plain) =>
      new Set(c.parts.find((p) => p.isDrums)!.notes.map((n) => n.pitch));
    assert.ok(!drumPitches(plain).has(75));
    assert.ok(drumPitches(blended).has(75), 'claves from latin');
    assert.ok(drumPitches(blended).has(36), 'house kick kept');
  });
});
