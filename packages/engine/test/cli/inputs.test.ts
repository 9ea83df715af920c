import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { readMidiFile } from '../../src/index.js';
import { midiFile } from '../inputs/midi-fixtures.js';
import { createWorkDir, runCli } from './run-cli.js';

const workDir = createWorkDir('trackforge-cli-inputs-');

describe('trackforge-engine with musical inputs', () => {
  it('follows --chords, --sections (a file) and --melody, and reports the planned sections', async () => {
    const tune = [67, 69, 71, 72, 74, 72, 71, 69];
    writeFileSync(
      join(workDir, 'tune.mid'),
      midiFile([tune.map((pitch, i) => ({ tick: i * 96, ticks: 90, pitch }))], { ppq: 96, bpm: 100 }),
    );
    writeFileSync(
      join(workDir, 'plan.json'),
      JSON.stringify([
        { name: 'A', bars: 2, energy: 0.3 },
        { name: 'B', bars: 2, energy: 0.8 },
      ]),
    );
    const result = await runCli(
      [
        'folk with harp',
        '--chords',
        'G C D G',
        '--sections',
        'plan.json',
        '--melody',
        'tune.mid',
        '--bank',
        'small',
        '--seed',
        '3',
        '--json',
        '--midi',
        'song.mid',
        '--quiet',
      ],
      { cwd: workDir },
    );
    assert.equal(result.status, 0, result.stderr);
    const summary = JSON.parse(result.stdout);
    // 4 bars of 4/4 at the file's 100 bpm: 9.6 s.
    assert.equal(summary.duration_seconds, 9.6);
    assert.equal(summary.music.bpm, 100);
    assert.equal(summary.music.key, 'G major');
    assert.deepEqual(
      summary.music.sections.map((s: { name: string; start: number; end: number }) => [
        s.name,
        s.start,
        s.end,
      ]),
      [
        ['A', 0, 4.8],
        ['B', 4.8, 9.6],
      ],
    );
    assert.ok(Math.abs(summary.audio.duration_seconds - 9.6) < 0.05);
    const score = readMidiFile(new Uint8Array(readFileSync(join(workDir, 'song.mid'))));
    const leadPitches = [...new Set(score.notes.map((n) => n.track))]
      .map((track) => score.notes.filter((n) => n.track === track).sort((a, b) => a.startTick - b.startTick))
      .map((notes) => notes.slice(0, tune.length).map((n) => n.pitch));
    assert.ok(
      leadPitches.some((pitches) =>
        pitches.every((p, i) => (p - tune[i]!) % 12 === 0 && p - tune[i]! === pitches[0]! - tune[0]!),
      ),
      'one part plays the tune note for note',
    );
  });
});

describe('trackforge-engine with lyrics', () => {
  it('sings --lyrics from a file with --voice: vocals.wav among the stems, lyric events in the MIDI, the lines in the JSON and in --captions', async () => {
    writeFileSync(join(workDir, 'song.txt'), '[verse]\nHold on to the feeling\n[chorus]\nnever let it go\n');
    const result = await runCli(
      [
        'warm pop ballad',
        '--lyrics',
        '@song.txt',
        '--voice',
        'Theo Marsh',
        '--duration',
        '20s',
        '--bank',
        'small',
        '--seed',
        '4',
        '--json',
        '--midi',
        'sung.mid',
        '--stems',
        'sung-stems',
        '--captions',
        'sung.vtt',
        '--mkdir',
      ],
      { cwd: workDir },
    );
    assert.equal(result.status, 0, result.stderr);
    const summary = JSON.parse(result.stdout);
    assert.deepEqual(
      summary.music.lyrics.map((line: { text: string }) => line.text),
      ['Hold on to the feeling', 'never let it go'],
    );
    assert.ok(readFileSync(join(workDir, 'sung-stems', 'vocals.wav')).byteLength > 44);
    const midi = readFileSync(join(workDir, 'sung.mid'));
    // FF 05: a lyric meta event, here the first syllable of "Hold"
    assert.ok(
      midi.includes(Buffer.from([0xff, 0x05, 0x04, ...Buffer.from('Hold')])),
      'a lyric event for "Hold"',
    );
    assert.equal(summary.files.captions, 'sung.vtt');
    const captions = readFileSync(join(workDir, 'sung.vtt'), 'utf8');
    const [first, second] = summary.music.lyrics;
    assert.match(captions, /^WEBVTT\n\nNOTE Verse\n/);
    // each line is a cue from its start to its end, with the time of every word after its first
    const cue = (seconds: number) => new Date(Math.round(seconds * 1000)).toISOString().slice(11, 23);
    assert.ok(
      captions.includes(`${cue(first.start)} --> ${cue(first.end)}\nHold <${cue(first.words[1].start)}>on`),
    );
    assert.ok(captions.includes(`NOTE Chorus\n\n${cue(second.start)} --> ${cue(second.end)}\nnever <`));
  });
});
