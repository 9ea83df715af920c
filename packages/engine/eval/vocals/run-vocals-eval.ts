// Vocal evaluation: sings every case, then measures pitch on the written notes (YIN), voicing of
// long notes, vowel-onset timing, CPU seconds per second of singing and determinism; with
// `--asr <python>` (a Python with faster-whisper and the bundled Whisper model, see
// scripts/setup-vocal-eval.sh) also the word error rate of the sung line and of the same line
// spoken by the same voice. WAVs land in --out (default /tmp/trackforge-vocals-eval).
// Usage: node --import tsx eval/vocals/run-vocals-eval.ts [--asr .venv-vocal-eval/bin/python] [--out dir]
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadVoiceBank } from '../../node/load-voices.js';
import { syllabifyLine } from '../../src/vocals/pronounce.js';
import {
  getSinger,
  type SingerSpec,
  singPhrases,
  type VocalDelivery,
  type VocalNote,
} from '../../src/vocals/sing.js';
import { measurePitchAccuracy, measureVowelOnsets } from '../../test/vocals/measure-vocal.js';
import { resample } from '../dsp.js';
import { renderSpectrogramPng } from '../spectrogram.js';
import { writeWav16 } from '../wav.js';
import { VOCAL_CASES, type VocalCase } from './cases.js';
import { wordErrorRate } from './word-error-rate.js';

const SAMPLE_RATE_HZ = 44100;
const voiceBank = loadVoiceBank();
const LEAD_IN_SECONDS = 0.6;
const TUNE = [0, 2, 4, 2, 5, 4, 2, 0, 4, 5, 7, 5, 4, 2];

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

/** The eval's own simple melody: a syllable per note, stresses long, the line's end held. */
function layMelody(vocalCase: VocalCase, singer: SingerSpec): VocalNote[] {
  const beatSeconds = 60 / vocalCase.bpm;
  const syllables = syllabifyLine(vocalCase.line);
  const rap = vocalCase.delivery === 'rap';
  const [low, high] = singer.rangeMidi;
  const base = low + Math.round((high - low) / 3);
  const notes: VocalNote[] = [];
  let time = LEAD_IN_SECONDS;
  syllables.forEach((syllable, index) => {
    const last = index === syllables.length - 1;
    const beats = rap
      ? last
        ? 1
        : syllable.stress === 1
          ? 0.5
          : 0.25
      : last
        ? 2
        : syllable.stress === 1
          ? 1
          : 0.5;
    const midi = Math.min(base + TUNE[index % TUNE.length]!, high);
    notes.push({ startSeconds: time, durationSeconds: beats * beatSeconds * 0.92, midi, syllable });
    time += beats * beatSeconds;
    if (last && vocalCase.melisma) {
      for (const step of [2, 4, 2]) {
        notes.push({
          startSeconds: time,
          durationSeconds: beatSeconds * 0.92,
          midi: Math.min(midi + step, high),
          syllable: null,
        });
        time += beatSeconds;
      }
    }
  });
  return notes;
}

/** The same words at speaking pace: what the voice sounds like talking, for the words baseline. */
function laySpeech(line: string): VocalNote[] {
  let time = LEAD_IN_SECONDS;
  return syllabifyLine(line).map((syllable) => {
    const durationSeconds = syllable.stress === 1 ? 0.26 : 0.17;
    const note = { startSeconds: time, durationSeconds, midi: 60, syllable };
    time += durationSeconds + (syllable.wordEnd ? 0.03 : 0);
    return note;
  });
}

async function sing(notes: VocalNote[], singer: SingerSpec, delivery: VocalDelivery) {
  const totalSeconds = notes.at(-1)!.startSeconds + notes.at(-1)!.durationSeconds + 0.6;
  const before = process.cpuUsage();
  const pcm = await singPhrases({
    phrases: [{ notes }],
    singer,
    delivery,
    sampleRateHz: SAMPLE_RATE_HZ,
    totalSeconds,
    voiceBank,
  });
  const used = process.cpuUsage(before);
  const singingSeconds = notes.at(-1)!.startSeconds + notes.at(-1)!.durationSeconds - notes[0]!.startSeconds;
  return { pcm, cpuSeconds: (used.user + used.system) / 1e6, singingSeconds };
}

const hash = (pcm: Float32Array) => createHash('sha256').update(new Uint8Array(pcm.buffer)).digest('hex');

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? Number.NaN : sorted[Math.floor(sorted.length / 2)]!;
};

const outDir = argument('--out') ?? '/tmp/trackforge-vocals-eval';
const asrPython = argument('--asr');
mkdirSync(outDir, { recursive: true });

interface Row {
  id: string;
  singer: string;
  delivery: VocalDelivery;
  within50: number | null;
  medianCents: number | null;
  longNotes: number;
  longNotesVoiced: number;
  onsetErrorsMs: number[];
  cpuPerSecond: number;
  deterministic: boolean;
  sungWav16: string;
  spokenWav16: string;
}

const rows: Row[] = [];
let totalCpu = 0;
let totalSinging = 0;
for (const vocalCase of VOCAL_CASES) {
  const singer = getSinger(vocalCase.singer);
  const notes = layMelody(vocalCase, singer);
  const first = await sing(notes, singer, vocalCase.delivery);
  const second = await sing(notes, singer, vocalCase.delivery);
  totalCpu += first.cpuSeconds;
  totalSinging += first.singingSeconds;
  const accuracy = measurePitchAccuracy(first.pcm, SAMPLE_RATE_HZ, notes);
  // Rap holds no vowels (speech rhythm): the long-note voicing rule is for sung lines only.
  const longNotes =
    vocalCase.delivery === 'sung'
      ? notes.map((note, index) => ({ note, index })).filter(({ note }) => note.durationSeconds >= 0.3)
      : [];
  const onsets = measureVowelOnsets(first.pcm, SAMPLE_RATE_HZ, notes).filter(
    (error): error is number => error !== null,
  );
  const spoken = await sing(laySpeech(vocalCase.line), singer, 'rap');
  const sungWav16 = join(outDir, `${vocalCase.id}-sung-16k.wav`);
  const spokenWav16 = join(outDir, `${vocalCase.id}-spoken-16k.wav`);
  writeFileSync(join(outDir, `${vocalCase.id}.wav`), writeWav16([first.pcm], SAMPLE_RATE_HZ));
  writeFileSync(sungWav16, writeWav16([resample(first.pcm, SAMPLE_RATE_HZ, 16000)], 16000));
  writeFileSync(spokenWav16, writeWav16([resample(spoken.pcm, SAMPLE_RATE_HZ, 16000)], 16000));
  writeFileSync(
    join(outDir, `${vocalCase.id}.png`),
    renderSpectrogramPng([first.pcm], SAMPLE_RATE_HZ, {
      widthPx: 1000,
      heightPx: 360,
      minHz: 60,
      maxHz: 11000,
      floorDb: -80,
    }),
  );
  const sung = vocalCase.delivery === 'sung';
  rows.push({
    id: vocalCase.id,
    singer: vocalCase.singer,
    delivery: vocalCase.delivery,
    within50: sung ? accuracy.shareWithin50Cents : null,
    medianCents: sung ? accuracy.medianAbsoluteCents : null,
    longNotes: longNotes.length,
    longNotesVoiced: longNotes.filter(({ index }) => accuracy.voicedShareByNote[index]! >= 0.8).length,
    onsetErrorsMs: onsets.map((error) => error * 1000),
    cpuPerSecond: first.cpuSeconds / first.singingSeconds,
    deterministic: hash(first.pcm) === hash(second.pcm),
    sungWav16,
    spokenWav16,
  });
}

const transcripts = new Map<string, string>();
if (asrPython) {
  const script = join(dirname(fileURLToPath(import.meta.url)), 'transcribe.py');
  const files = rows.flatMap((row) => [row.sungWav16, row.spokenWav16]);
  const output = execFileSync(asrPython, [script, ...files], { encoding: 'utf8', maxBuffer: 1 << 24 });
  for (const line of output.split('\n')) {
    const [path, text] = line.split('\t');
    if (path) transcripts.set(path, text ?? '');
  }
}

const lines: string[] = [];
lines.push(
  '| case | singer | delivery | voiced frames ±50 ¢ | median ¢ | notes ≥300 ms voiced ≥80 % | vowel onsets ≤30 ms (median ms) | CPU s / s | same PCM | WER sung | WER spoken |',
);
lines.push('|---|---|---|---|---|---|---|---|---|---|---|');
const sungWers: number[] = [];
const spokenWers: number[] = [];
const allOnsets: number[] = [];
for (const row of rows) {
  const vocalCase = VOCAL_CASES.find((candidate) => candidate.id === row.id)!;
  const sungText = transcripts.get(row.sungWav16);
  const spokenText = transcripts.get(row.spokenWav16);
  const sungWer = sungText !== undefined ? wordErrorRate(vocalCase.line, sungText) : null;
  const spokenWer = spokenText !== undefined ? wordErrorRate(vocalCase.line, spokenText) : null;
  if (sungWer !== null) sungWers.push(sungWer);
  if (spokenWer !== null) spokenWers.push(spokenWer);
  allOnsets.push(...row.onsetErrorsMs);
  const onTime = row.onsetErrorsMs.filter((error) => Math.abs(error) <= 30).length;
  lines.push(
    `| ${row.id} | ${row.singer} | ${row.delivery} | ${row.within50 === null ? '– (rap)' : `${(row.within50 * 100).toFixed(1)} %`} | ${row.medianCents === null ? '–' : row.medianCents.toFixed(1)} | ${row.longNotesVoiced}/${row.longNotes} | ${onTime}/${row.onsetErrorsMs.length} (${median(row.onsetErrorsMs).toFixed(0)}) | ${row.cpuPerSecond.toFixed(3)} | ${row.deterministic ? 'yes' : 'NO'} | ${sungWer === null ? '–' : `${(sungWer * 100).toFixed(0)} % "${sungText}"`} | ${spokenWer === null ? '–' : `${(spokenWer * 100).toFixed(0)} % "${spokenText}"`} |`,
  );
}
const sungRows = rows.filter((row) => row.within50 !== null);
lines.push('');
lines.push(`Cases: ${rows.length} (${sungRows.length} sung, ${rows.length - sungRows.length} rapped).`);
lines.push(
  `Pitch: median share of voiced frames within ±50 cents ${(median(sungRows.map((row) => row.within50!)) * 100).toFixed(1)} %, worst ${(Math.min(...sungRows.map((row) => row.within50!)) * 100).toFixed(1)} %.`,
);
lines.push(
  `Long notes voiced ≥80 %: ${rows.reduce((sum, row) => sum + row.longNotesVoiced, 0)}/${rows.reduce((sum, row) => sum + row.longNotes, 0)}.`,
);
lines.push(
  `Vowel onsets within ±30 ms: ${allOnsets.filter((error) => Math.abs(error) <= 30).length}/${allOnsets.length}, median |error| ${median(allOnsets.map(Math.abs)).toFixed(1)} ms.`,
);
lines.push(
  `CPU: ${(totalCpu / totalSinging).toFixed(3)} CPU-s per second of singing (one thread, 44.1 kHz).`,
);
lines.push(
  `Determinism: ${rows.every((row) => row.deterministic) ? 'every case rendered twice gave identical PCM' : 'SOME CASES DIFFER'}.`,
);
if (sungWers.length > 0) {
  lines.push(
    `Words (Whisper): median WER sung ${(median(sungWers) * 100).toFixed(0)} %, spoken by the same voice ${(median(spokenWers) * 100).toFixed(0)} %.`,
  );
}
console.log(lines.join('\n'));
