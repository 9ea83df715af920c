// The folder READMEs are the map a newcomer reads first; a file they do not name is a room off the map.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';

const SRC = join(import.meta.dirname, '..', 'src');
const FOLDERS = readdirSync(SRC).filter((name) => statSync(join(SRC, name)).isDirectory());

/** `name` appears as a word of its own: `mp3.ts` is not found inside `mp3-frames.ts`. */
function names(readme: string, name: string): boolean {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^\\w-])${escaped}($|[^\\w-])`).test(readme);
}

describe('the engine folder READMEs', () => {
  it('exist for every folder under src/', () => {
    for (const folder of FOLDERS)
      assert.ok(readdirSync(join(SRC, folder)).includes('README.md'), `${folder}/ has a README.md`);
  });

  it('name every file and subfolder of their folder', () => {
    for (const folder of FOLDERS) {
      const readme = readFileSync(join(SRC, folder, 'README.md'), 'utf8');
      const unnamed = readdirSync(join(SRC, folder)).filter((f) => f !== 'README.md' && !names(readme, f));
      assert.deepEqual(unnamed, [], `${folder}/README.md leaves out ${unnamed.join(', ')}`);
    }
  });

  it('name no file that is not in their folder or one of its subfolders', () => {
    for (const folder of FOLDERS) {
      const readme = readFileSync(join(SRC, folder, 'README.md'), 'utf8');
      const present = new Set(
        readdirSync(join(SRC, folder), { recursive: true, encoding: 'utf8' }).map((f) => f.split('/').at(-1)),
      );
      // a bare file name (no path before it) means a file of this folder
      const bare = [...readme.matchAll(/(?<![\w/.-])([\w-]+\.ts)\b/g)].map((match) => match[1]!);
      const missing = bare.filter((file) => !present.has(file) && file !== 'types.ts');
      assert.deepEqual(missing, [], `${folder}/README.md names ${missing.join(', ')}, which are not there`);
    }
  });
});
