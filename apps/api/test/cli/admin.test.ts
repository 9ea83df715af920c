import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ADMIN_USAGE, AdminUsageError, parseAdminArgs, runAdminCommand } from '../../src/cli/admin.js';
import { DEMO_EMAIL, demoAccountBanner, seedDemoAccount } from '../../src/cli/dev-seed.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDatabaseKinds } from '../helpers/databases.js';

const main = fileURLToPath(new URL('../../src/main.ts', import.meta.url));

describe('npm run admin', () => {
  it('prints its usage and refuses bad arguments with exit code 2 before opening the database', () => {
    assert.equal(parseAdminArgs(['help']), 'help');
    assert.match(ADMIN_USAGE, /grant <email> \[--plan free\|studio\|enterprise\] \[--credits N\]/);
    const bad = spawnSync(
      process.execPath,
      ['--import', 'tsx', main, 'admin', 'grant', 'ada@example.com', '--plan', 'gold'],
      {
        encoding: 'utf8',
        env: { ...process.env, DATA_DIR: '/nonexistent/never-created' },
      },
    );
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /--plan must be one of free, studio, enterprise/);
  });
});

for (const kind of testDatabaseKinds()) {
  describe(`admin grant and the dev seed on ${kind}`, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(kind);
    });
    after(() => t.close());

    it('sets the plan and grants credits by email, creating the account when needed', async () => {
      const output = await runAdminCommand(
        ['grant', 'Grace@Example.com', '--plan', 'studio', '--credits', '100'],
        t.services,
      );
      assert.match(output, /created grace@example\.com/);
      assert.match(output, /plan: free → studio/);
      assert.match(output, /credits: \+100 \(balance 100\)/);
      const again = await runAdminCommand(['grant', 'grace@example.com', '--credits', '5'], t.services);
      assert.match(again, /found grace@example\.com/);
      assert.match(again, /balance 105/);
      const { accounts } = t.services.auth;
      const user = await accounts.findUserByEmail('grace@example.com');
      const workspace = await accounts.getDefaultWorkspace(user!.id);
      assert.equal(workspace.plan, 'studio');
      assert.deepEqual(await accounts.findWorkspaceOwner(workspace.id), {
        userId: user!.id,
        email: 'grace@example.com',
        name: null,
      });
    });

    it('makes an API key by email, and says which plan a Free account needs first', async () => {
      await runAdminCommand(['grant', 'keys@example.com', '--credits', '1'], t.services);
      await assert.rejects(
        runAdminCommand(['create-key', 'keys@example.com'], t.services),
        (error: Error) =>
          error instanceof AdminUsageError && /free plan; API keys need studio/.test(error.message),
      );
      await assert.rejects(
        runAdminCommand(['create-key', 'nobody@example.com'], t.services),
        /no account for nobody@example.com/,
      );
      await runAdminCommand(['grant', 'keys@example.com', '--plan', 'studio'], t.services);
      const output = await runAdminCommand(['create-key', 'keys@example.com', '--name', 'ci'], t.services);
      assert.match(output, /^API key "ci" for keys@example\.com .*\ntf_live_\S+$/);
    });

    it('refuses a grant with nothing to grant', async () => {
      await assert.rejects(runAdminCommand(['grant', 'x@example.com'], t.services), AdminUsageError);
      await assert.rejects(
        runAdminCommand(['grant', 'x@example.com', '--credits', '-3'], t.services),
        AdminUsageError,
      );
    });

    it('seeds one demo account with a working key, once, and never in production', async () => {
      assert.equal(await seedDemoAccount({ NODE_ENV: 'production' }, t.services), null);
      const seeded = await seedDemoAccount({ NODE_ENV: 'development' }, t.services);
      assert.ok(seeded);
      assert.equal(await seedDemoAccount({ NODE_ENV: 'development' }, t.services), null);
      const banner = demoAccountBanner(seeded.apiKey, 'http://localhost:8080');
      assert.match(banner, /^API key: tf_live_/m);
      assert.match(banner, /^curl .*Authorization: Bearer tf_live_/m);
      const me = await t.app.inject({
        method: 'GET',
        url: '/v1/me',
        headers: { authorization: `Bearer ${seeded.apiKey}` },
      });
      assert.equal(me.statusCode, 200);
      assert.equal(me.json().workspace.plan, 'studio');
      assert.equal(me.json().workspace.credits.balance, 100);
      const owner = await t.services.auth.accounts.findWorkspaceOwner(seeded.workspaceId);
      assert.equal(owner?.email, DEMO_EMAIL);
    });
  });
}
