import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import {
  type CreditsService,
  createCreditsService,
} from '../../../../src/features/billing/credits/credit.service.js';
import type { DatabaseHandle } from '../../../../src/platform/database/create-database.js';
import { transaction } from '../../../../src/platform/database/create-database.js';
import { createManualClock } from '../../../../src/platform/shared/clock.js';
import { newId } from '../../../../src/platform/shared/ids.js';
import { createTestDatabase, testDatabaseKinds } from '../../../helpers/databases.js';

for (const kind of testDatabaseKinds()) {
  describe(`credits ledger on ${kind}`, () => {
    let database: DatabaseHandle;
    let credits: CreditsService;
    const clock = createManualClock();
    before(async () => {
      database = await createTestDatabase(kind);
      credits = createCreditsService({ db: database.db, clock });
    });
    after(() => database.close());

    it('grants credits once per (source key, kind) and returns the first entry on a repeat', async () => {
      const workspaceId = newId('wsp');
      const first = await credits.grantCredits({
        workspaceId,
        amount: 5,
        kind: 'grant',
        sourceKey: 'monthly:2026-01',
      });
      const again = await credits.grantCredits({
        workspaceId,
        amount: 5,
        kind: 'grant',
        sourceKey: 'monthly:2026-01',
      });
      assert.equal(again.id, first.id);
      assert.equal(first.balance_after, 5);
      assert.deepEqual(await credits.getCreditBalance(workspaceId), { balance: 5, held: 0 });
      await credits.grantCredits({ workspaceId, amount: 3, kind: 'topup', sourceKey: 'monthly:2026-01' });
      assert.deepEqual(await credits.getCreditBalance(workspaceId), { balance: 8, held: 0 });
    });

    it('grants once when the same grant arrives concurrently', async () => {
      const workspaceId = newId('wsp');
      await Promise.all(
        Array.from({ length: 10 }, () =>
          credits.grantCredits({ workspaceId, amount: 7, kind: 'topup', sourceKey: `evt_${workspaceId}` }),
        ),
      );
      assert.deepEqual(await credits.getCreditBalance(workspaceId), { balance: 7, held: 0 });
    });

    it('holds, captures and refunds a track credit at most once each', async () => {
      const workspaceId = newId('wsp');
      await credits.grantCredits({ workspaceId, amount: 2, kind: 'grant', sourceKey: newId('evt') });
      const [a, b] = [newId('trk'), newId('trk')];
      await transaction(database.db, (tx) => credits.holdCreditForTrack(tx, workspaceId, a));
      await transaction(database.db, (tx) => credits.holdCreditForTrack(tx, workspaceId, b));
      assert.deepEqual(await credits.getCreditBalance(workspaceId), { balance: 0, held: 2 });
      assert.equal(
        await transaction(database.db, (tx) => credits.settleTrackCredit(tx, workspaceId, a, 'capture')),
        true,
      );
      assert.equal(
        await transaction(database.db, (tx) => credits.settleTrackCredit(tx, workspaceId, a, 'capture')),
        false,
      );
      assert.equal(
        await transaction(database.db, (tx) => credits.settleTrackCredit(tx, workspaceId, a, 'refund')),
        false,
      );
      assert.equal(
        await transaction(database.db, (tx) => credits.settleTrackCredit(tx, workspaceId, b, 'refund')),
        true,
      );
      assert.equal(
        await transaction(database.db, (tx) => credits.settleTrackCredit(tx, workspaceId, b, 'capture')),
        false,
      );
      assert.deepEqual(await credits.getCreditBalance(workspaceId), { balance: 1, held: 0 });
    });

    it('lists no zero-amount entry: a captured track shows its hold of -1 and nothing more', async () => {
      const workspaceId = newId('wsp');
      await credits.grantCredits({ workspaceId, amount: 1, kind: 'grant', sourceKey: newId('evt') });
      const trackId = newId('trk');
      await transaction(database.db, (tx) => credits.holdCreditForTrack(tx, workspaceId, trackId));
      await transaction(database.db, (tx) => credits.settleTrackCredit(tx, workspaceId, trackId, 'capture'));
      const { entries } = await credits.listCredits(workspaceId, { limit: 10 });
      assert.deepEqual(
        entries.data.map((entry) => [entry.kind, entry.amount]),
        [
          ['hold', -1],
          ['grant', 1],
        ],
      );
    });

    it('refuses a hold with 402 insufficient_credits and the balance when nothing is left', async () => {
      const workspaceId = newId('wsp');
      await assert.rejects(
        transaction(database.db, (tx) => credits.holdCreditForTrack(tx, workspaceId, newId('trk'))),
        (error: { code: string; extras: { balance: number } }) =>
          error.code === 'insufficient_credits' && error.extras.balance === 0,
      );
    });

    it('never lets the balance go below zero, even by a direct update', async () => {
      const workspaceId = newId('wsp');
      await credits.grantCredits({ workspaceId, amount: 1, kind: 'grant', sourceKey: newId('evt') });
      await assert.rejects(
        credits.grantCredits({ workspaceId, amount: -2, kind: 'adjust', sourceKey: newId('evt') }),
        { code: 'conflict' },
      );
      await assert.rejects(
        sql`update credit_account set balance = -1 where workspace_id = ${workspaceId}`.execute(database.db),
      );
    });

    it('lists entries newest first with a keyset cursor', async () => {
      const workspaceId = newId('wsp');
      for (let i = 0; i < 3; i++) {
        clock.advance(1000);
        await credits.grantCredits({
          workspaceId,
          amount: 1,
          kind: 'topup',
          sourceKey: `pack-${i}-${workspaceId}`,
        });
      }
      const first = await credits.listCredits(workspaceId, { limit: 2 });
      assert.equal(first.balance, 3);
      assert.deepEqual(
        first.entries.data.map((e) => e.balance_after),
        [3, 2],
      );
      assert.equal(first.entries.has_more, true);
      const second = await credits.listCredits(workspaceId, {
        limit: 2,
        starting_after: first.entries.next_cursor!,
      });
      assert.deepEqual(
        second.entries.data.map((e) => e.balance_after),
        [1],
      );
      assert.equal(second.entries.has_more, false);
      const back = await credits.listCredits(workspaceId, {
        limit: 2,
        ending_before: second.entries.data[0]!.id,
      });
      assert.deepEqual(
        back.entries.data.map((e) => e.balance_after),
        [3, 2],
      );
    });
  });
}
