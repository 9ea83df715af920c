import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createProgress } from '../../cli/progress.js';

function fakeStream(isTTY: boolean) {
  const writes: string[] = [];
  return { writes, stream: { isTTY, write: (text: string) => writes.push(text) } };
}

describe('CLI progress', () => {
  it('redraws one bar in place on a terminal and clears it when done', () => {
    const { writes, stream } = fakeStream(true);
    const progress = createProgress(stream, false);
    progress.update(0.5, 'rendering');
    progress.update(1, 'encoding');
    progress.done();
    assert.match(writes[0] ?? '', /^\r\[#{15}\.{15}\] {2}50% rendering/);
    assert.match(writes[1] ?? '', /^\r\[#{30}\] 100% encoding/);
    assert.match(writes[2] ?? '', /^\r +\r$/);
    assert.ok(writes.every((text) => !text.includes('\n')));
  });

  it('writes one line per stage, not per update, when not a terminal', () => {
    const { writes, stream } = fakeStream(false);
    const progress = createProgress(stream, false);
    progress.update(0.1, 'rendering');
    progress.update(0.4, 'rendering');
    progress.update(0.8, 'mastering');
    assert.equal(writes.length, 2);
    assert.match(writes[0] ?? '', /^trackforge-engine: rendering \(10%, \d+\.\d s\)\n$/);
    assert.match(writes[1] ?? '', /^trackforge-engine: mastering \(80%, \d+\.\d s\)\n$/);
  });

  it('writes nothing with --quiet, even on a terminal', () => {
    const { writes, stream } = fakeStream(true);
    const progress = createProgress(stream, true);
    progress.update(0.5, 'rendering');
    progress.done();
    assert.deepEqual(writes, []);
  });
});
