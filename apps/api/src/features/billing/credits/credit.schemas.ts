import { z } from 'zod';
import { prefixedId, timestamp } from '../../../platform/shared/wire-schemas.js';
import type { CreditEntryRow } from './credit.repository.js';

export const CreditEntrySchema = z.object({
  id: prefixedId('crd', 'Credit entry'),
  object: z.literal('credit_entry'),
  kind: z.enum(['grant', 'topup', 'hold', 'capture', 'release', 'refund', 'adjust']),
  amount: z
    .number()
    .int()
    .describe("Change to the spendable balance, never 0: a hold is -1 (the track's charge), a refund +1."),
  balance_after: z.number().int(),
  held_after: z.number().int(),
  track_id: prefixedId('trk', 'Track').nullable(),
  description: z.string().nullable(),
  created_at: timestamp(),
});

export const CreditsSchema = z.object({
  object: z.literal('credits'),
  balance: z
    .number()
    .int()
    .describe('Credits free to spend; each track holds 1 until it is ready or failed.'),
  held: z.number().int().describe('Credits held by tracks still being generated.'),
  entries: z.object({
    object: z.literal('list'),
    data: z.array(CreditEntrySchema),
    has_more: z.boolean(),
    next_cursor: z.string().nullable(),
  }),
});

export function presentCreditEntry(entry: CreditEntryRow): z.infer<typeof CreditEntrySchema> {
  return {
    id: entry.id,
    object: 'credit_entry',
    kind: entry.kind,
    amount: entry.amount,
    balance_after: entry.balance_after,
    held_after: entry.held_after,
    track_id: entry.track_id,
    description: entry.description,
    created_at: new Date(entry.created_at).toISOString(),
  };
}
