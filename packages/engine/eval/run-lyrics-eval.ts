// `npm run eval:lyrics -w packages/engine`: does the vocal sing the notes the composer wrote for
// the words, on time, and what does it cost?
// 1. Cases (LYRIC_CASES: slow and fast songs, raps, every singer): composed, the vocal part sung
//    and put through its channel strip exactly as rendering does (the vocals stem before the
//    master's gain), then measured with a YIN pitch tracker against the score: voiced frames within
//    ±50 cents of the written note, notes of ≥ 300 ms voiced for ≥ 80 % of their length, and the
//    onset of each syllable's pitch (its vowel) against the note's start.
// 2. Speed (--speed): a 120 s track with lyrics against the same request without, each the best of
//    two runs on a warm two-thread render pool, prompt to WAV.
// 3. Vowel onsets: for syllables whose vowel starts voicing (after a rest or unvoiced consonants),
//    the first voiced frame against the note's start, as the voice eval measures them.
// 4. Words (--asr PYTHON, the faster-whisper venv of scripts/setup-vocal-eval.sh): Whisper on the
//    vocal stem; with --mix the track is rendered as the product does (prompt, lyrics and voice,
//    full bank, generateTrack with stems) and Whisper also hears the full mix; the vocal stem is
//    then the product's `vocals` stem.
//    With --spoken, Whisper also hears each line spoken by the same Flite voice (the phonemes the
//    singer sings, Flite's own durations and intonation): what the voice loses before any singing.
//    With --verbose, each line is printed with its notes (syllable, ms, MIDI) and what was heard.
//    With --levels DB[,DB…] Whisper hears every line at each of these gains and a case's WER is the
//    mean over them: decoding at temperature 0 turns on small changes to the audio (a 0.24 dB change
//    of the master's gain moved a case 24 → 30 %), so a single hearing is one draw from a spread
//    that a change to the voice has to beat. The verbose lines are heard at the first level.
//    With --mix --band DB, Whisper also hears the track's stems summed again with every stem but
//    the vocal (the send effects too) DB decibels quieter, at the mix's RMS: what the band takes from
//    the words at that balance (the re-sum skips the master's EQ and limiter: --band 0 is its
//    reference).
// 5. Heard as singing (--tagger PYTHON, the musicnn venv of eval/tagger/setup.sh): each case's full
//    mix and the same request without lyrics or voice are tagged; the report gives the rank of the
//    best vocalist tag and of `instrumental` (MSD) / `no vocals` (MTT).
// Flags: --speed (also) · --speed-only · --bank small|full (full) · --json FILE · --only SONG[,SONG…]
// (song names: ballad, uptempo, slow, folk, rap; or a singer's name) · --asr PYTHON · --mix ·
// --spoken · --levels DB[,DB…] (0) · --band DB · --tagger PYTHON · --out DIR (WAVs, default /tmp/trackforge-lyrics-eval). Prints a table; exits 1
// when a bar fails.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadBankFile } from '../node/load-bank.js';
import { loadVoiceBank } from '../node/load-voices.js';
import { findSinger } from '../src/composition/singer-choice.js';
import { createRenderPool, generateTrack } from '../src/index.js';
import { composeRequest } from '../src/lineage.js';
import { createVocalRenderer, phrasesOf } from '../src/rendering/vocal-renderer.js';
import { findSungVoice, sungVoiceSpec } from '../src/singer-voices.js';
import type { Composition, Part, TrackRequest } from '../src/types.js';
import { speakPhones, toFlitePhone } from '../src/vocals/flite/flite-voice.js';
import { compileFlite } from '../src/vocals/flite/flite-wasi.js';
import { centsBetween, midiToHz, trackPitch } from '../src/vocals/pitch-track.js';
import type { VocalNote } from '../src/vocals/sing.js';
import { planPhrase } from '../src/vocals/vocal-plan.js';
import { measureVowelOnsets } from '../test/vocals/measure-vocal.js';
import { downmix, resample } from './dsp.js';
import { transcribeWavs, wordErrorRate } from './vocals/word-error-rate.js';
import { parseWav, writeWav16 } from './wav.js';

const { values } = parseArgs({
  options: {
    speed: { type: 'boolean', default: false },
    'speed-only': { type: 'boolean', default: false },
    bank: { type: 'string', default: 'full' },
    json: { type: 'string' },
    only: { type: 'string' },
    asr: { type: 'string' },
    mix: { type: 'boolean', default: false },
    spoken: { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
    levels: { type: 'string', default: '0' },
    band: { type: 'string' },
    tagger: { type: 'string' },
    out: { type: 'string', default: '/tmp/trackforge-lyrics-eval' },
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
  /** Vowel onsets (first voicing after a rest or unvoiced consonants) against the note, ms. */
  vowelOnsetErrorsMs: number[];
  /** The words as sung (a repeated chorus twice), for the word error rate. */
  sungWords: string;
  /** One 16 kHz WAV per sung line. */
  stemWav16: string[];
  /** Each line's words and its notes as "syllable ms MIDI", for the verbose report. */
  lineWords: string[];
  lineNotes: string[];
  /** One 16 kHz WAV per line spoken by the same Flite voice (--spoken), else null. */
  spokenWav16: string[] | null;
  mixWav16: string[] | null;
  mixWav: string | null;
  /** The lines of the stems summed with the band BAND_DOWN_DB quieter (--band), else null. */
  bandWav16: string[] | null;
  instrumentalWav: string | null;
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

const fileName = (c: LyricCase) => c.name.replace(/[^a-z0-9]+/gi, '-').toLowerCase();

const toMono16k = (channels: Float32Array[], sampleRateHz: number) =>
  resample(downmix(channels), sampleRateHz, 16000);

/**
 * Whisper hears the song line by line (each sung phrase from 0.4 s before its first note to 0.4 s
 * after its last), as the voice eval hears its lines: on a whole minute with long instrumental
 * stretches, temperature-0 decoding falls into a loop ("I-I-I-I…") that says nothing about the
 * words. Returns one 16 kHz WAV per phrase, in order.
 */
function writeLines(audio16k: Float32Array, lines: readonly [number, number][], stem: string): string[] {
  return lines.map(([fromSeconds, toSeconds], index) => {
    const from = Math.max(0, Math.floor((fromSeconds - 0.4) * 16000));
    const to = Math.min(audio16k.length, Math.ceil((toSeconds + 0.4) * 16000));
    return writeAtLevels(`${stem}-line${index + 1}-16k.wav`, audio16k.slice(from, to));
  });
}

/** The gains (dB) every line is heard at (--levels). */
const LEVELS_DB = values.levels.split(',').map(Number);
if (LEVELS_DB.some((dB) => !Number.isFinite(dB)))
  throw new Error(`--levels: numbers in dB, not ${values.levels}`);

/** How many dB quieter the band is in the rebalanced mix (--band), or null. */
const BAND_DOWN_DB = values.band === undefined ? null : Number(values.band);
if (BAND_DOWN_DB !== null && (!(BAND_DOWN_DB >= 0) || !values.mix))
  throw new Error(`--band: how many dB quieter (0 or more), with --mix; not ${values.band}`);

/** Where a line's WAV at a gain is: the path itself at the first level. */
function atLevel(path: string, levelIndex: number): string {
  return levelIndex === 0 ? path : path.replace(/\.wav$/, `-level${levelIndex}.wav`);
}

/** Writes the audio at every level of LEVELS_DB (atLevel's paths); returns the first's path. */
function writeAtLevels(path: string, audio: Float32Array): string {
  LEVELS_DB.forEach((dB, levelIndex) => {
    const gain = 10 ** (dB / 20);
    writeFileSync(atLevel(path, levelIndex), writeWav16([audio.map((sample) => sample * gain)], 16000));
  });
  return path;
}

/** The track as the product renders it (full bank), its mix and its `vocals` stem as 16 kHz WAVs. */
async function renderMix(c: LyricCase, vocalPartId: string, lines: readonly [number, number][]) {
  const result = await generateTrack(
    { ...requestOf(c), outputs: { formats: ['wav'], stems: true, midi: false, waveform: false } },
    { bank: fullBank(), voiceBank },
  );
  const mix = parseWav(result.files.wav!);
  const stem = result.stems?.find((candidate) => candidate.partId === vocalPartId);
  if (!stem) throw new Error(`${c.name}: no vocals stem`);
  const mixWav = join(outDir, `${fileName(c)}-mix.wav`);
  writeFileSync(mixWav, result.files.wav!);
  const mixMono = downmix(mix.channels);
  const mixWav16 = writeLines(
    resample(mixMono, mix.sampleRate, 16000),
    lines,
    join(outDir, `${fileName(c)}-mix`),
  );
  const stemAudio = parseWav(stem.wav);
  const stemWav16 = writeLines(
    toMono16k(stemAudio.channels, stemAudio.sampleRate),
    lines,
    join(outDir, `${fileName(c)}-stem`),
  );
  const bandWav16 =
    BAND_DOWN_DB === null
      ? null
      : writeLines(
          resample(rebalance(mixMono, result.stems!, vocalPartId, BAND_DOWN_DB), mix.sampleRate, 16000),
          lines,
          join(outDir, `${fileName(c)}-band`),
        );
  return { mixWav, mixWav16, stemWav16, bandWav16 };
}

/** Mono sum of the stems with all but the vocal `bandDownDb` quieter, at the mix's RMS. */
function rebalance(
  mixMono: Float32Array,
  stems: readonly { partId: string; wav: Uint8Array }[],
  vocalPartId: string,
  bandDownDb: number,
): Float32Array {
  const sum = new Float32Array(mixMono.length);
  for (const stem of stems) {
    const gain = stem.partId === vocalPartId ? 1 : 10 ** (-bandDownDb / 20);
    const mono = downmix(parseWav(stem.wav).channels);
    for (let i = 0; i < sum.length; i++) sum[i]! += mono[i]! * gain;
  }
  const rms = (audio: Float32Array) => Math.sqrt(audio.reduce((total, x) => total + x * x, 0) / audio.length);
  const mixRms = rms(mixMono);
  const sumRms = rms(sum);
  return sumRms > 0 ? sum.map((x) => (x * mixRms) / sumRms) : sum;
}

/** The same request with no lyrics and no voice: what the tagger hears without the singer. */
async function renderInstrumental(c: LyricCase): Promise<string> {
  const { lyrics: _lyrics, voice: _voice, ...rest } = requestOf(c);
  const result = await generateTrack(
    { ...rest, outputs: { formats: ['wav'], stems: false, midi: false, waveform: false } },
    { bank: fullBank(), voiceBank },
  );
  const path = join(outDir, `${fileName(c)}-instrumental.wav`);
  writeFileSync(path, result.files.wav!);
  return path;
}

let loadedBank: ReturnType<typeof loadBankFile> | null = null;
const fullBank = () => {
  loadedBank ??= loadBankFile(values.bank === 'small' ? 'small' : 'full');
  return loadedBank;
};

/**
 * Each line spoken by the singer's Flite voice: the phonemes the singer sings (the plan's), with
 * Flite's own durations and intonation, as 16 kHz WAVs. Null for a singer that is not a Flite voice.
 */
async function speakLines(composition: Composition, part: Part, stem: string): Promise<string[] | null> {
  const singer = findSinger(part.vocal!.singerId);
  if (!singer?.model.startsWith('flite-')) return null;
  const module = await compileFlite(voiceBank.flite);
  return phrasesOf(composition, part).map((phrase, index) => {
    const plan = planPhrase(phrase, singer, part.vocal!.delivery);
    const phones = ['pau', ...plan.segments.map((s) => toFlitePhone(s.phoneme, s.stress > 0)), 'pau'];
    const speech = speakPhones(module, singer.model.slice('flite-'.length), phones);
    const padding = new Float32Array(Math.round(0.4 * speech.sampleRateHz));
    const audio = Float32Array.from([...padding, ...speech.pcm, ...padding]);
    return writeAtLevels(`${stem}-line${index + 1}-16k.wav`, resample(audio, speech.sampleRateHz, 16000));
  });
}

async function measureCase(c: LyricCase): Promise<CaseResult> {
  const { composition } = composeRequest(requestOf(c));
  const part = composition.parts.find((candidate) => candidate.vocal);
  if (!part?.vocal) throw new Error(`${c.name}: no vocal part`);
  const stem = await singStem(composition, part);
  const secondsPerTickOf = 60 / (composition.bpm * composition.ppq);
  const vocalNotes: VocalNote[] = part.notes.map((note, index) => ({
    startSeconds: note.startTick * secondsPerTickOf,
    durationSeconds: note.durationTicks * secondsPerTickOf,
    midi: note.pitch,
    syllable: part.vocal!.syllables[index] ?? null,
  }));
  const vowelOnsets = measureVowelOnsets(stem, SAMPLE_RATE, vocalNotes);
  const vowelOnsetErrorsMs = vowelOnsets
    .filter((error): error is number => error !== null)
    .map((error) => Math.round(error * 1000));
  if (values.verbose)
    vowelOnsets.forEach((error, index) => {
      if (error === null || Math.abs(Math.round(error * 1000)) <= 30) return;
      const note = vocalNotes[index]!;
      console.log(
        `  vowel onset at ${note.startSeconds.toFixed(2)} s ("${note.syllable?.text}") ${Math.round(error * 1000)} ms`,
      );
    });
  const sungWords: string[] = [];
  let word = '';
  for (const syllable of part.vocal.syllables) {
    if (!syllable) continue;
    word += syllable.text;
    if (syllable.wordEnd) {
      sungWords.push(word);
      word = '';
    }
  }
  if (word) sungWords.push(word);
  const lines = phrasesOf(composition, part).map((phrase): [number, number] => {
    const last = phrase.notes.at(-1)!;
    return [phrase.notes[0]!.startSeconds, last.startSeconds + last.durationSeconds];
  });
  const phrases = phrasesOf(composition, part);
  const lineWords = phrases.map((phrase) => {
    let text = '';
    for (const note of phrase.notes)
      if (note.syllable) text += `${note.syllable.wordStart && text ? ' ' : ''}${note.syllable.text}`;
    return text;
  });
  const lineNotes = phrases.map((phrase) =>
    phrase.notes
      .map((note) => `${note.syllable?.text ?? '~'} ${Math.round(note.durationSeconds * 1000)} ${note.midi}`)
      .join(' · '),
  );
  const spokenWav16 = values.spoken
    ? await speakLines(composition, part, join(outDir, `${fileName(c)}-spoken`))
    : null;
  let stemWav16 = writeLines(resample(stem, SAMPLE_RATE, 16000), lines, join(outDir, `${fileName(c)}-stem`));
  let mixWav16: string[] | null = null;
  let mixWav: string | null = null;
  let bandWav16: string[] | null = null;
  if (values.mix || values.tagger) {
    const rendered = await renderMix(c, part.id, lines);
    mixWav16 = rendered.mixWav16;
    mixWav = rendered.mixWav;
    bandWav16 = rendered.bandWav16;
    stemWav16 = rendered.stemWav16;
  }
  const instrumentalWav = values.tagger ? await renderInstrumental(c) : null;
  const track = trackPitch(stem, {
    sampleRateHz: SAMPLE_RATE,
    hopSeconds: HOP_SECONDS,
    minFrequencyHz: 70,
    maxFrequencyHz: 1100,
  });
  const secondsPerTick = 60 / (composition.bpm * composition.ppq);
  // frames counted in the tracker's real hop from its first frame's centre (5 ms asked is 221
  // samples at 44.1 kHz: counting in asked hops drifted 100 ms by the 45th second)
  const firstCentre = track.timesSeconds[0] ?? 0;
  const frameAt = (seconds: number) => Math.max(0, Math.round((seconds - firstCentre) / track.hopSeconds));
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
      else if (values.verbose)
        console.log(
          `  long note at ${start.toFixed(2)} s (${Math.round((end - start) * 1000)} ms, "${part.vocal!.syllables[index]?.text ?? '~'}", MIDI ${note.pitch}) voiced ${Math.round((100 * noteVoiced) / Math.max(1, to - from))} %`,
        );
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
          onsetErrorsMs.push((firstCentre + f * track.hopSeconds - start) * 1000);
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
    vowelOnsetErrorsMs,
    sungWords: sungWords.join(' '),
    stemWav16,
    lineWords,
    lineNotes,
    spokenWav16,
    mixWav16,
    mixWav,
    bandWav16,
    instrumentalWav,
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

const outDir = values.out!;
mkdirSync(outDir, { recursive: true });
const onlyNames = values.only?.split(',').map((name) => name.trim().toLowerCase());
const chosen = LYRIC_CASES.filter(
  (c) => !onlyNames || onlyNames.some((name) => c.name.toLowerCase().includes(name)),
);
const results: CaseResult[] = [];
console.log(
  'case | delivery | notes | pitch ±50 c | long notes voiced | pitch arrival median ms | arrivals ±30 ms | vowel onsets ±30 ms (median ms)',
);
// each row as it is measured, so a long run on a busy machine shows its progress
if (!values['speed-only'])
  for (const c of chosen) {
    const r = await measureCase(c);
    results.push(r);
    const onTime = r.vowelOnsetErrorsMs.filter((ms) => Math.abs(ms) <= 30).length;
    console.log(
      `${r.name} | ${r.delivery} | ${r.notes} | ${r.pitchWithin50CentsPct} % | ${r.longNotesVoicedPct} % | ${r.onsetMedianMs} | ${r.onsetsWithin30MsPct} % | ${onTime}/${r.vowelOnsetErrorsMs.length} (${median(r.vowelOnsetErrorsMs)})`,
    );
  }
// the pitch bars are for singing: rap is spoken intonation around its notes, reported apart
const sung = results.filter((r) => r.delivery === 'sung');
const sungOnsets = sung.flatMap((r) => r.vowelOnsetErrorsMs);
const overall: Record<string, number> & {
  pitchWithin50CentsPctWorst: number;
  longNotesVoicedPctWorst: number;
} = {
  cases: results.length,
  sungCases: sung.length,
  pitchWithin50CentsPctMedian: median(sung.map((r) => r.pitchWithin50CentsPct)),
  pitchWithin50CentsPctWorst: Math.min(...sung.map((r) => r.pitchWithin50CentsPct)),
  longNotesVoicedPctWorst: Math.min(...sung.map((r) => r.longNotesVoicedPct)),
  arrivalsWithin30MsPctMedian: median(sung.map((r) => r.onsetsWithin30MsPct)),
  arrivalMedianMs: median(sung.map((r) => r.onsetMedianMs)),
  sungVowelOnsets: sungOnsets.length,
  sungVowelOnsetsWithin30Ms: sungOnsets.filter((ms) => Math.abs(ms) <= 30).length,
  sungVowelOnsetMedianAbsMs: median(sungOnsets.map(Math.abs)),
};
console.log(JSON.stringify(overall));

const words: {
  name: string;
  stemWer: number;
  stemText: string;
  mixWer: number | null;
  mixText: string | null;
  spokenWer: number | null;
  spokenText: string | null;
  bandWer: number | null;
}[] = [];
if (values.asr && results.length > 0) {
  const paths = results.flatMap((r) =>
    [...r.stemWav16, ...(r.mixWav16 ?? []), ...(r.spokenWav16 ?? []), ...(r.bandWav16 ?? [])].flatMap(
      (path) => LEVELS_DB.map((_, levelIndex) => atLevel(path, levelIndex)),
    ),
  );
  const transcripts = transcribeWavs(values.asr, paths);
  const textOf = (lines: readonly string[], levelIndex = 0) =>
    lines.map((path) => transcripts.get(atLevel(path, levelIndex)) ?? '').join(' ');
  /** The mean over the levels of the WER of the lines heard at each. */
  const meanWer = (reference: string, lines: readonly string[]) =>
    LEVELS_DB.reduce((sum, _, levelIndex) => sum + wordErrorRate(reference, textOf(lines, levelIndex)), 0) /
    LEVELS_DB.length;
  const percent = (wer: number) => `${(wer * 100).toFixed(0)} %`;
  /** Each level's WER, when there are several: stem (and mix) at each gain. */
  const byLevel = (result: CaseResult) => {
    if (LEVELS_DB.length < 2) return '';
    const at = (lines: readonly string[]) =>
      LEVELS_DB.map((_, index) =>
        (wordErrorRate(result.sungWords, textOf(lines, index)) * 100).toFixed(0),
      ).join('/');
    return ` (at ${LEVELS_DB.join('/')} dB: stem ${at(result.stemWav16)}${result.mixWav16 ? `, mix ${at(result.mixWav16)}` : ''})`;
  };
  for (const r of results) {
    const stemText = textOf(r.stemWav16);
    const mixText = r.mixWav16 ? textOf(r.mixWav16) : null;
    const spokenText = r.spokenWav16 ? textOf(r.spokenWav16) : null;
    const row = {
      name: r.name,
      stemWer: meanWer(r.sungWords, r.stemWav16),
      stemText,
      mixWer: r.mixWav16 ? meanWer(r.sungWords, r.mixWav16) : null,
      mixText,
      spokenWer: r.spokenWav16 ? meanWer(r.sungWords, r.spokenWav16) : null,
      spokenText,
      bandWer: r.bandWav16 ? meanWer(r.sungWords, r.bandWav16) : null,
    };
    words.push(row);
    console.log(
      `words ${r.name}: stem ${percent(row.stemWer)}${row.mixWer === null ? '' : `, mix ${percent(row.mixWer)}`}${row.bandWer === null ? '' : `, band ${-BAND_DOWN_DB!} dB ${percent(row.bandWer)}`}${row.spokenWer === null ? '' : `, spoken ${percent(row.spokenWer)}`}${byLevel(r)}\n  stem: ${stemText}${mixText === null ? '' : `\n  mix:  ${mixText}`}${spokenText === null ? '' : `\n  spoken: ${spokenText}`}`,
    );
    if (values.verbose)
      r.lineWords.forEach((lineText, i) => {
        const heard = (paths?: string[] | null) => (paths ? (transcripts.get(paths[i]!) ?? '') : null);
        const stemLine = heard(r.stemWav16)!;
        const spokenLine = heard(r.spokenWav16);
        console.log(
          `  line ${i + 1} (${percent(wordErrorRate(lineText, stemLine))}${spokenLine === null ? '' : `, spoken ${percent(wordErrorRate(lineText, spokenLine))}`}): ${lineText}\n    notes: ${r.lineNotes[i]}\n    sung:   ${stemLine}${spokenLine === null ? '' : `\n    spoken: ${spokenLine}`}`,
        );
      });
  }
  const sungWords = words.filter((w) => results.find((r) => r.name === w.name)?.delivery === 'sung');
  overall.stemWerMedianPct = Math.round(median(sungWords.map((w) => w.stemWer)) * 1000) / 10;
  overall.stemWerMedianAllPct = Math.round(median(words.map((w) => w.stemWer)) * 1000) / 10;
  const mixWers = words.flatMap((w) => (w.mixWer === null ? [] : [w.mixWer]));
  if (mixWers.length > 0) overall.mixWerMedianPct = Math.round(median(mixWers) * 1000) / 10;
  const bandWers = words.flatMap((w) => (w.bandWer === null ? [] : [w.bandWer]));
  if (bandWers.length > 0) overall.bandWerMedianPct = Math.round(median(bandWers) * 1000) / 10;
  const spokenWers = sungWords.flatMap((w) => (w.spokenWer === null ? [] : [w.spokenWer]));
  if (spokenWers.length > 0) overall.spokenWerMedianPct = Math.round(median(spokenWers) * 1000) / 10;
  console.log(
    `words: median WER vocal stem ${overall.stemWerMedianPct} % sung (${overall.stemWerMedianAllPct} % with rap)${mixWers.length > 0 ? `, full mix ${overall.mixWerMedianPct} % (all cases)` : ''}${bandWers.length > 0 ? `, band ${-BAND_DOWN_DB!} dB ${overall.bandWerMedianPct} %` : ''}${spokenWers.length > 0 ? `, spoken by the same voice ${overall.spokenWerMedianPct} % sung cases` : ''}`,
  );
}

interface RankedTag {
  tag: string;
  score: number;
}
const VOCAL_TAGS = [
  'female vocalists',
  'male vocalists',
  'female vocalist',
  'vocal',
  'vocals',
  'male vocal',
  'female vocal',
  'singer',
  'voice',
  'male voice',
  'female voice',
  'man',
  'woman',
  'female',
  'male',
];
const NO_VOCAL_TAGS = ['instrumental', 'no vocal', 'no vocals', 'no voice'];
const tagging: {
  name: string;
  file: 'sung' | 'instrumental';
  model: string;
  vocalTag: string;
  vocalRank: number;
  noVocalTag: string;
  noVocalRank: number;
}[] = [];
if (values.tagger && results.length > 0) {
  const files = results.flatMap((r) => [
    { name: r.name, file: 'sung' as const, path: r.mixWav! },
    { name: r.name, file: 'instrumental' as const, path: r.instrumentalWav! },
  ]);
  const script = join(dirname(fileURLToPath(import.meta.url)), 'tagger', 'musicnn_tags.py');
  const output = JSON.parse(
    execFileSync(values.tagger, [script, ...files.map((f) => f.path)], {
      encoding: 'utf8',
      maxBuffer: 1 << 26,
      stdio: ['ignore', 'pipe', 'inherit'],
    }),
  ) as { files: { path: string; models: Record<string, { ranked: RankedTag[] }> }[] };
  for (const f of files) {
    const tagged = output.files.find((candidate) => candidate.path === f.path)!;
    for (const [model, { ranked }] of Object.entries(tagged.models)) {
      const vocalRank = ranked.findIndex((t) => VOCAL_TAGS.includes(t.tag.toLowerCase()));
      const noVocalRank = ranked.findIndex((t) => NO_VOCAL_TAGS.includes(t.tag.toLowerCase()));
      const row = {
        name: f.name,
        file: f.file,
        model,
        vocalTag: ranked[vocalRank]?.tag ?? '–',
        vocalRank: vocalRank + 1,
        noVocalTag: ranked[noVocalRank]?.tag ?? '–',
        noVocalRank: noVocalRank + 1,
      };
      tagging.push(row);
      console.log(
        `tagger ${f.name} (${f.file}) ${model}: ${row.vocalTag} #${row.vocalRank}, ${row.noVocalTag} #${row.noVocalRank}${row.vocalRank < row.noVocalRank ? ' → vocal above' : ''}`,
      );
    }
  }
}
const speed = values.speed || values['speed-only'] ? await measureSpeed() : null;
if (speed)
  console.log(`speed: 120 s without vocals ${speed.withoutMs} ms, with ${speed.withMs} ms: ${speed.ratio}×`);
if (values.json)
  writeFileSync(values.json, JSON.stringify({ results, overall, words, tagging, speed }, null, 2));
const failed =
  (sung.length > 0 && (overall.pitchWithin50CentsPctWorst < 95 || overall.longNotesVoicedPctWorst < 100)) ||
  (speed !== null && speed.ratio > 1.3);
process.exitCode = failed ? 1 : 0;
