// Word error rate for the vocal evals: the words a speech recogniser heard against the words sung.
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Lower-case words, punctuation dropped (apostrophes kept: "don't" is one word). */
export function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^a-z' ]+/g, ' ')
    .split(/\s+/)
    .filter((word) => word.length > 0);
}

/** Word error rate: word-level edit distance over the reference's length. */
export function wordErrorRate(reference: string, hypothesis: string): number {
  const ref = words(reference);
  const hyp = words(hypothesis);
  const distance = Array.from({ length: ref.length + 1 }, (_, i) => [
    i,
    ...Array<number>(hyp.length).fill(0),
  ]);
  for (let j = 1; j <= hyp.length; j++) distance[0]![j] = j;
  for (let i = 1; i <= ref.length; i++) {
    for (let j = 1; j <= hyp.length; j++) {
      const substitution = distance[i - 1]![j - 1]! + (ref[i - 1] === hyp[j - 1] ? 0 : 1);
      distance[i]![j] = Math.min(substitution, distance[i - 1]![j]! + 1, distance[i]![j - 1]! + 1);
    }
  }
  return distance[ref.length]![hyp.length]! / Math.max(ref.length, 1);
}

/** Transcribes WAV files with eval/vocals/transcribe.py under `python`; path → text. */
export function transcribeWavs(python: string, paths: readonly string[]): Map<string, string> {
  const script = join(dirname(fileURLToPath(import.meta.url)), 'transcribe.py');
  const output = execFileSync(python, [script, ...paths], { encoding: 'utf8', maxBuffer: 1 << 24 });
  const transcripts = new Map<string, string>();
  for (const line of output.split('\n')) {
    const [path, text] = line.split('\t');
    if (path) transcripts.set(path, text ?? '');
  }
  return transcripts;
}
