// A one-line progress bar redrawn on stderr; only used when stderr is a terminal.

const WIDTH = 30;

/** Draws and clears a progress bar on a writable TTY stream. */
export function createProgressBar(
  stream: NodeJS.WriteStream,
  label = '',
): {
  update(fraction: number, stage: string): void;
  done(): void;
} {
  let lastDrawn = '';
  return {
    update(fraction, stage) {
      const filled = Math.round(Math.max(0, Math.min(1, fraction)) * WIDTH);
      const line = `${label}[${'#'.repeat(filled)}${'.'.repeat(WIDTH - filled)}] ${Math.round(fraction * 100)
        .toString()
        .padStart(3)}% ${stage}`;
      if (line === lastDrawn) return;
      lastDrawn = line;
      stream.write(`\r${line.padEnd(WIDTH + 30)}`);
    },
    done() {
      if (lastDrawn) stream.write(`\r${' '.repeat(WIDTH + 30)}\r`);
    },
  };
}
