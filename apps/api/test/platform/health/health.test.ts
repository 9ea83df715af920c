import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { createDrain } from '../../../src/platform/health/drain.js';
import { createS3Storage } from '../../../src/platform/storage/s3-storage.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { testDatabaseKinds } from '../../helpers/databases.js';

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

    it('answers /readyz with 200, the database and the file store once migrations are applied', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/readyz' });
      assert.equal(response.statusCode, 200);
      assert.equal(response.headers['cache-control'], 'no-store');
      assert.deepEqual(response.json(), { status: 'ready', database: kind, storage: 'local' });
    });

    it('answers /readyz with 503 problem+json naming the database when it is gone', async () => {
      const broken = await createTestApp(kind);
      await broken.database.close();
      const response = await broken.app.inject({ method: 'GET', url: '/readyz' });
      assert.equal(response.statusCode, 503);
      assert.match(response.headers['content-type'] as string, /application\/problem\+json/);
      assert.equal(response.json().code, 'unavailable');
      assert.deepEqual(
        response.json().failures.map((failure: { check: string }) => failure.check),
        ['database'],
      );
      await broken.app.close();
    });

    it('answers /readyz with 503 naming the migrations when one is not applied', async () => {
      const behind = await createTestApp(kind);
      const [latest] = await sql<{ name: string }>`
        select name from kysely_migration order by name desc limit 1`
        .execute(behind.database.db)
        .then((result) => result.rows);
      await sql`delete from kysely_migration where name = ${latest!.name}`.execute(behind.database.db);
      const response = await behind.app.inject({ method: 'GET', url: '/readyz' });
      assert.equal(response.statusCode, 503);
      const [failure] = response.json().failures;
      assert.equal(failure.check, 'migrations');
      assert.match(failure.detail, new RegExp(latest!.name));
      assert.match(response.json().detail, /npm run migrate/);
      await behind.close();
    });

    it('answers /readyz with 503 naming the storage when the S3 endpoint does not answer', async () => {
      // A port that accepts nothing: bound, then closed, so connections are refused at once.
      const port = await new Promise<number>((resolve) => {
        const probe = createServer().listen(0, '127.0.0.1', () => {
          const address = probe.address() as { port: number };
          probe.close(() => resolve(address.port));
        });
      });
      process.env.AWS_ACCESS_KEY_ID ??= 'test';
      process.env.AWS_SECRET_ACCESS_KEY ??= 'test';
      const noStore = await createTestApp(kind, {
        deps: {
          storage: createS3Storage({ bucket: 'missing', prefix: '', endpoint: `http://127.0.0.1:${port}` }),
        },
      });
      const response = await noStore.app.inject({ method: 'GET', url: '/readyz' });
      assert.equal(response.statusCode, 503);
      const [failure] = response.json().failures;
      assert.equal(failure.check, 'storage');
      assert.match(failure.detail, /file store/);
      await noStore.close();
    });

    it('answers /readyz with 503 naming draining once the node drains, while other routes still answer', async () => {
      const drain = createDrain();
      const draining = await createTestApp(kind, { deps: { drain } });
      assert.equal((await draining.app.inject({ method: 'GET', url: '/readyz' })).statusCode, 200);
      drain.begin();
      const response = await draining.app.inject({ method: 'GET', url: '/readyz' });
      assert.equal(response.statusCode, 503);
      assert.deepEqual(
        response.json().failures.map((failure: { check: string }) => failure.check),
        ['draining'],
      );
      assert.equal((await draining.app.inject({ method: 'GET', url: '/healthz' })).statusCode, 200);
      await draining.close();
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
