import type { Generated } from 'kysely';

export type CreditEntryKind = 'grant' | 'topup' | 'hold' | 'capture' | 'release' | 'refund' | 'adjust';

export interface CreditAccountTable {
  workspace_id: string;
  /** Credits free to spend; holds move credits from here to `held`. */
  balance: Generated<number>;
  held: Generated<number>;
  updated_at: Generated<Date>;
}

export interface CreditEntryTable {
  id: string;
  workspace_id: string;
  kind: CreditEntryKind;
  /** Signed change to the spendable balance (a hold is −1, a refund +1, a capture 0). */
  amount: number;
  balance_after: number;
  held_after: number;
  /** What caused the entry (a track id, a Stripe event id…); unique with kind, so settling twice is a no-op. */
  source_key: string;
  track_id: string | null;
  description: string | null;
  created_at: Date;
}

// These tables join the one interface Kysely sees by declaration merging (as Fastify's decorators
// do), so platform/database/schema.ts names no feature.
declare module '../../../platform/database/schema.js' {
  interface Database {
    credit_account: CreditAccountTable;
    credit_entry: CreditEntryTable;
  }
}
