import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { getGenreProfile } from '../../src/brief/index.js';
import { composeTrack } from '../../src/composition/index.js';
import { mixFor } from '../../src/composition/mix.js';
import { getStyle } from '../../src/composition/styles.js';
import { GENRE_RECORDS } from '../../src/genres/index.js';
import { GENRE_IDS } from '../../src/types.js';
import { makeBrief } from '../composition/make-brief.js';

const SRC = join(import.meta.dirname, '..', '..', 'src');

function sourcesUnder(folder: string): string[] {
  return readdirSync(join(SRC, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => join(SRC, folder, file));
}

describe('the genre registry', () => {
  it('holds one record per genre, keyed by its own id', () => {
    assert.deepEqual(Object.keys(GENRE_RECORDS).sort(), [...GENRE_IDS].sort());
    for (const id of GENRE_IDS) assert.equal(GENRE_RECORDS[id].id, id);
  });

  it('is what the brief and the composer read', () => {
    for (const id of GENRE_IDS) {
      assert.equal(getStyle(id), GENRE_RECORDS[id].style);
      assert.deepEqual(getGenreProfile(id).bpmRange, GENRE_RECORDS[id].brief.bpmRange);
      assert.equal(getGenreProfile(id).instruments, GENRE_RECORDS[id].brief.instruments);
    }
  });

  it('leaves the composer and the renderer no genre to branch on by name', () => {
    const names = GENRE_IDS.join('|');
    const byName = new RegExp(`[=!]==?\\s*'(${names})'|'(${names})'\\s*[=!]==?`);
    for (const file of [...sourcesUnder('composition'), ...sourcesUnder('rendering')]) {
      const line = readFileSync(file, 'utf8')
        .split('\n')
        .find((text) => byName.test(text));
      assert.equal(line, undefined, `${file} compares a genre id: ${line}`);
    }
  });
});

describe("a genre record's mix", () => {
  it("moves its roles' channel volume: lo-fi's kit sits further in front than the default balance puts it", () => {
    const brief = makeBrief({ genre: 'lofi', arousal: 0.3 });
    const drums = composeTrack(brief, { seed: 1 }).parts.find((p) => p.role === 'drums')!;
    assert.ok(drums.volume > mixFor('drums', 0, 0.3).volume, `drums at ${drums.volume}`);
    const pop = composeTrack({ ...brief, genre: 'pop' }, { seed: 1 }).parts.find((p) => p.role === 'drums')!;
    assert.equal(pop.volume, mixFor('drums', 0, 0.3).volume, 'a genre without a mix keeps the default');
  });
});
