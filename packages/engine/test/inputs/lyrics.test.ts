import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { InputError, prepareTrack } from '../../src/index.js';
import { MAX_LYRIC_LINES, MAX_LYRICS_CHARACTERS, parseLyrics, wordsOfLine } from '../../src/inputs/lyrics.js';
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

/** The section plan lyrics make for a request, as "Label:bars". */
function planOf(request: Parameters<typeof prepareTrack>[0]): string[] {
  return prepareTrack(request).inputs.plan!.map((section) => `${section.label}:${section.bars}`);
}

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
      '[chant]\nhello',
      /line 1: unknown tag "\[chant\]"; tags are \[verse\], \[pre-chorus\], \[chorus\], \[bridge\], \[outro\], or \[intro\], \[instrumental\] for instrumental sections/,
    ],
    [
      'lines under an instrumental tag',
      '[verse]\nhello\n[solo]\nla la',
      /line 4: \[solo\] is instrumental and takes no lines; put sung lines under \[verse\] or \[chorus\]/,
    ],
    ['lines under [intro]', '[intro]\nooh yeah', /line 2: \[intro\] is instrumental and takes no lines/],
    [
      'an [intro] after the singing starts',
      'hello\n[intro]',
      /line 2: \[intro\] opens the song: put it first/,
    ],
    [
      'words after the instrumental ending',
      'hello\n[outro]\n[verse]\nagain',
      /line 3: a bare \[outro\] is the instrumental ending; nothing can follow it/,
    ],
    ['no words', '\n  \n', /has no lines to sing/],
    [
      'a bare chorus with none before it',
      'hello\n[chorus]',
      /\[chorus\] has no lines and no earlier chorus to repeat/,
    ],
    ['a tag word with a digit inside', '[ver2se]\nhello', /line 1: unknown tag "\[ver2se\]"/],
    [
      'too many repeats',
      '[Chorus x9]\nhello',
      /line 1: \[Chorus x9\] repeats its section 9 times; write x1 to x4/,
    ],
    ['a symbol', 'one + three = four', /line 1 "one \+ three = four" has characters the singers cannot sing/],
    [
      'another script',
      'こんにちは',
      /has characters the singers cannot sing: use English words, digits and punctuation/,
    ],
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

  it('reads the tag words other tools write: hook, refrain, pre-chorus, a numbered verse with a name', () => {
    const sections = parseLyrics(
      '[Verse 1: Nora]\nhello there\n[Pre-Chorus]\nhere it comes\n[Hook]\nsing it out\n[Verse 2]\nback again\n[Refrain]',
    );
    assert.deepEqual(
      sections.map((section) => [section.label, section.role, section.lines, section.repeat]),
      [
        ['Verse', 'verse', ['hello there'], false],
        ['Pre-chorus', 'build', ['here it comes'], false],
        ['Chorus', 'chorus', ['sing it out'], false],
        ['Verse 2', 'verse', ['back again'], false],
        ['Chorus 2', 'chorus', ['sing it out'], true],
      ],
    );
  });

  it('sings a [Chorus x2] twice in a row and reads a name after a spaced dash', () => {
    const sections = parseLyrics(
      '[Verse - Nora]\nhello there\n[Chorus x2]\nsing it out\n[Instrumental x2]\n[chorus]',
    );
    assert.deepEqual(
      sections.map((section) => [section.label, section.lines, section.repeat]),
      [
        ['Verse', ['hello there'], false],
        ['Chorus', ['sing it out'], false],
        ['Chorus 2', ['sing it out'], true],
        ['Instrumental', [], false],
        ['Instrumental 2', [], true],
        ['Chorus 3', ['sing it out'], true],
      ],
    );
  });

  it('marks instrumental sections without lines: the intro, breaks and a bare outro that ends the song', () => {
    const sections = parseLyrics(
      '[Intro]\n[Verse]\nhello there\n[Interlude]\n[Chorus]\nsing it out\n[Solo]\n[Chorus]\n[Outro]',
    );
    assert.deepEqual(
      sections.map((section) => [section.label, section.role, section.lines.length]),
      [
        ['Intro', 'intro', 0],
        ['Verse', 'verse', 1],
        ['Instrumental', 'theme', 0],
        ['Chorus', 'chorus', 1],
        ['Instrumental 2', 'theme', 0],
        ['Chorus 2', 'chorus', 1],
        ['Outro', 'outro', 0],
      ],
    );
    // an outro with an earlier sung outro repeats it, as a chorus does
    assert.deepEqual(
      parseLyrics('[outro]\nbye now\n[outro]').map((section) => section.lines),
      [['bye now'], ['bye now']],
    );
  });

  it('sings numbers, "&" and "%" as words and keeps the line as written', () => {
    assert.deepEqual(
      wordsOfLine('In 1999 & 2024 I was 21, out 24/7 at 9:30 for 100% on the 3rd of May'),
      'In nineteen ninety nine and twenty twenty four I was twenty one out twenty four seven at nine thirty for one hundred percent on the third of May'.split(
        ' ',
      ),
    );
    assert.deepEqual(
      wordsOfLine(
        "1,250 miles, 2.5 days, 2005, 7:05, 12th, 90th, 0800, the 90s, the 1960s, the 80's, 3pm, 9:30 a.m.",
      ),
      [
        ...'one thousand two hundred fifty miles two point five days two thousand five seven oh five twelfth ninetieth zero eight zero zero the nineties the nineteen sixties the eighties three pee em nine thirty ay em'.split(
          ' ',
        ),
      ],
    );
    assert.deepEqual(parseLyrics('I have 99 problems')[0]!.lines, ['I have 99 problems']);
  });

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

  it('gives a long line the room it needs beside a short one, so the seconds a refusal names are enough', () => {
    const lyrics = '[intro]\n[instrumental]\n[pre-chorus]\nhold on\nwe were 17 in 1999 and young\n[outro]';
    const request = { prompt: 'pop, 180 bpm 6/8', seed: 1, lyrics };
    const error = refusal(() => prepareTrack({ ...request, durationSeconds: 5 }));
    const seconds = Number(/need at least (\d+) s/.exec(error.message)?.[1]);
    assert.ok(seconds > 5 && seconds < 12, error.message);
    assert.doesNotThrow(() => prepareTrack({ ...request, durationSeconds: seconds }));
  });

  it('sings lyrics with instrumental tags in a section plan of its own, each sung section in its namesake', () => {
    const request = {
      prompt: 'pop, 100 bpm',
      durationSeconds: 40,
      seed: 1,
      lyrics: '[intro]\n[verse]\nhold on to the feeling\n[instrumental]\n[chorus]\nsing it to the rafters',
      sections: [
        { name: 'Intro', bars: 2 },
        { name: 'Verse', bars: 6 },
        { name: 'Chorus', bars: 6 },
        { name: 'Outro', bars: 2 },
      ],
    };
    const { brief, composition } = composeRequest(request);
    const lines = summariseMusic(brief, composition).lyrics ?? [];
    assert.deepEqual(
      lines.map((line) => [line.section, line.text]),
      [
        ['Verse', 'hold on to the feeling'],
        ['Chorus', 'sing it to the rafters'],
      ],
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

  it('plans the intro, the marked breaks and the outro where the tags put them, and no breaks of its own', () => {
    const lyrics =
      '[intro]\n[verse]\nI walked along the river\n[instrumental]\n[chorus]\nHold on to the feeling\n[verse]\nEvery little window\n[chorus]\n[outro]';
    const request = { prompt: 'warm pop ballad, 90 bpm', durationSeconds: 90, seed: 5, lyrics };
    const { brief, composition } = composeRequest(request);
    assert.equal(composition.durationSeconds, 90);
    const names = summariseMusic(brief, composition).sections.map((section) => section.name);
    assert.deepEqual(names, ['Intro', 'Verse', 'Instrumental', 'Chorus', 'Verse 2', 'Chorus 2', 'Outro']);
    const bars = (label: string) => composition.sections.find((section) => section.label === label)!.bars;
    const inBars = bars('Instrumental');
    assert.ok(
      inBars >= 4 && inBars <= 8,
      `a marked break gets 4 to 8 bars when the track has room: ${inBars}`,
    );
    // without the markers the planner puts breaks of its own before each later section
    const plain = composeRequest({
      ...request,
      lyrics: lyrics.replace(/\[(intro|instrumental|outro)\]\n?/g, ''),
    });
    const plainNames = summariseMusic(plain.brief, plain.composition).sections.map((section) => section.name);
    assert.ok(plainNames.filter((name) => name.startsWith('Instrumental')).length >= 2, plainNames.join());
  });

  it('sings a closing chorus again when short lyrics ending on it would leave a long instrumental ending', () => {
    const lyrics =
      '[verse]\nStep into the room and the bass is getting louder\n[chorus]\nUp all night, yeah we run this town';
    const request = { prompt: 'dark trap beat', durationSeconds: 90, seed: 5, lyrics };
    const { brief, composition } = composeRequest(request);
    const music = summariseMusic(brief, composition);
    assert.deepEqual(
      music.lyrics?.map((line) => [line.section, line.text]),
      [
        ['Verse', 'Step into the room and the bass is getting louder'],
        ['Chorus', 'Up all night, yeah we run this town'],
        ['Chorus 2', 'Up all night, yeah we run this town'],
        ['Chorus 3', 'Up all night, yeah we run this town'],
      ],
    );
    const planned = planOf(request);
    // the exact duration holds: the plan is every whole bar of the 90 s
    const quarterNotesPerBar = (brief.meter.beatsPerBar * 4) / brief.meter.beatUnit;
    assert.equal(
      planned.reduce((sum, section) => sum + Number(section.split(':')[1]), 0),
      Math.floor((90 * brief.bpm) / 60 / quarterNotesPerBar),
    );
    assert.deepEqual(planned.slice(0, 2), ['Intro:8', 'Verse:4'], 'the intro grows to 8 bars first');
    // intros and breaks grow four bars at a time: a phrase, never 5 or 7 bars
    for (const section of planned.filter((name) => /^(Intro|Instrumental)/.test(name)))
      assert.equal(Number(section.split(':')[1]) % 4, 0, planned.join(' '));
    assert.ok(Number(planned.at(-1)!.split(':')[1]) >= 4, `the ending keeps 4 bars: ${planned.join(' ')}`);
    // twice at most: a longer track leaves the rest to the ending
    const longer = planOf({ ...request, durationSeconds: 120 });
    assert.equal(longer.filter((section) => section.startsWith('Chorus')).length, 3, longer.join(' '));
    // at 60 s there is time for one more
    const shorter = planOf({ ...request, durationSeconds: 60 });
    assert.equal(shorter.filter((section) => section.startsWith('Chorus')).length, 2, shorter.join(' '));
  });

  it('puts a break before each closing chorus when the lyrics mark their own breaks', () => {
    const lyrics =
      '[verse]\nStep into the room and the bass is getting louder\n[instrumental]\n[chorus]\nUp all night, yeah we run this town';
    const planned = planOf({ prompt: 'dark trap beat', durationSeconds: 120, seed: 5, lyrics });
    const names = planned.map((section) => section.split(':')[0]);
    assert.deepEqual(names.slice(0, 4), ['Intro', 'Verse', 'Instrumental', 'Chorus'], planned.join(' '));
    assert.deepEqual(names.slice(4, 6), ['Instrumental 2', 'Chorus 2'], 'no chorus straight after another');
  });

  it('lays lyrics on a melody as written, with no closing chorus', () => {
    const lyrics = '[verse]\nHold on\n[chorus]\nla la';
    const melody = {
      bpm: 90,
      meter: null,
      notes: Array.from({ length: 8 }, (_, i) => ({
        startTick: i * 480,
        durationTicks: 400,
        pitch: 72,
        velocity: 90,
      })),
    };
    const prepared = prepareTrack({ prompt: 'pop', durationSeconds: 120, seed: 5, lyrics, melody });
    assert.deepEqual(
      prepared.inputs.lyrics?.sections.map((section) => section.label),
      ['Verse', 'Chorus'],
    );
  });

  it('adds no chorus to lyrics that end on another section, nor when the time is already sung', () => {
    const verseLast =
      '[chorus]\nUp all night, yeah we run this town\n[verse]\nStep into the room and the bass is getting louder';
    const planned = planOf({ prompt: 'dark trap beat', durationSeconds: 60, seed: 5, lyrics: verseLast });
    assert.equal(planned.filter((section) => section.startsWith('Chorus')).length, 1, planned.join(' '));
    // the intro and the breaks grow to 8 bars, then the ending takes the rest
    assert.equal(planned[0], 'Intro:8');
    assert.ok(
      planned.some((section) => section === 'Instrumental 1:8'),
      planned.join(' '),
    );
    // a song that fills its time is planned as before: a 4-bar intro, the words, a short ending
    const ballad =
      '[verse]\nI walked along the river in the morning light\nThe city was asleep and everything was right\n[chorus]\nHold on to the feeling, never let it go\nSing it to the rafters, let the whole world know';
    assert.deepEqual(
      planOf({ prompt: 'warm pop ballad, 80 bpm', durationSeconds: 60, seed: 1, lyrics: ballad }),
      ['Intro:4', 'Verse:7', 'Chorus:7', 'End:2'],
    );
    // a plan of the request's own is followed as given
    const own = prepareTrack({
      prompt: 'dark trap beat',
      durationSeconds: 60,
      seed: 5,
      lyrics: '[verse]\nStep into the room\n[chorus]\nUp all night',
      sections: [
        { name: 'verse', bars: 4 },
        { name: 'chorus', bars: 16 },
      ],
    });
    assert.equal(own.inputs.lyrics?.lines.length, 2);
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
