// What the prompt names is what plays: read back from the MIDI file the engine writes (programs
// and channels of the sounding tracks), not only from the brief's reported instrument list.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseMidi } from 'midi-file';
import { parseBrief } from '../../src/brief/index.js';
import { composeTrack } from '../../src/composition/index.js';
import { encodeMidi } from '../../src/encoding/index.js';

const SEEDS = [1, 2, 3, 4, 5, 6];
const DRUM_CHANNEL = 9;

interface SoundingTrack {
  channel: number;
  program: number;
}

/** The tracks of the engine's MIDI file that play notes, with their channel and program. */
function soundingTracks(prompt: string, seed: number): SoundingTrack[] {
  const brief = parseBrief(prompt, { durationSeconds: 20, seed });
  const midi = parseMidi(encodeMidi(composeTrack(brief, { seed })));
  const tracks: SoundingTrack[] = [];
  for (const events of midi.tracks) {
    let program = 0;
    let channel = -1;
    for (const event of events) {
      if (event.type === 'programChange') program = event.programNumber;
      if (event.type === 'noteOn' && event.velocity > 0) channel = event.channel;
    }
    if (channel >= 0) tracks.push({ channel, program });
  }
  return tracks;
}

const melodicPrograms = (tracks: SoundingTrack[]) =>
  [...new Set(tracks.filter((t) => t.channel !== DRUM_CHANNEL).map((t) => t.program))].sort((a, b) => a - b);
const hasDrums = (tracks: SoundingTrack[]) => tracks.some((t) => t.channel === DRUM_CHANNEL);
// General MIDI basses (32–39) on any channel: the rhythm section's bass line.
const hasBassGuitar = (tracks: SoundingTrack[]) => tracks.some((t) => t.program >= 32 && t.program <= 39);

describe('instrumentation from the words, as written to the MIDI file', () => {
  it('plays "calm piano" on the piano alone, with no drums or bass, on every seed', () => {
    for (const seed of SEEDS) {
      const tracks = soundingTracks('calm piano', seed);
      assert.deepEqual(melodicPrograms(tracks), [0], `seed ${seed}: ${JSON.stringify(tracks)}`);
      assert.equal(hasDrums(tracks), false, `seed ${seed}: drums`);
    }
  });

  it('plays a "flute and harp duet" on exactly a flute and a harp', () => {
    for (const seed of SEEDS) {
      const tracks = soundingTracks('flute and harp duet, peaceful', seed);
      assert.deepEqual(melodicPrograms(tracks), [46, 73], `seed ${seed}: ${JSON.stringify(tracks)}`);
      assert.equal(hasDrums(tracks), false, `seed ${seed}: drums`);
      assert.equal(tracks.length, 2, `seed ${seed}: two players`);
    }
  });

  it('plays "church choir with pipe organ" on a choir and a church organ, the choir leading', () => {
    for (const seed of SEEDS) {
      const tracks = soundingTracks('church choir with pipe organ', seed);
      assert.deepEqual(melodicPrograms(tracks), [19, 52], `seed ${seed}: ${JSON.stringify(tracks)}`);
      assert.equal(hasDrums(tracks), false, `seed ${seed}: drums`);
      const brief = parseBrief('church choir with pipe organ', { durationSeconds: 20, seed });
      assert.equal(brief.instruments.find((choice) => choice.role === 'lead')?.program, 52);
      assert.notEqual(brief.genre, 'pop', 'sacred music, not pop');
    }
  });

  it('plays a "minimal piano loop for a podcast intro" on a piano with no bass and no drums', () => {
    for (const seed of SEEDS) {
      const tracks = soundingTracks('minimal piano loop for a podcast intro', seed);
      assert.deepEqual(melodicPrograms(tracks), [0], `seed ${seed}`);
      assert.equal(hasDrums(tracks) || hasBassGuitar(tracks), false, `seed ${seed}`);
    }
  });

  it('gives a lone melody instrument a chord part under it but never a rhythm section', () => {
    for (const seed of SEEDS) {
      const tracks = soundingTracks('relaxing saxophone', seed);
      assert.ok(
        melodicPrograms(tracks).some((program) => program >= 64 && program <= 67),
        `seed ${seed}: the saxophone plays`,
      );
      assert.equal(tracks.length, 2, `seed ${seed}: the saxophone and one chord part`);
      assert.equal(hasDrums(tracks) || hasBassGuitar(tracks), false, `seed ${seed}`);
    }
  });

  it('counts the players of a duet, trio or quartet', () => {
    const cases: Array<[string, number]> = [
      ['guitar duet', 2],
      ['violin and cello duo', 2],
      ['jazz quartet', 4],
      ['cuarteto de jazz', 4],
      ['Jazz Quartett', 4],
      ['string trio', 3],
      ['clarinet trio, playful', 3],
    ];
    for (const [prompt, players] of cases) {
      for (const seed of [1, 2, 3]) {
        const tracks = soundingTracks(prompt, seed);
        assert.equal(tracks.length, players, `${prompt} seed ${seed}: ${JSON.stringify(tracks)}`);
      }
    }
    assert.ok(hasDrums(soundingTracks('jazz quartet', 1)), 'a jazz quartet has its drummer');
  });

  it('sings "a cappella" with voices only', () => {
    for (const seed of [1, 2, 3]) {
      const tracks = soundingTracks('a cappella hymn', seed);
      assert.ok(tracks.length >= 2, `seed ${seed}`);
      assert.ok(
        tracks.every((t) => t.channel !== DRUM_CHANNEL && t.program >= 52 && t.program <= 54),
        `seed ${seed}: ${JSON.stringify(tracks)}`,
      );
    }
  });

  it('plays a "baroque minuet" as two violins over harpsichord and cello, with no drums', () => {
    for (const seed of [1, 2, 3]) {
      const tracks = soundingTracks('baroque minuet', seed);
      assert.deepEqual(melodicPrograms(tracks), [6, 40, 42], `seed ${seed}: ${JSON.stringify(tracks)}`);
      assert.equal(hasDrums(tracks), false, `seed ${seed}`);
      assert.equal(tracks.filter((t) => t.program === 40).length, 2, `seed ${seed}: two violins`);
    }
  });

  it('drops the drums and bass for "no rhythm section"', () => {
    for (const seed of [1, 2, 3]) {
      const tracks = soundingTracks('upbeat pop, no rhythm section', seed);
      assert.equal(hasDrums(tracks), false, `seed ${seed}`);
      assert.ok(tracks.length >= 2, `seed ${seed}: the rest of the band still plays`);
      const brief = parseBrief('upbeat pop, no rhythm section', { durationSeconds: 20, seed });
      assert.ok(!brief.instruments.some((choice) => choice.role === 'bass'), `seed ${seed}: bass`);
    }
  });

  it("keeps a named genre's band and lets a named melody instrument lead it", () => {
    for (const seed of [1, 2, 3]) {
      const tracks = soundingTracks('jazz with flute', seed);
      assert.ok(hasDrums(tracks) && hasBassGuitar(tracks), `seed ${seed}: the jazz rhythm section stays`);
      const brief = parseBrief('jazz with flute', { durationSeconds: 20, seed });
      assert.equal(brief.instruments.find((choice) => choice.role === 'lead')?.program, 73);
      assert.equal(brief.instruments.filter((choice) => choice.role === 'lead').length, 1);
    }
    const lofi = soundingTracks('lofi beat with guitar', 1);
    assert.ok(hasDrums(lofi), 'a lo-fi beat keeps its drums');
  });
});
