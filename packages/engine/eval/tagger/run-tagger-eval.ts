// `npm run eval:tagger -w packages/engine`: does an independent audio tagger hear each engine genre as
// that genre? Renders one prompt per genre of the engine's genre table (the first eval/prompts.json
// prompt that expects it) with this checkout's engine, tags the WAVs with musicnn (its own venv, made
// by setup.sh on first use) and prints, per genre, both models' top tags and whether a tag naming the
// genre, or its family, is among the top k (genre-tags.ts). A report, not a gate: exits 0 whatever
// the tagger heard, non-zero only when rendering or tagging fails.
// Flags: --duration S (30), --bank small|full (full), --seed N (1), --top K (5), --only GENRE[,GENRE…],
// --json out.json, --keep-audio DIR (keep the WAVs there; otherwise a temporary folder, removed),
// --prompts FILE (tag every prompt of FILE, judged as its expect.genre, instead of one per genre:
// `issue-prompts.json` holds the everyday prompts a listener's genre complaint was made with; an
// entry with `lyrics` is rendered with them, sung or rapped by the singer the engine picks),
// --python PATH (a Python that already imports musicnn, e.g. another checkout's tagger venv, instead of
// making this folder's .venv: one 1.7 GB venv serves every worktree).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadBankFile } from '../../node/load-bank.js';
import { loadVoiceBank } from '../../node/load-voices.js';
import { GENRE_IDS, generateTrack, genreLabel } from '../../src/index.js';
import type { GenreId } from '../../src/types.js';
import {
  assertVocabulary,
  GENRE_TAGS,
  type GenreJudgement,
  judgeGenre,
  type ModelTags,
  promptForGenre,
  type RankedTag,
  TAG_MODELS,
  type TaggerPrompt,
  type TagHit,
  type TagModel,
} from './genre-tags.js';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '30' },
    bank: { type: 'string', default: 'full' },
    seed: { type: 'string', default: '1' },
    top: { type: 'string', default: '5' },
    only: { type: 'string' },
    json: { type: 'string' },
    'keep-audio': { type: 'string' },
    prompts: { type: 'string' },
    python: { type: 'string' },
  },
});
const durationSeconds = Number(values.duration);
const seed = Number(values.seed);
const topK = Number(values.top);
const bankKey = values.bank === 'small' ? 'small' : 'full';
const here = fileURLToPath(new URL('.', import.meta.url));

const onlyGenres = values.only?.split(',');
const unknown = onlyGenres?.filter((g) => !(GENRE_IDS as readonly string[]).includes(g)) ?? [];
if (unknown.length > 0) {
  console.error(`--only: unknown genre ${unknown.join(', ')}; the engine's genres: ${GENRE_IDS.join(', ')}`);
  process.exit(2);
}
const genres = GENRE_IDS.filter((g) => !onlyGenres || onlyGenres.includes(g));

const prompts: TaggerPrompt[] = JSON.parse(
  readFileSync(values.prompts ? resolve(values.prompts) : join(here, '..', 'prompts.json'), 'utf8'),
);
// One prompt per genre from the eval set, or every prompt of a given file (named by its id).
const selection: Array<{ genre: GenreId; entry: TaggerPrompt; name: string }> = values.prompts
  ? prompts
      .filter((entry) => entry.expect.genre && genres.includes(entry.expect.genre as GenreId))
      .map((entry) => ({ genre: entry.expect.genre as GenreId, entry, name: entry.id }))
  : genres.map((genre) => ({ genre, entry: promptForGenre(prompts, genre), name: genre }));

const python = values.python ? resolve(values.python) : ensureTaggerVenv();
const audioDir = values['keep-audio']
  ? resolve(values['keep-audio'])
  : mkdtempSync(join(tmpdir(), 'tagger-eval-'));
mkdirSync(audioDir, { recursive: true });

const startedMs = performance.now();
const bank = loadBankFile(bankKey);
// the voice bank (21 MB) only when some prompt sings
const voiceBank = selection.some(({ entry }) => entry.lyrics) ? loadVoiceBank() : undefined;
interface Rendered {
  genre: GenreId;
  entry: TaggerPrompt;
  path: string;
  /** The genre the engine read from the prompt: a prompt that no longer parses to its genre is no test of it. */
  parsedGenre: GenreId;
}
const rendered: Rendered[] = [];
for (const { genre, entry, name } of selection) {
  const result = await generateTrack(
    {
      prompt: entry.prompt,
      ...(entry.lyrics ? { lyrics: entry.lyrics } : {}),
      durationSeconds,
      seed,
      outputs: { formats: ['wav'], midi: false, waveform: false, stems: false },
    },
    { bank, voiceBank },
  );
  const wav = result.files.wav;
  if (!wav) throw new Error(`${entry.id}: the engine returned no WAV`);
  const path = join(audioDir, `${name}.wav`);
  writeFileSync(path, wav);
  rendered.push({ genre, entry, path, parsedGenre: result.brief.genre });
  console.error(`rendered ${genre} (${entry.id})`);
}
const renderSeconds = (performance.now() - startedMs) / 1000;

const tagStartedMs = performance.now();
console.error(`tagging ${rendered.length} files with musicnn…`);
const tagged = spawnSync(
  python,
  [join(here, 'musicnn_tags.py'), '--top', String(topK), ...rendered.map((r) => r.path)],
  {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 64 * 1024 * 1024,
  },
);
if (tagged.status !== 0) {
  console.error(`the tagger failed (exit ${tagged.status ?? tagged.signal})`);
  process.exit(1);
}
const tagSeconds = (performance.now() - tagStartedMs) / 1000;

interface TaggerOutput {
  tagger: { name: string; version: string; tensorflow: string; librosa: string; models: TagModel[] };
  files: { path: string; models: Partial<Record<TagModel, { top: RankedTag[]; ranked: RankedTag[] }>> }[];
}
const output: TaggerOutput = JSON.parse(tagged.stdout);
const rows = rendered.map((r) => {
  const file = output.files.find((f) => f.path === r.path);
  if (!file) throw new Error(`the tagger returned nothing for ${r.path}`);
  const tags: ModelTags = Object.fromEntries(TAG_MODELS.map((m) => [m, file.models[m]?.ranked ?? []]));
  for (const model of TAG_MODELS) assertVocabulary(model, tags[model] ?? []);
  return { ...r, tags, judgement: judgeGenre(r.genre, tags, topK) };
});

const { tagger } = output;
const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], {
  cwd: here,
  encoding: 'utf8',
}).stdout?.trim();
console.log(
  `${new Date().toISOString().slice(0, 10)}, engine at ${commit || 'an unknown commit'}. Tagger: ${tagger.name} ${tagger.version} (TensorFlow ${tagger.tensorflow}, librosa ${tagger.librosa}), ` +
    `models ${tagger.models.join(' + ')}; ${rows.length} genres × ${durationSeconds} s, ${bankKey} bank, seed ${seed}, top ${topK}\n`,
);
const header = [
  'genre',
  'prompt',
  `MSD top ${topK}`,
  `MTT top ${topK}`,
  'genre tag (rank)',
  'family tag (rank)',
  'verdict',
];
console.log(`| ${header.join(' | ')} |\n|${header.map(() => '---').join('|')}|`);
for (const row of rows) {
  const top = (model: TagModel) =>
    (row.tags[model] ?? [])
      .slice(0, topK)
      .map((t) => `${t.tag} ${t.score.toFixed(2)}`)
      .join(', ');
  const misparsed = row.parsedGenre === row.genre ? '' : ` (engine read ${row.parsedGenre})`;
  const sung = row.entry.lyrics ? ' (with lyrics)' : '';
  console.log(
    `| ${genreLabel(row.genre)} | ${row.entry.id}${sung}${misparsed} | ${top('MSD_musicnn')} | ${top('MTT_musicnn')} | ${describeHit(row.judgement.bestGenreTag)} | ${describeHit(row.judgement.bestFamilyTag)} | ${describeVerdict(row.genre, row.judgement)} |`,
  );
}
const scored = rows.filter((r) => r.judgement.verdict !== 'unscored');
const count = (...verdicts: string[]) => scored.filter((r) => verdicts.includes(r.judgement.verdict)).length;
const unscored = rows.filter((r) => r.judgement.verdict === 'unscored').map((r) => r.genre);
console.log(
  `\nGenre tag in the top ${topK}: ${count('genre')}/${scored.length}; genre or family tag: ${count('genre', 'family')}/${scored.length}` +
    (unscored.length > 0 ? `; not scored (no tag in either vocabulary): ${unscored.join(', ')}` : ''),
);
const totalSeconds = (performance.now() - startedMs) / 1000;
console.log(
  `Rendering ${renderSeconds.toFixed(0)} s, tagging ${tagSeconds.toFixed(0)} s, total ${totalSeconds.toFixed(0)} s; ` +
    `load average at the end ${loadavg()
      .map((l) => l.toFixed(1))
      .join(', ')} on ${availableParallelism()} cores`,
);

if (values.json) {
  writeFileSync(
    values.json,
    JSON.stringify(
      {
        tagger,
        durationSeconds,
        bank: bankKey,
        seed,
        topK,
        renderSeconds,
        tagSeconds,
        genres: rows.map((r) => ({
          genre: r.genre,
          promptId: r.entry.id,
          prompt: r.entry.prompt,
          parsedGenre: r.parsedGenre,
          verdict: r.judgement.verdict,
          bestGenreTag: r.judgement.bestGenreTag,
          bestFamilyTag: r.judgement.bestFamilyTag,
          top: Object.fromEntries(TAG_MODELS.map((m) => [m, (r.tags[m] ?? []).slice(0, topK)])),
        })),
      },
      null,
      2,
    ),
  );
}
if (!values['keep-audio']) rmSync(audioDir, { recursive: true, force: true });

function describeHit(hit: TagHit | null): string {
  return hit ? `${hit.tag} (${hit.model === 'MSD_musicnn' ? 'MSD' : 'MTT'} #${hit.rank})` : '–';
}

function describeVerdict(genre: GenreId, judgement: GenreJudgement): string {
  const note = GENRE_TAGS[genre].note;
  const text = { genre: 'genre', family: 'family only', miss: 'MISS', unscored: 'not scored' }[
    judgement.verdict
  ];
  return note ? `${text} (${note})` : text;
}

/** The tagger venv's Python, made by setup.sh the first time (a few minutes: TensorFlow is large). */
function ensureTaggerVenv(): string {
  const venvPython = join(here, '.venv', 'bin', 'python');
  const setup = spawnSync('bash', [join(here, 'setup.sh')], { stdio: ['ignore', 2, 2] });
  if (setup.status !== 0 || !existsSync(venvPython)) {
    console.error('eval/tagger/setup.sh could not make the tagger venv (see above)');
    process.exit(1);
  }
  return venvPython;
}
