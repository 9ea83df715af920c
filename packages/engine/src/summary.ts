// The MusicSummary users see with a track: how the prompt was understood and what was played.
import { describeKey, formatMeter, genreLabel } from './brief/index.js';
import type { Brief, Composition, MusicSummary, Part, SungWord, VocalLine } from './types.js';

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
  const vocalPart = composition.parts.find((part) => part.vocal && !part.vocal.wordless);
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
  if (vocalPart)
    summary.lyrics = vocalPart.vocal!.lines.map((line) => ({
      text: line.text,
      section: line.section,
      start: roundSeconds(line.startTick * secondsPerTick),
      end: roundSeconds(line.endTick * secondsPerTick),
      words: sungWords(vocalPart, line, secondsPerTick),
    }));
  return summary;
}

/**
 * The words of a sung line, each from its first syllable's note to the end of its last (a held
 * vowel over extra notes, a melisma, stays with its word): the timing a karaoke display needs.
 */
function sungWords(part: Part, line: VocalLine, secondsPerTick: number): SungWord[] {
  const syllables = part.vocal!.syllables;
  const words: { text: string; startTick: number; endTick: number }[] = [];
  part.notes.forEach((note, index) => {
    if (note.startTick < line.startTick || note.startTick >= line.endTick) return;
    const syllable = syllables[index];
    const endTick = note.startTick + note.durationTicks;
    if (syllable && (syllable.wordStart || words.length === 0))
      words.push({ text: '', startTick: note.startTick, endTick });
    const word = words.at(-1);
    if (!word) return;
    if (syllable) word.text += syllable.text;
    word.endTick = endTick;
  });
  return words.map((word) => ({
    text: word.text,
    start: roundSeconds(word.startTick * secondsPerTick),
    end: roundSeconds(word.endTick * secondsPerTick),
  }));
}
