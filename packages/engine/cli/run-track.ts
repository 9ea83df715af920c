// One track: folders, bank, generation with progress, files, then the summary on stdout.

import { loadVoiceBank } from '../node/load-voices.js';
import { EngineError, generateTrack } from '../src/index.js';
import type { CliOptions } from './arguments.js';
import { loadCliBank } from './bank.js';
import { buildJsonSummary } from './json-summary.js';
import { createFolders } from './output-paths.js';
import { createProgress, type ProgressTarget } from './progress.js';
import { describeTrack, writeTrackFiles } from './track-output.js';
import { EXIT } from './usage-error.js';

export interface CliStreams {
  stdout: { write(text: string): unknown };
  stderr: ProgressTarget;
}

/** Makes the track; throws UsageError for a bad bank, returns the exit code otherwise. */
export async function runTrack(options: CliOptions, io: CliStreams): Promise<number> {
  const bank = loadCliBank(options.bank);
  createFolders(options.foldersToCreate);
  const { audio } = options;
  if (audio.renamedFrom && !options.quiet) {
    io.stderr.write(
      `trackforge-engine: --format ${audio.format}: writing ${audio.path} instead of ${audio.renamedFrom}\n`,
    );
  }
  const progress = createProgress(io.stderr, options.quiet);
  try {
    // the singers' data is read only for a track that sings
    const sings = options.request.lyrics !== undefined || options.request.voice?.singerId !== undefined;
    const result = await generateTrack(options.request, {
      bank,
      ...(sings ? { voiceBank: loadVoiceBank() } : {}),
      onProgress: (fraction, stage) => progress.update(fraction, stage),
    });
    progress.done();
    const written = writeTrackFiles(result, {
      audioPath: audio.path,
      format: audio.format,
      midiPath: options.midiPath,
      stemsDir: options.stemsDir,
      captions: options.captions,
    });
    const formats = audio.path === null ? [] : [audio.format];
    const text = options.json
      ? JSON.stringify(buildJsonSummary(options.request, options.durationLabel, result, formats, written))
      : describeTrack(result, options.request.seed, written);
    io.stdout.write(`${text}\n`);
    return EXIT.ok;
  } catch (error) {
    progress.done();
    const stage = error instanceof EngineError ? ` (${error.stage})` : '';
    io.stderr.write(`trackforge-engine: generation failed${stage}: ${(error as Error).message}\n`);
    return EXIT.failed;
  }
}
