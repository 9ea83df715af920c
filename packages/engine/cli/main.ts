// trackforge-engine: make tracks from the command line. The edge of the engine: it reads the
// sound bank, writes files, and maps failures to exit codes (2 bad input, 1 generation failed).
import { readFileSync } from 'node:fs';
import { parseCliArguments } from './arguments.js';
import { parseBatchArguments } from './batch-arguments.js';
import { HELP } from './help.js';
import type { CliStreams } from './run-track.js';
import { EXIT, UsageError } from './usage-error.js';

function readVersion(): string {
  const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  return String(manifest.version);
}

const randomSeed = () => Math.floor(Math.random() * 0x100000000);

/** Runs the CLI and returns the process exit code. */
export async function runCli(argv: string[], io: CliStreams): Promise<number> {
  try {
    if (argv[0] === 'batch') {
      const command = parseBatchArguments(argv.slice(1), randomSeed);
      if (command.kind === 'help') return print(io, HELP);
      const { runBatch } = await import('./batch.js');
      return await runBatch(command.options, io);
    }
    const command = parseCliArguments(argv, randomSeed);
    if (command.kind === 'help') return print(io, HELP);
    if (command.kind === 'version') return print(io, `${readVersion()}\n`);
    // loaded only now, so --help, --version and bad flags answer without loading the engine
    const { runTrack } = await import('./run-track.js');
    return await runTrack(command.options, io);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr.write(`trackforge-engine: ${error.message} (see --help)\n`);
    return EXIT.usage;
  }
}

function print(io: CliStreams, text: string): number {
  io.stdout.write(text);
  return EXIT.ok;
}

process.exitCode = await runCli(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr });
