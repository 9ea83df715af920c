// Progress that fits where stderr goes: a redrawn bar on a terminal, one plain line per stage when
// piped or logged (so CI logs and `2> log` stay readable), nothing with --quiet.
import { createProgressBar } from './progress-bar.js';

export interface Progress {
  update(fraction: number, stage: string): void;
  done(): void;
}

export interface ProgressTarget {
  write(text: string): unknown;
  isTTY?: boolean;
}

const SILENT: Progress = { update() {}, done() {} };

/** label prefixes each line ("[2/5] "), for batch runs. */
export function createProgress(stream: ProgressTarget, quiet: boolean, label = ''): Progress {
  if (quiet) return SILENT;
  if (stream.isTTY) return createProgressBar(stream as NodeJS.WriteStream, label);
  let lastStage = '';
  const startMs = performance.now();
  return {
    update(fraction, stage) {
      if (stage === lastStage) return;
      lastStage = stage;
      const elapsedSeconds = ((performance.now() - startMs) / 1000).toFixed(1);
      stream.write(
        `trackforge-engine: ${label}${stage} (${Math.round(fraction * 100)}%, ${elapsedSeconds} s)\n`,
      );
    },
    done() {},
  };
}
