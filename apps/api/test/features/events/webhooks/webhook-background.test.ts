import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { createTestAccount } from '../../../helpers/accounts.js';
import { createTestApp, type TestApp } from '../../../helpers/app.js';
import { testDatabaseKinds } from '../../../helpers/databases.js';
import { appendTestEvent } from '../event-helpers.js';

for (const kind of testDatabaseKinds()) {
  describe(`webhook background dispatch on ${kind}`, () => {
    let t: TestApp;
    const received: string[] = [];
    let notify: () => void = () => {};
    const server = createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        received.push(String(request.headers['webhook-id']));
        response.end();
        notify();
      });
    });

    before(async () => {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      t = await createTestApp(kind, {
        env: { ALLOW_PRIVATE_WEBHOOKS: 'true' },
        deps: { events: { backgroundJobs: true } },
      });
    });
    after(async () => {
      await t.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });

    it('delivers a committed event without waiting for the polling interval', async () => {
      const account = await createTestAccount(t, { plan: 'studio' });
      const port = (server.address() as AddressInfo).port;
      const created = await t.app.inject({
        method: 'POST',
        url: '/v1/webhook-endpoints',
        headers: account.headers,
        payload: { url: `http://127.0.0.1:${port}/hook` },
      });
      assert.equal(created.statusCode, 201);
      const arrived = new Promise<void>((resolve) => {
        notify = resolve;
      });
      const event = await appendTestEvent(t, account.workspaceId);
      await Promise.race([
        arrived,
        new Promise((_, reject) => setTimeout(() => reject(new Error('no delivery within 3 s')), 3000)),
      ]);
      assert.deepEqual(received, [event.id]);
    });
  });
}
