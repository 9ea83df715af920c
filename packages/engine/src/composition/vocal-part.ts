// The vocal part of a score: the words laid over the form (or on a given melody) and sung by the
// chosen singer, or — a singing voice with no words — the written lead sung on vowels. The other
// leads are ducked under it, so the voice is not fighting a melody instrument for the same space.
import { InputError } from '../inputs/input-error.js';
import type { InputMelody } from '../inputs/midi-reader.js';
import type { TrackLyrics } from '../inputs/prepare.js';
import { createRng } from '../random.js';
import { type Part, PPQ, type VoiceSpec } from '../types.js';
import { syllabify } from '../vocals/pronounce.js';
import type { ArrangeContext } from './context.js';
import { layLines } from './lyric-layout.js';
import { writeGivenLead } from './melody.js';
import { mixFor } from './mix.js';
import { chooseSinger } from './singer-choice.js';
import { layWordsOnMelody, vocaliseLead, type WrittenVocal, writeVocal } from './vocal-line.js';

/** The id of the vocal part (and of its stem, vocals.wav). */
export const VOCAL_PART_ID = 'vocals';
// GM "voice oohs": what a MIDI player shows for the part; the engine itself sings it.
const VOCAL_PROGRAM = 53;
// Other melody parts play this much softer under a sung phrase (about −4 dB of velocity-driven gain).
const DUCK_VELOCITY = 0.55;
/**
 * The vocal's reverb send, at most (an instrument lead's is 55): the mix's reverb is a 2.2 s hall
 * on one bus, and its tail over the next syllables smeared the consonants that carry the words. At
 * 35 the returns sat 13 dB under the voice and a recogniser lost 42 % of the words of the full mix
 * (median of the lyrics eval); at 12, 21 dB and 33 % (eval/RESULTS.md, lyrics, eighth round).
 */
const VOCAL_REVERB_SEND_MAX = 12;

export interface VocalOptions {
  lyrics: TrackLyrics | null;
  melody: InputMelody | null;
  voice: VoiceSpec | undefined;
  seed: number;
  channel: number;
}

/** Adds the vocal part to `parts` (and ducks the other leads under it). */
export function addVocalPart(ctx: ArrangeContext, parts: Part[], options: VocalOptions): void {
  const { lyrics, voice } = options;
  const delivery = lyrics?.delivery ?? 'sung';
  const singer = chooseSinger(ctx.brief, options.seed, delivery, voice);
  const rng = createRng(options.seed).fork('vocals');
  let written: WrittenVocal;
  let name = voice?.name ?? singer.id;
  let at = parts.length;
  if (lyrics && options.melody) {
    const range = { lowPitch: singer.rangeMidi[0] + 2, highPitch: singer.rangeMidi[1] - 2 };
    const laid = layWordsOnMelody(
      writeGivenLead(ctx, options.melody.notes, range),
      lyrics.lines,
      ctx.beatTicks,
    );
    if ('missingSyllables' in laid)
      throw new InputError('lyrics', `the melody has ${laid.missingSyllables} notes too few for the lyrics`);
    written = laid;
  } else if (lyrics) {
    const laid = layLines(lyrics.sections, lyrics.lines, ctx.form.sections, ctx.brief, delivery);
    written = writeVocal(ctx, laid, singer.rangeMidi, delivery, rng);
  } else {
    // wordless: the lead the voice performs becomes the vocal
    const index = parts.findIndex((part) => part.voice !== undefined);
    if (index < 0) return;
    const lead = parts[index]!;
    name = lead.name;
    written = vocaliseLead(lead.notes, ctx.beatTicks, [syllabify('ah'), syllabify('ooh')]);
    parts.splice(index, 1);
    at = index;
  }
  if (written.notes.length === 0) return;
  const mix = mixFor('lead', 0, ctx.brief.arousal);
  const part: Part = {
    id: VOCAL_PART_ID,
    name,
    role: 'lead',
    program: VOCAL_PROGRAM,
    isDrums: false,
    channel: at === parts.length ? options.channel : (parts[at]?.channel ?? options.channel),
    ...mix,
    pan: 0,
    reverbSend: Math.min(mix.reverbSend, VOCAL_REVERB_SEND_MAX),
    notes: written.notes,
    controls: [],
    vocal: {
      singerId: singer.id,
      delivery,
      syllables: written.syllables,
      phraseStarts: written.phraseStarts,
      lines: written.lines,
      doubled: written.doubled,
      wordless: lyrics === null,
    },
  };
  if (voice) part.voice = voice;
  duckUnder(parts, written);
  parts.splice(at, 0, part);
}

/** Softens the notes of other melody parts that start under a sung phrase. */
function duckUnder(parts: Part[], written: WrittenVocal): void {
  const spans: [number, number][] = [];
  for (const note of written.notes) {
    const last = spans.at(-1);
    const end = note.startTick + note.durationTicks;
    if (last && note.startTick - last[1] < PPQ) last[1] = Math.max(last[1], end);
    else spans.push([note.startTick, end]);
  }
  const inside = (tick: number) => spans.some(([from, to]) => tick >= from && tick < to);
  for (const part of parts) {
    if (part.isDrums || (part.role !== 'lead' && part.role !== 'counter')) continue;
    part.notes = part.notes.map((note) =>
      inside(note.startTick)
        ? { ...note, velocity: Math.max(1, Math.round(note.velocity * DUCK_VELOCITY)) }
        : note,
    );
  }
}
