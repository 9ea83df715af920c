import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const SRC = fileURLToPath(new URL('../src', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : entry.name.endsWith('.ts')
        ? [join(dir, entry.name)]
        : [],
  );
}

describe('browser safety', () => {
  it('imports no Node built-in and no ws statically, so browsers and bundlers can load the SDK', () => {
    const offenders = sourceFiles(SRC).filter((file) =>
      /^import [^;]*from '(node:[^']+|ws|fs|path|crypto|http|https|stream)'/m.test(
        readFileSync(file, 'utf8'),
      ),
    );
    assert.deepEqual(offenders, []);
  });

  it('reads process.env only in internal/env.ts, guarded for runtimes without process', () => {
    // Lines of code only: doc comments may show `process.env` in examples.
    const readers = sourceFiles(SRC).filter((file) =>
      /^(?!\s*(\/\/|\/?\*)).*\bprocess\b/m.test(readFileSync(file, 'utf8')),
    );
    assert.deepEqual(
      readers.map((file) => file.slice(SRC.length + 1)),
      ['internal/env.ts'],
    );
  });
});
