// The credits ledger. Every change to a workspace's balance writes one append-only entry whose
// (source_key, kind) is unique, so granting, capturing or refunding for the same cause twice is a
// no-op that returns the first entry. Callers pass their transaction to make a change atomic with
// their own writes (a track insert, a Stripe event record).

import { AppError } from '../../../errors.js';
import { type Db, type Tx, transaction } from '../../../platform/database/create-database.js';
import type { Clock } from '../../../platform/shared/clock.js';
import { newId } from '../../../platform/shared/ids.js';
import { fetchKeysetPage, type Page, type PageQuery } from '../../../platform/shared/keyset-page.js';
import {
  type CreditEntryRow,
  changeBalance,
  ensureCreditAccount,
  findCreditAccount,
  findCreditEntryBySource,
  findCreditEntryPosition,
  holdOneCreditForTrack,
  insertCreditEntry,
  listCreditEntries,
  setEntryTotals,
  settleOneHeldCredit,
} from './credit.repository.js';
import type { CreditEntryKind } from './credit.table.js';

export interface CreditBalance {
  balance: number;
  held: number;
}

export interface GrantCreditsInput {
  workspaceId: string;
  /** Credits to add (negative only for `adjust`). */
  amount: number;
  kind: 'grant' | 'topup' | 'adjust';
  /** The cause, unique per kind: a second call with the same key changes nothing. */
  sourceKey: string;
  description?: string;
}

export type CreditsService = ReturnType<typeof createCreditsService>;

const SETTLEMENT_DESCRIPTIONS = {
  capture: (trackId: string) => `Track ${trackId} generated`,
  refund: (trackId: string) => `Refund: track ${trackId} failed`,
  release: (trackId: string) => `Released: track ${trackId} deleted before it was ready`,
};

export function createCreditsService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  const inTx = <T>(tx: Tx | undefined, fn: (tx: Tx) => Promise<T>) => (tx ? fn(tx) : transaction(db, fn));

  /** Writes the entry first so a concurrent duplicate waits on the unique key and then changes nothing. */
  async function record(
    tx: Tx,
    entry: {
      workspaceId: string;
      kind: CreditEntryKind;
      amount: number;
      sourceKey: string;
      trackId?: string;
      description?: string;
    },
    apply: () => Promise<CreditBalance | undefined>,
  ): Promise<{ entry: CreditEntryRow; created: boolean } | undefined> {
    const inserted = await insertCreditEntry(tx, {
      id: newId('crd'),
      workspace_id: entry.workspaceId,
      kind: entry.kind,
      amount: entry.amount,
      balance_after: 0,
      held_after: 0,
      source_key: entry.sourceKey,
      track_id: entry.trackId ?? null,
      description: entry.description ?? null,
      created_at: clock.now(),
    });
    if (!inserted) {
      const existing = await findCreditEntryBySource(tx, entry.sourceKey, entry.kind);
      return existing ? { entry: existing, created: false } : undefined;
    }
    // apply changes the balance and returns the totals after it
    const applied = await apply();
    if (!applied) return undefined;
    return { entry: await setEntryTotals(tx, inserted.id, applied), created: true };
  }

  /** Spendable and held credits; zeros for a workspace that never had any. */
  async function getCreditBalance(workspaceId: string, tx?: Tx): Promise<CreditBalance> {
    const account = await findCreditAccount(tx ?? db, workspaceId);
    return { balance: account?.balance ?? 0, held: account?.held ?? 0 };
  }

  return {
    getCreditBalance,

    /** Adds credits once per (sourceKey, kind); returns the entry (the existing one on a repeat). */
    async grantCredits(input: GrantCreditsInput, tx?: Tx): Promise<CreditEntryRow> {
      if (!Number.isInteger(input.amount) || (input.kind !== 'adjust' && input.amount <= 0)) {
        throw new AppError('validation_failed', 'amount must be a positive whole number of credits.', {
          param: 'amount',
        });
      }
      return inTx(tx, async (tx) => {
        await ensureCreditAccount(tx, input.workspaceId);
        const result = await record(tx, { ...input }, () =>
          changeBalance(tx, input.workspaceId, input.amount, clock.now()),
        );
        if (!result) {
          throw new AppError('conflict', `The balance is too low to remove ${-input.amount} credits.`);
        }
        return result.entry;
      });
    },

    /** Holds one credit for a new track in the caller's transaction; 402 when none is left. */
    async holdCreditForTrack(tx: Tx, workspaceId: string, trackId: string): Promise<CreditBalance> {
      const entry = await holdOneCreditForTrack(tx, {
        entryId: newId('crd'),
        workspaceId,
        trackId,
        description: `Held for track ${trackId}`,
        now: clock.now(),
      });
      if (!entry) {
        const { balance } = await getCreditBalance(workspaceId, tx);
        throw new AppError(
          'insufficient_credits',
          `Your balance is ${balance} credits; each track needs 1. Buy a credit pack with POST /v1/billing/checkout or wait for the monthly grant.`,
          { balance },
        );
      }
      return { balance: entry.balance_after, held: entry.held_after };
    },

    /** Spends or gives back a track's held credit, once; false when it was already settled. */
    async settleTrackCredit(
      tx: Tx,
      workspaceId: string,
      trackId: string,
      outcome: 'capture' | 'refund' | 'release',
    ) {
      const settled = await findCreditEntryBySource(
        tx,
        trackId,
        outcome === 'capture' ? 'refund' : 'capture',
      );
      if (settled) return false;
      const other = outcome === 'refund' ? 'release' : outcome === 'release' ? 'refund' : undefined;
      if (other && (await findCreditEntryBySource(tx, trackId, other))) return false;
      const result = await record(
        tx,
        {
          workspaceId,
          kind: outcome,
          amount: outcome === 'capture' ? 0 : 1,
          sourceKey: trackId,
          trackId,
          description: SETTLEMENT_DESCRIPTIONS[outcome](trackId),
        },
        () => settleOneHeldCredit(tx, workspaceId, outcome === 'capture' ? 'capture' : 'refund', clock.now()),
      );
      if (!result) throw new Error(`credit ledger: no held credit to ${outcome} for ${trackId}`);
      return result.created;
    },

    /** GET /v1/credits: totals plus one page of entries, newest first. */
    async listCredits(
      workspaceId: string,
      query: PageQuery,
    ): Promise<CreditBalance & { entries: Page<CreditEntryRow> }> {
      const totals = await getCreditBalance(workspaceId);
      const entries = await fetchKeysetPage(
        query,
        (options) => listCreditEntries(db, workspaceId, options),
        (id) => findCreditEntryPosition(db, workspaceId, id),
      );
      return { ...totals, entries };
    },
  };
}

/** The ledger's source key of a workspace's sign-up trial grant: one grant per workspace, ever. */
export const signupTrialSourceKey = (workspaceId: string) => `signup_trial:${workspaceId}`;

/**
 * Grants CREDITS_SIGNUP trial credits to a workspace created by sign-up, in its creating
 * transaction; 0 grants nothing. A repeat for the same workspace changes nothing (unique source key).
 */
export async function grantSignupCredits(
  credits: Pick<CreditsService, 'grantCredits'>,
  amount: number,
  tx: Tx,
  workspaceId: string,
): Promise<void> {
  if (amount <= 0) return;
  await credits.grantCredits(
    {
      workspaceId,
      amount,
      kind: 'grant',
      sourceKey: signupTrialSourceKey(workspaceId),
      description: `signup_trial: ${amount} free credits to try Trackforge`,
    },
    tx,
  );
}
