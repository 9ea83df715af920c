// Makes every track of a batch in one process: the bank is read once and the render pool's warm
// threads render each track's parts in parallel. A failed track is reported and the rest go on.
import { basename } from 'node:path';
import { createRenderPool, EngineError, generateTrack } from '../src/index.js';
import type { TrackResult } from '../src/types.js';
import { loadCliBank } from './bank.js';
import type { BatchJob, BatchOptions } from './batch-arguments.js';
import { buildJsonSummary } from './json-summary.js';
import { createFolders } from './output-paths.js';
import { createProgress } from './progress.js';
import type { CliStreams } from './run-track.js';
import { writeTrackFiles } from './track-output.js';
import { EXIT } from './usage-error.js';

export interface BatchRow {
  job: BatchJob;
  result?: TrackResult;
  error?: string;
  seconds: number;
}

export async function runBatch(options: BatchOptions, io: CliStreams): Promise<number> {
  const bank = loadCliBank(options.bank, { shared: true });
  createFolders([options.folderToCreate]);
  const renderPool = createRenderPool(bank, { threads: options.threads });
  const rows: BatchRow[] = [];
  const startMs = performance.now();
  try {
    for (const [index, job] of options.jobs.entries()) {
      const label = `[${index + 1}/${options.jobs.length}] `;
      // Piped, a batch logs one line per track rather than five per track.
      const progress = io.stderr.isTTY ? createProgress(io.stderr, options.quiet, label) : undefined;
      const jobStartMs = performance.now();
      const row: BatchRow = { job, seconds: 0 };
      try {
        row.result = await generateTrack(job.request, {
          bank,
          renderPool,
          onProgress: (fraction, stage) => progress?.update(fraction, stage),
        });
        const written = writeTrackFiles(row.result, {
          audioPath: job.audioPath,
          format: job.format,
          midiPath: job.midiPath,
          stemsDir: job.stemsDir,
        });
        if (options.json) {
          const summary = buildJsonSummary(job.request, job.durationLabel, row.result, [job.format], written);
          io.stdout.write(`${JSON.stringify({ line: job.lineNumber, ...summary, error: null })}\n`);
        }
      } catch (error) {
        const stage = error instanceof EngineError ? ` (${error.stage})` : '';
        row.error = `generation failed${stage}: ${(error as Error).message}`;
        if (options.json) {
          const failure = {
            line: job.lineNumber,
            prompt: job.request.prompt,
            seed: job.request.seed,
            error: row.error,
          };
          io.stdout.write(`${JSON.stringify(failure)}\n`);
        }
      }
      progress?.done();
      row.seconds = (performance.now() - jobStartMs) / 1000;
      rows.push(row);
      if (!options.quiet && !io.stderr.isTTY) {
        const outcome = row.error ?? `made in ${row.seconds.toFixed(1)} s`;
        io.stderr.write(`trackforge-engine: ${label}${basename(job.audioPath)} ${outcome}\n`);
      }
    }
  } finally {
    await renderPool.close();
  }
  if (!options.json)
    io.stdout.write(formatBatchTable(rows, (performance.now() - startMs) / 1000, options.outDir));
  return rows.some((row) => row.error !== undefined) ? EXIT.failed : EXIT.ok;
}

const minutesAndSeconds = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(Math.round(seconds % 60)).padStart(2, '0')}`;

/** The summary table printed after a batch: one row per track, then the totals. */
export function formatBatchTable(rows: readonly BatchRow[], totalSeconds: number, outDir: string): string {
  const header = ['line', 'file', 'genre', 'bpm', 'key', 'length', 'loudness', 'made in'];
  const cells = rows.map(({ job, result, error, seconds }) => {
    const file = basename(job.audioPath);
    if (!result) return [String(job.lineNumber), file, `FAILED: ${error ?? 'unknown error'}`];
    return [
      String(job.lineNumber),
      file,
      result.music.genre,
      String(result.music.bpm),
      result.music.key,
      minutesAndSeconds(result.audio.durationSeconds),
      `${result.audio.loudnessLufs.toFixed(1)} LUFS`,
      `${seconds.toFixed(1)} s`,
    ];
  });
  const widths = header.map((title, column) =>
    Math.max(
      title.length,
      ...cells.filter((row) => row.length === header.length).map((row) => (row[column] ?? '').length),
    ),
  );
  const format = (row: string[]) =>
    row
      .map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column] ?? 0)))
      .join('  ')
      .trimEnd();
  const failed = rows.filter((row) => row.error !== undefined).length;
  const totals = `${rows.length - failed} made, ${failed} failed, in ${totalSeconds.toFixed(1)} s → ${outDir}`;
  return `${[format(header), ...cells.map(format), totals].join('\n')}\n`;
}
