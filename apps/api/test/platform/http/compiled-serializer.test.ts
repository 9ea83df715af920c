import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { z } from 'zod';
import { compileSerializer } from '../../../src/platform/http/compiled-serializer.js';

describe('compiled response serializer', () => {
  const Schema = z.object({
    id: z.string().describe('An id.'),
    description: z.string().nullable().describe('A field that shares its name with a schema keyword.'),
    format: z.string(),
    pattern: z.number(),
    nested: z.object({ description: z.string(), note: z.string().nullable() }),
  });
  const serialize = compileSerializer(Schema);

  it('writes fields named like schema keywords (description, format, pattern)', () => {
    const value = {
      id: 'a',
      description: 'text',
      format: 'mp3',
      pattern: 3,
      nested: { description: 'n', note: null },
    };
    assert.deepEqual(JSON.parse(serialize(value)), value);
  });

  it('writes null for a nullable field and never writes a key the schema does not name', () => {
    const value = {
      id: 'a',
      description: null,
      format: 'mp3',
      pattern: 3,
      nested: { description: 'n', note: 'x', seed: 42 },
      owner_email: 'private@example.com',
    };
    const written = JSON.parse(serialize(value as z.output<typeof Schema>));
    assert.equal(written.description, null);
    assert.equal('owner_email' in written, false);
    assert.equal('seed' in written.nested, false);
  });
});
