import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseBrief } from '../../src/brief/index.js';
import { composeTrack } from '../../src/composition/index.js';
import { getGenreRecord } from '../../src/genres/index.js';
import type { Composition, Part } from '../../src/types.js';

const STEP = 120;

function compose(prompt: string, seed: number): Composition {
  return composeTrack(parseBrief(prompt, { durationSeconds: 40, seed }), { seed });
}
const partWithProgram = (c: Composition, program: number): Part | undefined =>
  c.parts.find((p) => !p.isDrums && p.program === program);
const mean = (values: number[]): number => values.reduce((sum, v) => sum + v, 0) / values.length;

describe('reggae', () => {
  it("bubbles the organ on the off-beat sixteenths: no organ note on a beat's first two sixteenths", () => {
    for (const seed of [1, 2, 3]) {
      const organ = partWithProgram(compose('laid back roots reggae with a one drop groove', seed), 16);
      assert.ok(organ && organ.notes.length > 20, 'an organ part plays');
      // the final chord rings from the downbeat: only the groove's notes count
      const groove = organ.notes.filter((n) => n.durationTicks < 4 * STEP);
      const onTheBeat = groove.filter((n) => [0, 1].includes(Math.round(n.startTick / STEP) % 4));
      assert.equal(onTheBeat.length, 0, `seed ${seed}: ${onTheBeat.length} organ notes on a beat`);
    }
  });
});

describe('afrobeat', () => {
  it('gives the horn section short chord stabs and the theme in unison, with no tenor sax and no organ pad', () => {
    for (const seed of [1, 2]) {
      const c = compose('afrobeat groove with horns and interlocking guitars', seed);
      const horns = c.parts.find((p) => p.role === 'chords' && p.program === 61);
      assert.ok(horns, 'a horn section on the second chords part');
      const lengths = horns.notes.map((n) => n.durationTicks);
      assert.ok(mean(lengths) <= 2 * STEP, `stabs, not held lines (mean ${mean(lengths)} ticks)`);
      // humanised: a chord's notes start a few ticks apart, on the same sixteenth
      const starts = new Set(horns.notes.map((n) => Math.round(n.startTick / STEP)));
      assert.ok(horns.notes.length >= 2 * starts.size, 'each stab is a chord of two or more notes');
      // Fela's horns state the theme together (a tenor sax lead was heard as jazz), over no held organ
      assert.equal(c.parts.find((p) => p.role === 'lead')?.program, 61, `seed ${seed}: lead program`);
      assert.equal(partWithProgram(c, 66), undefined, `seed ${seed}: no tenor sax`);
      assert.equal(
        c.parts.find((p) => p.role === 'pad'),
        undefined,
        `seed ${seed}: no pad`,
      );
      assert.equal(partWithProgram(c, 16), undefined, `seed ${seed}: no organ`);
    }
  });

  it('ghosts the snare around the backbeat, and runs the hi-hat in sixteenths, as Tony Allen plays them', () => {
    const c = compose('afrobeat groove with horns and interlocking guitars', 1);
    const kit = c.parts.find((p) => p.role === 'drums')!;
    const snare = kit.notes.filter((n) => n.pitch === 38);
    const ghosts = snare.filter((n) => n.velocity < 60);
    const backbeats = snare.filter((n) => n.velocity >= 80);
    assert.ok(backbeats.length > 0, 'a backbeat');
    // the closed hi-hat on every sixteenth of a bar
    const hats = new Set(
      kit.notes.filter((n) => n.pitch === 42).map((n) => Math.round(n.startTick / STEP) % 16),
    );
    assert.equal(hats.size, 16, `hi-hat on ${hats.size} of 16 sixteenths`);
    assert.ok(
      ghosts.length >= 1.5 * backbeats.length,
      `${ghosts.length} ghost strokes, ${backbeats.length} backbeats`,
    );
  });

  it('is recorded on tape, as a 1970s Lagos record was', () => {
    assert.equal(getGenreRecord('afrobeat').sound.tapeColour, true);
  });
});

describe('a baroque minuet', () => {
  it('trills the long note that closes a phrase (upper note first, thirty-seconds)', () => {
    for (const seed of [1, 2, 3]) {
      const lead = compose('elegant baroque minuet', seed).parts.find((p) => p.role === 'lead')!;
      const notes = [...lead.notes].sort((a, b) => a.startTick - b.startTick);
      let trills = 0;
      for (let i = 0; i + 3 < notes.length; i++) {
        const run = notes.slice(i, i + 4);
        const alternating = run.every(
          (n, k) => n.durationTicks === 60 && (k < 2 || n.pitch === run[k - 2]!.pitch),
        );
        if (alternating && run[0]!.pitch > run[1]!.pitch) trills++;
      }
      assert.ok(trills >= 1, `seed ${seed}: no trill in the lead`);
    }
  });

  it('plays each second phrase as a piano echo of the forte phrase before it (terraced, on every part)', () => {
    const c = compose('elegant baroque minuet', 1);
    const phraseTicks = c.ticksPerBar * 4;
    for (const part of c.parts) {
      const forte = part.notes.filter((n) => Math.floor(n.startTick / phraseTicks) % 2 === 0);
      const piano = part.notes.filter((n) => Math.floor(n.startTick / phraseTicks) % 2 === 1);
      assert.ok(
        mean(piano.map((n) => n.velocity)) < 0.85 * mean(forte.map((n) => n.velocity)),
        `${part.id}: echo phrases are not softer`,
      );
    }
    assert.ok(
      c.parts.every((p) => !p.isDrums),
      'no drums',
    );
    assert.equal(c.meter.beatsPerBar, 3);
  });
});

describe('a minimal piano loop', () => {
  it('is a felt piano alone: every part a darkened piano, no bass, no drums', () => {
    for (const seed of [1, 2, 3]) {
      const c = compose('minimal piano loop for a podcast intro', seed);
      assert.ok(c.parts.length > 0);
      for (const part of c.parts) {
        assert.ok(!part.isDrums && part.role !== 'bass', `seed ${seed}: ${part.id} plays`);
        assert.equal(part.program, 0);
        assert.ok(
          part.brightness !== undefined && part.brightness < 0.3,
          `seed ${seed}: ${part.id} is not felt`,
        );
      }
    }
  });

  it('keeps the open grand when other instruments play or the piece is lively', () => {
    for (const prompt of ['lo-fi hip hop with piano', 'upbeat energetic piano, fast']) {
      const c = compose(prompt, 1);
      assert.ok(
        c.parts.every((p) => p.brightness === undefined),
        `${prompt} got a felt piano`,
      );
    }
  });
});

describe('funk', () => {
  it('adds hand percussion on the drum channel: tambourine sixteenths and congas', () => {
    for (const seed of [1, 2, 3]) {
      const c = compose('funky slap bass groove in E dorian, 108 bpm', seed);
      const percussion = c.parts.find((p) => p.role === 'percussion');
      assert.ok(percussion, `seed ${seed}: no percussion part`);
      assert.equal(percussion.isDrums, true);
      assert.equal(percussion.channel, 9);
      const tambourine = percussion.notes.filter((n) => n.pitch === 54);
      const congas = percussion.notes.filter((n) => n.pitch === 63 || n.pitch === 64);
      assert.ok(tambourine.length > 40 && congas.length > 10, `seed ${seed}: tambourine and congas play`);
      // sixteenths: consecutive tambourine hits a sixteenth apart (swing moves the off ones a little)
      const starts = tambourine.map((n) => n.startTick).sort((a, b) => a - b);
      const gaps = starts.slice(1).map((t, i) => t - starts[i]!);
      assert.ok(gaps.filter((g) => g <= STEP + 20).length > gaps.length / 2, 'tambourine in sixteenths');
    }
  });

  it('mixes the groove over the keys and horns: kit and slap bass over both, percussion over the keys, the guitar level with them', () => {
    const c = compose('funky slap bass groove in E dorian, 108 bpm', 1);
    const volume = (role: string) => c.parts.find((p) => p.role === role)!.volume;
    for (const role of ['drums', 'bass']) {
      assert.ok(
        volume(role) > volume('chords'),
        `${role} (${volume(role)}) over the keys (${volume('chords')})`,
      );
      assert.ok(
        volume(role) > volume('lead'),
        `${role} (${volume(role)}) over the horns (${volume('lead')})`,
      );
    }
    assert.ok(
      volume('percussion') > volume('chords'),
      `percussion ${volume('percussion')}, keys ${volume('chords')}`,
    );
    // the chopped guitar, a background arpeggio in most genres, as loud as the keys
    assert.ok(volume('arp') >= volume('chords'), `guitar ${volume('arp')}, keys ${volume('chords')}`);
  });
});

describe('afrobeat balance', () => {
  it('mixes the kit and bass far over the rhythm guitar and horn stabs, the hand drums over both guitars', () => {
    for (const seed of [1, 2]) {
      const c = compose('afrobeat groove with horns and interlocking guitars', seed);
      const volume = (role: string) => c.parts.find((p) => p.role === role)!.volume;
      // a funk band's balance: the groove 30 or more channel-volume steps over the chords parts
      for (const role of ['drums', 'bass']) {
        assert.ok(
          volume(role) - volume('chords') >= 30,
          `seed ${seed}: ${role} ${volume(role)}, chords ${volume('chords')}`,
        );
      }
      for (const under of ['arp', 'chords']) {
        assert.ok(volume('percussion') > volume(under), `seed ${seed}: percussion over ${under}`);
      }
    }
  });
});

describe('bossa nova', () => {
  it('puts a tenor sax on the lead over nylon guitar and piano, with no flute or strings', () => {
    for (const seed of [1, 2, 3]) {
      const c = compose('bossa nova for a seaside cafe in D major', seed);
      const lead = c.parts.find((p) => p.role === 'lead')!;
      assert.equal(lead.program, 66, `seed ${seed}: lead program`);
      assert.ok(partWithProgram(c, 24), 'nylon guitar');
      assert.ok(partWithProgram(c, 0), 'piano');
      assert.equal(partWithProgram(c, 73), undefined, 'no flute');
      assert.equal(partWithProgram(c, 49), undefined, 'no slow strings');
    }
  });
});

describe('blues', () => {
  it('walks an upright bass under an overdriven lead guitar', () => {
    for (const seed of [1, 2, 3]) {
      const c = compose('slow blues shuffle in A major, 90 bpm', seed);
      assert.equal(c.parts.find((p) => p.role === 'lead')?.program, 29, `seed ${seed}: lead program`);
      assert.equal(c.parts.find((p) => p.role === 'bass')?.program, 32, `seed ${seed}: bass program`);
    }
  });

  it('bends the lead guitar up into its held notes, a whole or half step, and settles each bend at pitch', () => {
    for (const seed of [1, 2, 3]) {
      const lead = compose('slow blues shuffle in A major, 90 bpm', seed).parts.find(
        (p) => p.role === 'lead',
      )!;
      const bends = lead.controls.filter((c) => c.type === 'pitchBend');
      const held = lead.notes.filter((n) => n.durationTicks >= 2 * STEP);
      // a bend starts on a note's attack from a whole step (−8192) or a half step (−4096) below
      const bentNotes = held.filter((n) =>
        bends.some((b) => b.tick === n.startTick && (b.value === -8192 || b.value === -4096)),
      );
      assert.ok(
        bentNotes.length >= held.length / 3,
        `seed ${seed}: ${bentNotes.length} of ${held.length} held notes bent`,
      );
      // every note that starts is at pitch by the next note: the last bend value before each attack
      // that is not itself bent is neutral or a vibrato swing of under a semitone
      for (const b of bends) assert.ok(b.value >= -8192 && b.value <= 8191);
      const vibrato = bends.filter((b) => b.value > 0);
      assert.ok(vibrato.length > 0, `seed ${seed}: finger vibrato on the longest notes`);
      assert.ok(Math.max(...vibrato.map((b) => b.value)) < 4096, 'vibrato narrower than a semitone');
    }
  });

  it('leaves a blues piano lead unbent: a piano cannot bend', () => {
    const piano = compose('blues piano solo', 1).parts.find((p) => p.role === 'lead')!;
    assert.equal(piano.program, 0);
    assert.equal(piano.controls.filter((c) => c.type === 'pitchBend').length, 0);
  });

  it("leaves the other genres' leads unbent", () => {
    const lead = compose('country road trip song, 100 bpm', 1).parts.find((p) => p.role === 'lead')!;
    assert.equal(lead.controls.filter((c) => c.type === 'pitchBend').length, 0);
  });

  it('is recorded on tape in a band room', () => {
    assert.equal(getGenreRecord('blues').sound.tapeColour, true);
  });
});
