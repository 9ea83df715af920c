// The credits feature's contract row and worked example; credits.plugin.ts registers it
// (platform/http/openapi-contract.ts).
import type { ContractRows } from '../../../platform/http/openapi-contract.js';
import { EXAMPLE_CREATED_AT, exampleId, exampleList } from '../../../platform/http/openapi-examples.js';

export const CREDITS_CONTRACT: ContractRows = {
  'GET /v1/credits': {
    access: 'workspace',
    example: {
      response: {
        object: 'credits',
        balance: 99,
        held: 1,
        entries: exampleList({
          id: exampleId('crd'),
          object: 'credit_entry',
          kind: 'hold',
          amount: -1,
          balance_after: 99,
          held_after: 1,
          track_id: exampleId('trk'),
          description: 'track generation',
          created_at: EXAMPLE_CREATED_AT,
        }),
      },
    },
  },
};
