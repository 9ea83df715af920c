import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ERROR_CODES } from '../../../src/errors.js';
import { GUIDE_PAGES, servedHref } from '../../../src/features/guides/render-guide.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';

describe('GET /docs/guides and /docs/errors', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  it('serves every guide as HTML rendered from docs/, with links between them resolved', async () => {
    const index = await t.app.inject({ method: 'GET', url: '/docs/guides' });
    assert.equal(index.statusCode, 200);
    for (const page of GUIDE_PAGES) {
      assert.match(index.body, new RegExp(`href="${page.path}"`));
      const response = await t.app.inject({ method: 'GET', url: page.path });
      assert.equal(response.statusCode, 200, page.path);
      assert.match(response.headers['content-type'] as string, /^text\/html/);
      assert.match(response.body, /<h1 id="[^"]+">/);
      assert.doesNotMatch(response.body, /href="[^":]+\.md(#[^"]*)?"/, `${page.path} links to a .md file`);
    }
  });

  it('resolves each problem type URL to a row of the error page', async () => {
    const problem = await t.app.inject({ method: 'GET', url: '/v1/tracks/trk_nothing' });
    const type = new URL(problem.json().type);
    assert.equal(type.pathname, '/docs/errors');
    const page = await t.app.inject({ method: 'GET', url: type.pathname });
    assert.equal(page.statusCode, 200);
    for (const code of Object.keys(ERROR_CODES))
      assert.match(page.body, new RegExp(`<tr id="${code}">`), code);
  });

  it('maps relative markdown links to served paths and leaves others alone', () => {
    assert.equal(servedHref('quickstart.md', 'guides/sdks.md'), '/docs/guides/quickstart');
    assert.equal(servedHref('../errors.md#not_found', 'guides/concepts.md'), '/docs/errors#not_found');
    assert.equal(servedHref('../DEPLOY.md#memory', 'guides/operating.md'), '/docs/guides/deploy#memory');
    assert.equal(
      servedHref('../../packages/sdk/README.md', 'guides/sdks.md'),
      'repository:packages/sdk/README.md',
    );
    assert.equal(servedHref('https://example.com/a.md', 'guides/sdks.md'), 'https://example.com/a.md');
  });
});
