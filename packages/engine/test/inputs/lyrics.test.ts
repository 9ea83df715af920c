import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { InputError, prepareTrack } from '../../src/index.js';
import { MAX_LYRIC_LINES, MAX_LYRICS_CHARACTERS, parseLyrics } from '../../src/inputs/lyrics.js';
import { composeRequest } from '../../src/lineage.js';
import { summariseMusic } from '../../src/summary.js';

const SONG = `[verse]
I walked along the river in the morning light
The city was asleep and everything was right
[chorus]
Hold on to the feeling, never let it go
[verse]
Every little window had a story to tell
[chorus]`;

function refusal(run: () => unknown): InputError {
  try {
    run();
  } catch (error) {
    assert.ok(error instanceof InputError, String(error));
    return error;
  }
  assert.fail('expected an InputError');
}

describe('lyrics input', () => {
  it('reads tagged sections in order and sings a bare [chorus] again with the first chorus lines', () => {
    const sections = parseLyrics(SONG);
    assert.deepEqual(
      sections.map((section) => [section.label, section.role, section.lines.length, section.repeat]),
      [
        ['Verse', 'verse', 2, false],
        ['Chorus', 'chorus', 1, false],
        ['Verse 2', 'verse', 1, false],
        ['Chorus 2', 'chorus', 1, true],
      ],
    );
    assert.deepEqual(sections[3]!.lines, sections[1]!.lines);
  });

  it('treats lines before any tag as a verse and ignores blank lines and spacing', () => {
    const sections = parseLyrics('\n  hello   there  \n\n[Chorus]\nsing it out\n');
    assert.deepEqual(
      sections.map((section) => [section.label, section.lines]),
      [
        ['Verse', ['hello there']],
        ['Chorus', ['sing it out']],
      ],
    );
  });

  for (const [what, lyrics, message] of [
    [
      'an unknown tag',
      '[hook]\nhello',
      /line 1: unknown tag "\[hook\]"; tags are \[verse\], \[chorus\], \[bridge\], \[outro\]/,
    ],
    ['no words', '\n  \n', /has no lines to sing/],
    [
      'a bare chorus with none before it',
      'hello\n[chorus]',
      /\[chorus\] has no lines and no earlier chorus to repeat/,
    ],
    ['digits', 'one 2 three', /line 1 "one 2 three" has characters the singers cannot sing/],
    ['another script', 'こんにちは', /has characters the singers cannot sing: use English words/],
    ['a line of punctuation', '...', /line 1 has no words to sing/],
    ['a line too long', 'la '.repeat(60), /a sung line may be at most 120/],
    ['too many characters', 'la\n'.repeat(MAX_LYRICS_CHARACTERS), /may be at most 3000 characters/],
    ['too many lines', 'la\n'.repeat(MAX_LYRIC_LINES + 1), /may have at most 120 sung lines \(got 121\)/],
    ['not text', 42, /must be text/],
  ] as const) {
    it(`refuses ${what}, naming the lyrics and what is wrong`, () => {
      const error = refusal(() => parseLyrics(lyrics));
      assert.equal(error.field, 'lyrics');
      assert.match(error.message, message);
    });
  }

  it('refuses lyrics that cannot fit the duration, saying how many seconds they need', () => {
    const error = refusal(() =>
      prepareTrack({ prompt: 'pop song, 100 bpm', durationSeconds: 10, seed: 1, lyrics: SONG }),
    );
    assert.equal(error.field, 'lyrics');
    const seconds = Number(/need at least (\d+) s at 100 bpm/.exec(error.message)?.[1]);
    assert.ok(seconds > 10 && seconds < 60, error.message);
    // and the length it names is enough
    assert.doesNotThrow(() =>
      prepareTrack({ prompt: 'pop song, 100 bpm', durationSeconds: seconds, seed: 1, lyrics: SONG }),
    );
  });

  it('refuses lyrics for a voice that plays an instrument, naming the voice', () => {
    const voice = {
      name: 'Sax',
      program: 66,
      lowPitch: 50,
      highPitch: 70,
      vibratoDepthCents: 10,
      vibratoRateHz: 5,
      articulation: 'normal' as const,
      brightness: 0.5,
    };
    const error = refusal(() =>
      prepareTrack({ prompt: 'pop', durationSeconds: 60, seed: 1, lyrics: 'hello', voice }),
    );
    assert.equal(error.field, 'voice');
    assert.match(error.message, /plays an instrument and does not sing lyrics/);
  });

  it('makes the tags the section plan and keeps the exact duration', () => {
    const request = { prompt: 'warm pop ballad', durationSeconds: 75.5, seed: 5, lyrics: SONG };
    const { durationSeconds } = prepareTrack(request);
    assert.equal(durationSeconds, 75.5);
    const { brief, composition } = composeRequest(request);
    assert.equal(composition.durationSeconds, 75.5);
    const names = summariseMusic(brief, composition).sections.map((section) => section.name);
    const sung = names.filter((name) => /^(Verse|Chorus)/.test(name));
    assert.deepEqual(sung, ['Verse', 'Chorus', 'Verse 2', 'Chorus 2']);
    assert.equal(names[0], 'Intro');
  });

  it('lists the sung lines with their sections and start times in order, a repeated chorus included', () => {
    const request = { prompt: 'warm pop ballad', durationSeconds: 75, seed: 5, lyrics: SONG };
    const { brief, composition } = composeRequest(request);
    const lines = summariseMusic(brief, composition).lyrics ?? [];
    assert.deepEqual(
      lines.map((line) => [line.section, line.text]),
      [
        ['Verse', 'I walked along the river in the morning light'],
        ['Verse', 'The city was asleep and everything was right'],
        ['Chorus', 'Hold on to the feeling, never let it go'],
        ['Verse 2', 'Every little window had a story to tell'],
        ['Chorus 2', 'Hold on to the feeling, never let it go'],
      ],
    );
    for (let i = 1; i < lines.length; i++)
      assert.ok(lines[i]!.start >= lines[i - 1]!.end, 'lines do not overlap');
    const chorus2 = composition.sections.find((section) => section.label === 'Chorus 2')!;
    const secondsPerTick = 60 / (composition.bpm * composition.ppq);
    assert.ok(
      Math.abs(lines[4]!.start - chorus2.startTick * secondsPerTick) < 1,
      'the repeat is sung in its section',
    );
  });
});
