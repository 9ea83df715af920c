// The health routes' contract rows and examples; registerHealthRoutes registers them
// (platform/http/openapi-contract.ts).
import type { ContractRows } from '../http/openapi-contract.js';

export const HEALTH_CONTRACT: ContractRows = {
  'GET /healthz': { access: 'public', example: { response: { status: 'ok' } } },
  'GET /readyz': {
    access: 'public',
    example: { response: { status: 'ready', database: 'postgres', storage: 's3' } },
  },
};
