import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { GENERATED_PATH, generateTypes } from '../scripts/generate-types.js';

describe('generated types', () => {
  it('src/generated/openapi.ts matches openapi.json (regenerate with `npm run generate -w packages/sdk`)', async () => {
    const expected = await generateTypes();
    assert.ok(
      readFileSync(GENERATED_PATH, 'utf8') === expected,
      'src/generated/openapi.ts is out of date: run `npm run generate -w packages/sdk` and commit it',
    );
  });
});
