// `npm run eval:lyrics -w packages/engine`: does the vocal sing the notes the composer wrote for
// the words, on time, and what does it cost?
// 1. Cases (LYRIC_CASES: slow and fast songs, raps, every singer): composed, the vocal part sung
//    and put through its channel strip exactly as rendering does (the vocals stem before the
//    master's gain), then measured with a YIN pitch tracker against the score: voiced frames within
//    ±50 cents of the written note, notes of ≥ 300 ms voiced for ≥ 80 % of their length, and the
//    onset of each syllable's pitch (its vowel) against the note's start.
// 2. Speed (--speed): a 120 s track with lyrics against the same request without, each the best of
//    two runs on a warm two-thread render pool, prompt to WAV.
// Flags: --speed (also) · --speed-only · --bank small|full (full) · --json FILE. Prints a table; exits 1 when a bar fails.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadBankFile } from '../node/load-bank.js';
import { loadVoiceBank } from '../node/load-voices.js';
import { createRenderPool, generateTrack } from '../src/index.js';
import { composeRequest } from '../src/lineage.js';
import { createVocalRenderer } from '../src/rendering/vocal-renderer.js';
import { findSungVoice, sungVoiceSpec } from '../src/singer-voices.js';
import type { Composition, Part, TrackRequest } from '../src/types.js';
import { centsBetween, midiToHz, trackPitch } from '../src/vocals/pitch-track.js';

const { values } = parseArgs({
  options: {
    speed: { type: 'boolean', default: false },
    'speed-only': { type: 'boolean', default: false },
    bank: { type: 'string', default: 'full' },
    json: { type: 'string' },
  },
});

const BALLAD = `[verse]
I walked along the river in the morning light
The city was asleep and everything was right
[chorus]
Hold on to the feeling, never let it go
Sing it to the rafters, let the whole world know`;
const UPTEMPO = `[verse]
Turn it up, we're running through the city tonight
Every single window is a different light
[chorus]
We don't stop, we don't stop, we keep moving on
Dancing on the wire until the night is gone
[chorus]`;
const SLOW = `[verse]
Quiet now, the snow is falling
Softly on the sleeping town
[chorus]
Stay with me until the morning
Hold me close and don't look down`;
const FOLK = `Down by the water where the willows grow
I met a stranger with a heart of gold
She sang of places that I'll never know
And stories older than the hills are old`;
const RAP = `[verse]
Step into the room and the bass is getting louder
Every single word that I'm saying got power
Never looking back cause the past is behind me
If you want to see me then you know where to find me
[chorus]
Up all night, yeah we run this town
Up all night and we never back down`;

interface LyricCase {
  name: string;
  prompt: string;
  lyrics: string;
  voice: string;
  durationSeconds: number;
}

const SONGS: [string, string, string, number][] = [
  ['ballad', 'warm pop ballad, 80 bpm', BALLAD, 60],
  ['uptempo', 'upbeat pop, 128 bpm', UPTEMPO, 60],
  ['slow', 'slow sad piano song, 66 bpm', SLOW, 60],
  ['folk', 'acoustic folk song, 100 bpm', FOLK, 45],
  ['rap', 'dark trap beat', RAP, 50],
];
const SINGERS = ['Maya Bright', 'Nora Vale', 'Theo Marsh', 'Silas Grant'];
export const LYRIC_CASES: LyricCase[] = SONGS.flatMap(([name, prompt, lyrics, durationSeconds]) =>
  SINGERS.map((voice) => ({ name: `${name} / ${voice}`, prompt, lyrics, voice, durationSeconds })),
);

interface CaseResult {
  name: string;
  delivery: string;
  notes: number;
  pitchWithin50CentsPct: number;
  longNotesVoicedPct: number;
  onsetMedianMs: number;
  onsetsWithin30MsPct: number;
}

const SAMPLE_RATE = 44100;
const voiceBank = loadVoiceBank();
const HOP_SECONDS = 0.005;

function requestOf(c: LyricCase): TrackRequest {
  const voice = findSungVoice(c.voice);
  if (!voice) throw new Error(`no voice ${c.voice}`);
  return {
    prompt: c.prompt,
    durationSeconds: c.durationSeconds,
    seed: 7,
    lyrics: c.lyrics,
    voice: sungVoiceSpec(voice),
  };
}

async function singStem(composition: Composition, part: Part): Promise<Float32Array> {
  const totalSamples = Math.round(composition.durationSeconds * SAMPLE_RATE);
  const renderer = createVocalRenderer(composition, part, SAMPLE_RATE, totalSamples, voiceBank);
  const left = new Float32Array(totalSamples);
  const right = new Float32Array(totalSamples);
  await renderer.renderChunk(left, right, 0, totalSamples);
  // the take is centred: the mid signal is the voice (the delay's return is off to the sides)
  for (let i = 0; i < totalSamples; i++) left[i] = 0.5 * (left[i]! + right[i]!);
  return left;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? Number.NaN : sorted[Math.floor(sorted.length / 2)]!;
};

async function measureCase(c: LyricCase): Promise<CaseResult> {
  const { composition } = composeRequest(requestOf(c));
  const part = composition.parts.find((candidate) => candidate.vocal);
  if (!part?.vocal) throw new Error(`${c.name}: no vocal part`);
  const stem = await singStem(composition, part);
  const track = trackPitch(stem, {
    sampleRateHz: SAMPLE_RATE,
    hopSeconds: HOP_SECONDS,
    minFrequencyHz: 70,
    maxFrequencyHz: 1100,
  });
  const secondsPerTick = 60 / (composition.bpm * composition.ppq);
  const frameAt = (seconds: number) => Math.max(0, Math.round(seconds / HOP_SECONDS));
  let voiced = 0;
  let within = 0;
  let longNotes = 0;
  let longVoiced = 0;
  const onsetErrorsMs: number[] = [];
  let arrivals = 0;
  part.notes.forEach((note, index) => {
    const start = note.startTick * secondsPerTick;
    const end = (note.startTick + note.durationTicks) * secondsPerTick;
    const hz = midiToHz(note.pitch);
    // the glide into a note and the consonants of the next syllable sit at the edges: judge the middle
    const from = frameAt(start + Math.min(0.06, (end - start) * 0.25));
    const to = frameAt(end - Math.min(0.06, (end - start) * 0.25));
    let noteVoiced = 0;
    for (let f = from; f < to && f < track.frequenciesHz.length; f++) {
      const frequency = track.frequenciesHz[f]!;
      if (Number.isNaN(frequency)) continue;
      noteVoiced++;
      voiced++;
      if (Math.abs(centsBetween(frequency, hz)) <= 50) within++;
    }
    if (end - start >= 0.3) {
      longNotes++;
      if (noteVoiced >= 0.8 * Math.max(1, to - from)) longVoiced++;
    }
    // the pitch's arrival on a new syllable that changes note by 2+ semitones (a repeated pitch has
    // no arrival to hear): the first frame within ±50 cents, searched from the previous note's middle
    const previous = part.notes[index - 1];
    if (part.vocal!.syllables[index] && (!previous || Math.abs(previous.pitch - note.pitch) >= 2)) {
      const searchFrom = previous
        ? Math.max(start - 0.15, (previous.startTick + previous.durationTicks / 2) * secondsPerTick)
        : start - 0.15;
      for (let f = frameAt(searchFrom); f < frameAt(Math.min(end, start + 0.15)); f++) {
        const frequency = track.frequenciesHz[f];
        if (
          frequency !== undefined &&
          !Number.isNaN(frequency) &&
          Math.abs(centsBetween(frequency, hz)) <= 50
        ) {
          onsetErrorsMs.push((f * HOP_SECONDS - start) * 1000);
          break;
        }
      }
      arrivals++;
    }
  });
  return {
    name: c.name,
    delivery: part.vocal.delivery,
    notes: part.notes.length,
    pitchWithin50CentsPct: Math.round((1000 * within) / Math.max(1, voiced)) / 10,
    longNotesVoicedPct: Math.round((1000 * longVoiced) / Math.max(1, longNotes)) / 10,
    onsetMedianMs: Math.round(median(onsetErrorsMs)),
    // notes whose pitch never arrived count as misses
    onsetsWithin30MsPct:
      Math.round((1000 * onsetErrorsMs.filter((ms) => Math.abs(ms) <= 30).length) / Math.max(1, arrivals)) /
      10,
  };
}

async function measureSpeed(): Promise<{ withoutMs: number; withMs: number; ratio: number }> {
  const bank = loadBankFile(values.bank === 'small' ? 'small' : 'full');
  const pool = createRenderPool(bank, { threads: 2, voiceBank });
  const base: TrackRequest = {
    prompt: 'warm pop ballad, 96 bpm',
    durationSeconds: 120,
    seed: 3,
    outputs: { formats: ['wav'], midi: false, waveform: false },
  };
  const sung: TrackRequest = {
    ...base,
    lyrics: `${BALLAD}\n[verse]\n${FOLK}\n[chorus]\n[outro]\nLet the whole world know`,
    voice: sungVoiceSpec(findSungVoice('Nora Vale')!),
  };
  const time = async (request: TrackRequest) => {
    let best = Number.POSITIVE_INFINITY;
    for (let run = 0; run < 2; run++) {
      const startMs = performance.now();
      await generateTrack(request, { bank, voiceBank, renderPool: pool });
      best = Math.min(best, performance.now() - startMs);
    }
    return Math.round(best);
  };
  try {
    await time(base); // warm-up
    const withoutMs = await time(base);
    const withMs = await time(sung);
    return { withoutMs, withMs, ratio: Math.round((100 * withMs) / withoutMs) / 100 };
  } finally {
    await pool.close();
  }
}

const results: CaseResult[] = [];
console.log(
  'case | delivery | notes | pitch ±50 c | long notes voiced | pitch arrival median ms | arrivals ±30 ms',
);
// each row as it is measured, so a long run on a busy machine shows its progress
if (!values['speed-only'])
  for (const c of LYRIC_CASES) {
    const r = await measureCase(c);
    results.push(r);
    console.log(
      `${r.name} | ${r.delivery} | ${r.notes} | ${r.pitchWithin50CentsPct} % | ${r.longNotesVoicedPct} % | ${r.onsetMedianMs} | ${r.onsetsWithin30MsPct} %`,
    );
  }
// the pitch bars are for singing: rap is spoken intonation around its notes, reported apart
const sung = results.filter((r) => r.delivery === 'sung');
const overall = {
  cases: results.length,
  sungCases: sung.length,
  pitchWithin50CentsPctMedian: median(sung.map((r) => r.pitchWithin50CentsPct)),
  pitchWithin50CentsPctWorst: Math.min(...sung.map((r) => r.pitchWithin50CentsPct)),
  longNotesVoicedPctWorst: Math.min(...sung.map((r) => r.longNotesVoicedPct)),
  arrivalsWithin30MsPctMedian: median(sung.map((r) => r.onsetsWithin30MsPct)),
  arrivalMedianMs: median(sung.map((r) => r.onsetMedianMs)),
};
console.log(JSON.stringify(overall));
const speed = values.speed || values['speed-only'] ? await measureSpeed() : null;
if (speed)
  console.log(`speed: 120 s without vocals ${speed.withoutMs} ms, with ${speed.withMs} ms: ${speed.ratio}×`);
if (values.json) writeFileSync(values.json, JSON.stringify({ results, overall, speed }, null, 2));
const failed =
  (sung.length > 0 && (overall.pitchWithin50CentsPctWorst < 95 || overall.longNotesVoicedPctWorst < 100)) ||
  (speed !== null && speed.ratio > 1.3);
process.exitCode = failed ? 1 : 0;
