import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseMidi } from 'midi-file';
import { sungStress } from '../../src/composition/vocal-rhythm.js';
import { encodeMidi } from '../../src/encoding/index.js';
import { readMelody } from '../../src/index.js';
import { parseLyrics, wordsOfLine } from '../../src/inputs/lyrics.js';
import { composeRequest } from '../../src/lineage.js';
import { findSungVoice, sungVoiceSpec } from '../../src/singer-voices.js';
import { summariseMusic } from '../../src/summary.js';
import type { Composition, Part, TrackRequest } from '../../src/types.js';
import { SINGERS } from '../../src/vocals/sing.js';
import { midiFile } from '../inputs/midi-fixtures.js';

const SONG = `[verse]
I walked along the river in the morning light
The city was asleep and everything was right
[chorus]
Hold on to the feeling, never let it go
Sing it to the rafters, let the whole world know
[bridge]
Don't you ever wonder where the rivers go
[chorus]`;

const vocalOf = (composition: Composition): Part => {
  const part = composition.parts.find((candidate) => candidate.vocal);
  assert.ok(part, 'a vocal part');
  return part;
};

/** The words the MIDI file's lyric events spell, joining "hel-" "lo" back into "hello". */
function midiLyricWords(composition: Composition): string[] {
  const midi = parseMidi(encodeMidi(composition));
  const index = composition.parts.findIndex((part) => part.vocal);
  const events = midi.tracks[index + 1]!.filter((event) => event.type === 'lyrics') as { text: string }[];
  const words: string[] = [];
  let word = '';
  for (const { text } of events) {
    if (text.endsWith('-')) word += text.slice(0, -1);
    else {
      words.push(word + text);
      word = '';
    }
  }
  return words;
}

const compose = (request: Partial<TrackRequest>) =>
  composeRequest({ prompt: 'warm pop ballad', durationSeconds: 80, seed: 9, lyrics: SONG, ...request });

describe('the vocal part', () => {
  it('writes MIDI lyric events that equal the lyrics word for word, a repeated chorus sung again', () => {
    const { composition } = compose({});
    const expected = parseLyrics(SONG).flatMap((section) => section.lines.flatMap(wordsOfLine));
    assert.deepEqual(midiLyricWords(composition), expected);
  });

  it('sings the words of numbers in its MIDI lyric events while the listed line keeps its digits', () => {
    const lyrics = 'We were 17 in 1999\nDancing 24/7';
    const { composition } = compose({ lyrics, durationSeconds: 40 });
    assert.deepEqual(
      midiLyricWords(composition),
      'We were seventeen in nineteen ninety nine Dancing twenty four seven'.split(' '),
    );
    assert.deepEqual(
      vocalOf(composition).vocal!.lines.map((line) => line.text),
      ['We were 17 in 1999', 'Dancing 24/7'],
    );
  });

  it('times every sung word inside its line, in order, a held last vowel staying with its word', () => {
    const { brief, composition } = compose({});
    const lines = summariseMusic(brief, composition).lyrics ?? [];
    const expected = parseLyrics(SONG).flatMap((section) => section.lines.flatMap(wordsOfLine));
    assert.deepEqual(
      lines.flatMap((line) => line.words.map((word) => word.text)),
      expected,
    );
    for (const line of lines) {
      line.words.forEach((word, i) => {
        assert.ok(word.start >= line.start && word.end <= line.end + 0.01, `${word.text} inside its line`);
        assert.ok(word.end > word.start, `${word.text} lasts`);
        if (i > 0)
          assert.ok(word.start >= line.words[i - 1]!.end - 0.01, `${word.text} after the word before`);
      });
      assert.equal(line.words.at(-1)!.end, line.end, 'the last word is held to the end of the line');
    }
  });

  it('sings a syllable per note, holding a vowel over extra notes only (melisma), inside the singer range', () => {
    const { composition } = compose({});
    const vocal = vocalOf(composition);
    const singer = SINGERS.find((candidate) => candidate.id === vocal.vocal!.singerId)!;
    assert.equal(vocal.vocal!.syllables.length, vocal.notes.length);
    for (const [index, note] of vocal.notes.entries()) {
      assert.ok(
        note.pitch >= singer.rangeMidi[0] && note.pitch <= singer.rangeMidi[1],
        `note ${index} in range`,
      );
      if (vocal.vocal!.syllables[index] === null)
        assert.ok(index > 0 && !vocal.vocal!.phraseStarts.includes(index));
      const next = vocal.notes[index + 1];
      if (next) assert.ok(note.startTick + note.durationTicks <= next.startTick, 'one note at a time');
    }
    const syllableCount = vocal.vocal!.syllables.filter((syllable) => syllable !== null).length;
    const wanted = parseLyrics(SONG)
      .flatMap((section) => section.lines)
      .reduce((sum, line) => sum + wordsOfLine(line).length, 0);
    assert.ok(syllableCount >= wanted, 'at least a syllable per word');
  });

  it('puts stressed syllables on beats and ends each phrase on a long chord tone', () => {
    const { composition } = compose({});
    const vocal = vocalOf(composition);
    const syllables = vocal.vocal!.syllables;
    // stressed as sung: one-syllable function words ("the", "was") are pickups, not beats
    const stressed = vocal.notes.filter((_, i) => {
      const syllable = syllables[i];
      return syllable ? sungStress(syllable) === 1 : false;
    });
    const onBeat = stressed.filter((note) => note.startTick % composition.ppq === 0);
    assert.ok(
      onBeat.length / stressed.length >= 0.8,
      `${onBeat.length}/${stressed.length} stressed syllables on a beat`,
    );
    const starts = vocal.vocal!.phraseStarts;
    starts.forEach((start, p) => {
      const end = (starts[p + 1] ?? vocal.notes.length) - 1;
      const last = vocal.notes[end]!;
      const phrase = vocal.notes.slice(start, end + 1);
      assert.ok(last.durationTicks >= composition.ppq, `phrase ${p} ends on a note of a beat or more`);
      const lengths = phrase.map((note) => note.durationTicks).sort((a, b) => a - b);
      const median = lengths[Math.floor(lengths.length / 2)]!;
      assert.ok(
        last.durationTicks >= median,
        `phrase ${p} ends held: ${last.durationTicks} vs median ${median}`,
      );
      const chord = composition.chords.findLast((c) => c.startTick <= last.startTick)!;
      const pcs = chord.pitches.map((pitch) => pitch % 12);
      assert.ok(pcs.includes(last.pitch % 12), `phrase ${p} ends on a tone of ${chord.symbol}`);
    });
  });

  it('sings a repeated chorus to the same melody', () => {
    const { composition } = compose({});
    const vocal = vocalOf(composition);
    const lines = vocal.vocal!.lines.filter((line) => line.text.startsWith('Hold on'));
    assert.equal(lines.length, 2);
    const melodyOf = (startTick: number) =>
      vocal.notes
        .filter(
          (note) => note.startTick >= startTick && note.startTick < startTick + 4 * composition.ticksPerBar,
        )
        .map((note) => [note.startTick - startTick, note.pitch]);
    assert.deepEqual(melodyOf(lines[1]!.startTick), melodyOf(lines[0]!.startTick));
  });

  it('raps trap on the sixteenth grid with stresses on beats and a double on each line end', () => {
    const { composition } = compose({ prompt: 'dark trap beat' });
    const vocal = vocalOf(composition);
    assert.equal(vocal.vocal!.delivery, 'rap');
    for (const note of vocal.notes) assert.equal(note.startTick % 120, 0, `${note.startTick} on a sixteenth`);
    const syllables = vocal.vocal!.syllables;
    const stressed = vocal.notes.filter((_, i) => syllables[i]?.stress === 1);
    const onEighth = stressed.filter((note) => note.startTick % 240 === 0);
    assert.ok(
      onEighth.length / stressed.length >= 0.7,
      `${onEighth.length}/${stressed.length} stresses on the beat grid`,
    );
    // every line's last note is doubled
    const starts = vocal.vocal!.phraseStarts;
    for (let p = 0; p < starts.length; p++) {
      const last = (starts[p + 1] ?? vocal.notes.length) - 1;
      assert.ok(vocal.vocal!.doubled.includes(last), `line ${p} end doubled`);
    }
    assert.equal(
      compose({ prompt: 'a rap over a funky groove' }).composition.parts.find((p) => p.vocal)?.vocal
        ?.delivery,
      'rap',
    );
    assert.equal(vocalOf(compose({}).composition).vocal!.delivery, 'sung');
  });

  it('lays the words on a given melody, a syllable per melody note', () => {
    const tune = [60, 62, 64, 65, 67, 65, 64, 62];
    const bytes = midiFile([tune.map((pitch, i) => ({ tick: i * 480, ticks: 400, pitch }))], { bpm: 100 });
    const melody = readMelody(bytes);
    const { composition } = compose({ lyrics: 'la la la la la la la la', melody, durationSeconds: 30 });
    const vocal = vocalOf(composition);
    const pcs = new Set(tune.map((pitch) => pitch % 12));
    for (const note of vocal.notes) assert.ok(pcs.has(note.pitch % 12), 'on the melody');
    assert.deepEqual(midiLyricWords(composition), Array(8).fill('la'));
  });

  it('sings a sung voice without lyrics on vowels, with no lines listed', () => {
    const voice = sungVoiceSpec(findSungVoice('Maya Bright')!);
    const { composition } = composeRequest({ prompt: 'dreamy pop', durationSeconds: 30, seed: 2, voice });
    const vocal = vocalOf(composition);
    assert.equal(vocal.vocal!.wordless, true);
    assert.equal(vocal.vocal!.singerId, 'soprano');
    const vowels = new Set(vocal.vocal!.syllables.filter((s) => s !== null).map((s) => s!.text));
    assert.ok(
      [...vowels].every((text) => text === 'ah' || text === 'ooh'),
      [...vowels].join(),
    );
    assert.equal(vocal.vocal!.lines.length, 0);
  });

  it('ducks the other leads under the sung phrases', () => {
    const withWords = compose({ prompt: 'pop with synth lead' }).composition;
    const without = composeRequest({
      prompt: 'pop with synth lead',
      durationSeconds: 80,
      seed: 9,
    }).composition;
    const lead = (composition: Composition) =>
      composition.parts.find((part) => part.id === 'lead' && !part.vocal);
    const sungLead = lead(withWords);
    const plainLead = lead(without);
    assert.ok(sungLead && plainLead);
    const mean = (part: Part) => part.notes.reduce((sum, note) => sum + note.velocity, 0) / part.notes.length;
    assert.ok(mean(sungLead) < mean(plainLead) * 0.95, `${mean(sungLead)} < ${mean(plainLead)}`);
  });

  it('composes the same vocal for the same request', () => {
    assert.deepEqual(vocalOf(compose({}).composition), vocalOf(compose({}).composition));
  });
});
