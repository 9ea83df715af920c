// trackforge-engine: generate a track from the command line. The edge of the engine: it reads the
// sound bank, writes files, and maps failures to exit codes (2 bad arguments, 1 generation failed).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { resolveBankPath } from '../node/load-bank.js';
import { EngineError, generateTrack, loadSoundBank, type TrackResult } from '../src/index.js';
import { type CliOptions, parseCliArguments, USAGE, UsageError } from './arguments.js';
import { createProgressBar } from './progress-bar.js';

function describeResult(options: CliOptions, result: TrackResult): string {
  const { music } = result;
  return [
    `genre       ${music.genre}`,
    `tempo       ${music.bpm} bpm`,
    `key         ${music.key}`,
    `meter       ${music.timeSignature}`,
    `instruments ${music.instruments.join(', ')}`,
    `moods       ${music.moods.length > 0 ? music.moods.join(', ') : '—'}`,
    `sections    ${music.sections.map((section) => `${section.name} ${section.start}s`).join(' · ')}`,
    `seed        ${options.request.seed}`,
    `loudness    ${result.audio.loudnessLufs.toFixed(1)} LUFS, peak ${result.audio.truePeakDbtp.toFixed(1)} dBTP`,
    `wrote       ${options.outPath}${options.midiPath ? `, ${options.midiPath}` : ''}${options.stemsDir ? `, ${options.stemsDir}/` : ''}`,
  ].join('\n');
}

/** Runs the CLI and returns the process exit code. */
export async function runCli(argv: string[]): Promise<number> {
  let options: CliOptions;
  try {
    options = parseCliArguments(argv, () => Math.floor(Math.random() * 0x100000000));
  } catch (error) {
    if (error instanceof UsageError) {
      if (error.message === USAGE) {
        process.stdout.write(`${USAGE}\n`);
        return 0;
      }
      process.stderr.write(`trackforge-engine: ${error.message} (see --help)\n`);
      return 2;
    }
    throw error;
  }
  let bytes: Uint8Array;
  const bankPath = resolveBankPath(options.bank);
  try {
    bytes = new Uint8Array(readFileSync(bankPath));
  } catch {
    process.stderr.write(`trackforge-engine: cannot read sound bank ${bankPath}\n`);
    return 2;
  }

  const bar = process.stderr.isTTY ? createProgressBar(process.stderr) : undefined;
  try {
    const bank = loadSoundBank(bytes, options.bank);
    const result = await generateTrack(options.request, {
      bank,
      onProgress: bar ? (fraction, stage) => bar.update(fraction, stage) : undefined,
    });
    bar?.done();
    const audio = result.files[options.format];
    if (!audio) throw new EngineError('encoding', `no ${options.format} output was produced`);
    writeFileSync(options.outPath, audio);
    if (options.midiPath && result.midi) writeFileSync(options.midiPath, result.midi);
    if (options.stemsDir && result.stems) {
      mkdirSync(options.stemsDir, { recursive: true });
      for (const stem of result.stems) writeFileSync(join(options.stemsDir, `${stem.partId}.wav`), stem.wav);
    }
    if (options.json) {
      const summary = {
        file: options.outPath,
        format: options.format,
        seed: options.request.seed,
        durationSeconds: result.audio.durationSeconds,
        loudnessLufs: result.audio.loudnessLufs,
        truePeakDbtp: result.audio.truePeakDbtp,
        music: result.music,
        midi: options.midiPath ?? null,
        stems: result.stems?.map((stem) => join(options.stemsDir ?? '.', `${stem.partId}.wav`)) ?? [],
        timingsMs: result.timingsMs,
      };
      process.stdout.write(`${JSON.stringify(summary)}\n`);
    } else {
      process.stdout.write(`${describeResult(options, result)}\n`);
    }
    return 0;
  } catch (error) {
    bar?.done();
    const stage = error instanceof EngineError ? ` (${error.stage})` : '';
    process.stderr.write(`trackforge-engine: generation failed${stage}: ${(error as Error).message}\n`);
    return 1;
  }
}

process.exitCode = await runCli(process.argv.slice(2));
