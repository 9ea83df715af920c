import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type CaptionLine, encodeLyricCaptions } from '../../src/encoding/lyric-captions.js';

const words = (...timed: [string, number, number][]) =>
  timed.map(([text, start, end]) => ({ text, start, end }));

const LINES: CaptionLine[] = [
  {
    text: 'Hold on tight',
    section: 'Verse',
    start: 8.7,
    end: 10.25,
    words: words(['hold', 8.7, 9.1], ['on', 9.1, 9.5], ['tight', 9.5, 10.25]),
  },
  {
    text: 'we run & <hide>',
    section: 'Verse',
    start: 10.5,
    end: 12,
    words: words(['we', 10.5, 10.9], ['run', 10.9, 11.2], ['and', 11.2, 11.5], ['hide', 11.5, 12]),
  },
  {
    text: 'Open 24/7',
    section: 'Chorus',
    start: 75.004,
    end: 78.5,
    words: words(['open', 75, 75.6], ['twenty', 75.6, 76.2], ['four', 76.2, 77], ['seven', 77, 78.5]),
  },
];

describe('encodeLyricCaptions', () => {
  it('writes LRC with the length, a time to the hundredth per line and a clearing mark after a gap and at the end', () => {
    assert.equal(
      encodeLyricCaptions(LINES, 'lrc', { title: 'Night [live]', durationSeconds: 95.2 }),
      [
        '[ti:Night live]',
        '[length:01:35]',
        '[00:08.70]Hold on tight',
        '[00:10.50]we run & <hide>',
        '[00:12.00]',
        '[01:15.00]Open 24/7',
        '[01:18.50]',
        '',
      ].join('\n'),
    );
  });

  it('writes WebVTT cues with a note per section, escaped text and the time of each word after the first', () => {
    assert.equal(
      encodeLyricCaptions(LINES, 'vtt'),
      [
        'WEBVTT',
        '',
        'NOTE Verse',
        '',
        '00:00:08.700 --> 00:00:10.250',
        'Hold <00:00:09.100>on <00:00:09.500>tight',
        '',
        '00:00:10.500 --> 00:00:12.000',
        'we <00:00:10.900>run <00:00:11.200>&amp; <00:00:11.500>&lt;hide&gt;',
        '',
        'NOTE Chorus',
        '',
        // "24/7" is sung as three words: its time is the first one's
        '00:01:15.004 --> 00:01:18.500',
        'Open <00:01:15.600>24/7',
        '',
      ].join('\n'),
    );
  });

  it('leaves out a word time that is not after the one before it or falls outside its cue', () => {
    const line: CaptionLine = {
      text: 'one two three four',
      section: 'Verse',
      start: 1,
      end: 3,
      words: words(['one', 1, 1.5], ['two', 1.5, 2], ['three', 1.2, 2.5], ['four', 3, 3.5]),
    };
    assert.match(encodeLyricCaptions([line], 'vtt'), /\none <00:00:01\.500>two three four\n/);
  });

  it('shows a line whose written words do not add up to its sung ones without word times', () => {
    const line: CaptionLine = {
      text: 'Hold on - tight',
      section: 'Verse',
      start: 1,
      end: 3,
      // a lone "-" is sung as nothing: three written words to time, and two sung ones here
      words: words(['hold', 1, 1.5], ['on', 1.5, 2]),
    };
    assert.match(encodeLyricCaptions([line], 'vtt'), /\nHold on - tight\n/);
    const matched = { ...line, words: words(['hold', 1, 1.5], ['on', 1.5, 2], ['tight', 2, 3]) };
    assert.match(encodeLyricCaptions([matched], 'vtt'), /\nHold <00:00:01\.500>on - <00:00:02\.000>tight\n/);
  });

  it('writes a line without word times (a track made before them) as its text alone', () => {
    const { words: _, ...older } = LINES[0]!;
    assert.match(encodeLyricCaptions([older], 'vtt'), /\n00:00:08\.700 --> 00:00:10\.250\nHold on tight\n/);
  });

  it('writes SubRip cues numbered from 1 with a comma before the milliseconds', () => {
    assert.equal(
      encodeLyricCaptions(LINES.slice(0, 2), 'srt'),
      [
        '1',
        '00:00:08,700 --> 00:00:10,250',
        'Hold on tight',
        '',
        '2',
        '00:00:10,500 --> 00:00:12,000',
        'we run & <hide>',
        '',
      ].join('\n'),
    );
  });

  it('rounds a time that would read 60 seconds up to the next minute', () => {
    const line: CaptionLine = { text: 'la', section: 'Verse', start: 59.9996, end: 61, words: [] };
    assert.match(encodeLyricCaptions([line], 'lrc'), /^\[01:00\.00\]la$/m);
    assert.match(encodeLyricCaptions([line], 'srt'), /^00:01:00,000 --> 00:01:01,000$/m);
  });
});
