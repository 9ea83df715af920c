// The studio build leaves the SDK's server-only imports out, so `npm ci` (which builds the studio)
// prints no "externalized for browser compatibility" warning for them.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';

const read = (path: string) => readFileSync(new URL(`../../../../../${path}`, import.meta.url), 'utf8');

describe('the studio build configuration', () => {
  it('keeps every Node-only module the SDK imports lazily out of the browser bundle', () => {
    const lazyImports = [
      ...read('packages/sdk/src/core/binary.ts').matchAll(/import\('(node:[\w/]+)'\)/g),
    ].map((match) => match[1]);
    assert.ok(lazyImports.length > 0);
    const config = read('apps/studio/vite.config.ts');
    const external = /external: \[([^\]]*)\]/.exec(config)?.[1] ?? '';
    for (const name of lazyImports)
      assert.match(external, new RegExp(`'${name}'`), `${name} is not external`);
  });
});
