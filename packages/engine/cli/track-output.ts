// Writing a finished track's files and describing it for people; shared by one track and batch.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { type CaptionFormat, encodeLyricCaptions } from '../src/encoding/lyric-captions.js';
import { EngineError } from '../src/index.js';
import type { AudioFormat, TrackResult } from '../src/types.js';
import type { WrittenFiles } from './json-summary.js';

export interface TrackTargets {
  audioPath: string | null;
  format: AudioFormat;
  midiPath?: string;
  stemsDir?: string;
  captions?: { path: string; format: CaptionFormat };
}

/** Writes the audio, MIDI and stems the targets name; returns the paths written. */
export function writeTrackFiles(result: TrackResult, targets: TrackTargets): WrittenFiles {
  const written: WrittenFiles = { audio: null, midi: null, stems: [], captions: null };
  if (targets.audioPath !== null) {
    const audio = result.files[targets.format];
    if (!audio) throw new EngineError('encoding', `no ${targets.format} output was produced`);
    writeFileSync(targets.audioPath, audio);
    written.audio = targets.audioPath;
  }
  if (targets.midiPath && result.midi) {
    writeFileSync(targets.midiPath, result.midi);
    written.midi = targets.midiPath;
  }
  if (targets.stemsDir && result.stems) {
    mkdirSync(targets.stemsDir, { recursive: true });
    for (const stem of result.stems) {
      const path = join(targets.stemsDir, `${stem.partId}.wav`);
      writeFileSync(path, stem.wav);
      written.stems.push(path);
    }
  }
  if (targets.captions && result.music.lyrics) {
    const text = encodeLyricCaptions(result.music.lyrics, targets.captions.format, {
      durationSeconds: result.audio.durationSeconds,
    });
    writeFileSync(targets.captions.path, text);
    written.captions = targets.captions.path;
  }
  return written;
}

/** The plain-text result: how the prompt was understood, loudness and what was written. */
export function describeTrack(result: TrackResult, seed: number, written: WrittenFiles): string {
  const { music } = result;
  const stems = written.stems[0] ? `${written.stems.length} stems in ${dirname(written.stems[0])}/` : null;
  const files = [written.audio, written.midi, stems, written.captions];
  return [
    `genre       ${music.genre}`,
    `tempo       ${music.bpm} bpm`,
    `key         ${music.key}`,
    `meter       ${music.timeSignature}`,
    `instruments ${music.instruments.join(', ')}`,
    `moods       ${music.moods.length > 0 ? music.moods.join(', ') : '—'}`,
    `sections    ${music.sections.map((section) => `${section.name} ${section.start}s`).join(' · ')}`,
    `seed        ${seed}`,
    `loudness    ${result.audio.loudnessLufs.toFixed(1)} LUFS, peak ${result.audio.truePeakDbtp.toFixed(1)} dBTP`,
    `wrote       ${files.filter((file) => file !== null).join(', ') || 'nothing'}`,
  ].join('\n');
}
