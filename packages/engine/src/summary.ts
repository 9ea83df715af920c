// The MusicSummary users see with a track: how the prompt was understood and what was played.
import { describeKey, formatMeter, genreLabel } from './brief/index.js';
import type { Brief, Composition, MusicSummary } from './types.js';

function roundSeconds(seconds: number): number {
  return Math.round(seconds * 100) / 100;
}

/** Summarises a composition (tempo, key, meter, genre, moods, instruments, sections in seconds). */
export function summariseMusic(brief: Brief, composition: Composition): MusicSummary {
  const secondsPerTick = 60 / (composition.bpm * composition.ppq);
  const instruments: string[] = [];
  for (const part of composition.parts) {
    if (!instruments.includes(part.name)) instruments.push(part.name);
  }
  const vocal = composition.parts.find((part) => part.vocal && !part.vocal.wordless)?.vocal;
  const summary: MusicSummary = {
    bpm: composition.bpm,
    key: describeKey(composition.key),
    timeSignature: formatMeter(composition.meter),
    genre: genreLabel(brief.genre),
    moods: [...brief.moods],
    instruments,
    sections: composition.sections.map((section) => ({
      name: section.label ?? section.name,
      start: roundSeconds(section.startTick * secondsPerTick),
      end: roundSeconds(Math.min(section.endTick * secondsPerTick, composition.durationSeconds)),
    })),
  };
  if (vocal)
    summary.lyrics = vocal.lines.map((line) => ({
      text: line.text,
      section: line.section,
      start: roundSeconds(line.startTick * secondsPerTick),
      end: roundSeconds(line.endTick * secondsPerTick),
    }));
  return summary;
}
