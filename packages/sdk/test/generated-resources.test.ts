import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { describe, it } from 'node:test';
import { generateResources } from '../scripts/generate-resources.js';

describe('generated resources', () => {
  it('src/resources/*.ts match openapi.json and packages/sdk-manifest.json (regenerate with `npm run generate:sdks`)', () => {
    const stale = [...generateResources()]
      .filter(([path, text]) => readFileSync(path, 'utf8') !== text)
      .map(([path]) => basename(path));
    assert.deepEqual(stale, [], 'out of date: run `npm run generate:sdks` and commit the result');
  });

  it('holds only generated files: hand-written helpers live in src/lib', () => {
    const generated = [...generateResources().keys()].map((path) => basename(path)).sort();
    const onDisk = readdirSync(new URL('../src/resources/', import.meta.url)).sort();
    assert.deepEqual(onDisk, generated);
  });
});
