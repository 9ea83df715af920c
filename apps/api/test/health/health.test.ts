import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDatabaseKinds } from '../helpers/databases.js';

for (const kind of testDatabaseKinds()) {
  describe(`health on ${kind}`, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(kind);
    });
    after(() => t.close());

    it('answers /healthz with 200 ok', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/healthz' });
      assert.equal(response.statusCode, 200);
      assert.deepEqual(response.json(), { status: 'ok' });
    });

    it('answers /readyz with 200 and the database kind once migrations are applied', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/readyz' });
      assert.equal(response.statusCode, 200);
      assert.deepEqual(response.json(), { status: 'ready', database: kind });
    });

    it('answers /readyz with 503 problem+json when the database is gone', async () => {
      const broken = await createTestApp(kind);
      await broken.database.close();
      const response = await broken.app.inject({ method: 'GET', url: '/readyz' });
      assert.equal(response.statusCode, 503);
      assert.equal(response.json().code, 'unavailable');
      await broken.app.close();
    });

    it('serves Prometheus metrics with request counts and a latency histogram per route', async () => {
      await t.app.inject({ method: 'GET', url: '/healthz' });
      const response = await t.app.inject({ method: 'GET', url: '/metrics' });
      assert.equal(response.statusCode, 200);
      assert.match(response.headers['content-type'] as string, /text\/plain/);
      assert.match(
        response.body,
        /http_requests_total\{method="GET",route="\/healthz",status_code="200"\} \d+/,
      );
      assert.match(
        response.body,
        /http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/healthz"/,
      );
      const rss = Number(/^trackforge_process_rss_bytes (\d+)$/m.exec(response.body)?.[1]);
      assert.ok(rss > 10_000_000, `the process reports its resident memory (${rss} bytes)`);
    });
  });
}
