// The accounts feature's contract rows (sign-in, the caller's account, API keys) and worked
// examples; accounts.plugin.ts registers them (platform/http/openapi-contract.ts).
import type { ContractRows } from '../../platform/http/openapi-contract.js';
import {
  EXAMPLE_CREATED_AT,
  EXAMPLE_ULID,
  exampleId,
  exampleList,
} from '../../platform/http/openapi-examples.js';

const USER = {
  id: exampleId('usr'),
  object: 'user',
  email: 'ada@example.com',
  name: 'Ada',
  created_at: EXAMPLE_CREATED_AT,
};
const WORKSPACE = {
  id: exampleId('wsp'),
  object: 'workspace',
  name: "Ada's workspace",
  plan: 'studio',
  credits: { balance: 99, held: 1 },
  created_at: EXAMPLE_CREATED_AT,
};
const API_KEY = {
  id: exampleId('key'),
  object: 'api_key',
  name: 'production server',
  mode: 'live',
  prefix: `tf_live_key_${EXAMPLE_ULID}`,
  last_four: 'x9Qa',
  created_at: EXAMPLE_CREATED_AT,
  last_used_at: null,
};

export const ACCOUNTS_CONTRACT: ContractRows = {
  'POST /v1/auth/signup': {
    access: 'public',
    example: {
      request: { email: 'ada@example.com', name: 'Ada', redirect_to: '/studio' },
      response: { status: 'sent' },
    },
  },
  'POST /v1/auth/magic-link': {
    access: 'public',
    example: { request: { email: 'ada@example.com' }, response: { status: 'sent' } },
  },
  'GET /v1/auth/verify': {
    access: 'public',
    errors: ['invalid_token'],
    example: {
      params: { token: 'lnk_5f2c1e9a7b3d4c8e' },
      response: {
        access_token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c3JfMDEifQ.c2lnbmF0dXJl',
        token_type: 'Bearer',
        expires_in: 900,
        user: USER,
        workspace: WORKSPACE,
        redirect_to: '/studio',
      },
    },
  },
  'POST /v1/auth/signout': { access: 'user', example: {} },
  'GET /v1/me': {
    access: 'workspace',
    example: {
      response: {
        object: 'me',
        user: USER,
        workspace: {
          ...WORKSPACE,
          subscription: {
            status: 'active',
            price: 'studio_monthly',
            current_period_end: '2026-12-01T00:00:00Z',
          },
        },
        auth_method: 'session',
      },
    },
  },

  'POST /v1/api-keys': {
    access: 'user',
    errors: ['plan_required', 'plan_limit_reached'],
    example: {
      request: { name: 'production server', mode: 'live' },
      response: { ...API_KEY, secret: `tf_live_key_${EXAMPLE_ULID}_s3cr3tS3cr3tS3cr3tx9Qa` },
    },
  },
  'GET /v1/api-keys': { access: 'user', example: { response: exampleList(API_KEY) } },
  'GET /v1/api-keys/{id}': { access: 'user', example: { params: { id: API_KEY.id }, response: API_KEY } },
  'DELETE /v1/api-keys/{id}': { access: 'user', example: { params: { id: API_KEY.id } } },
};
