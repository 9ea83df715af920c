// The events feature's contract rows (the event log, the job WebSocket, the workspace's signing
// secret, webhook endpoints) and worked examples; events.plugin.ts registers them
// (platform/http/openapi-contract.ts).
import type { ContractRows } from '../../platform/http/openapi-contract.js';
import { EXAMPLE_CREATED_AT, exampleId, exampleList } from '../../platform/http/openapi-examples.js';

const TRACK_ID = exampleId('trk');
const EVENT = {
  id: exampleId('evt'),
  type: 'track.ready',
  created_at: EXAMPLE_CREATED_AT,
  data: { track: { id: TRACK_ID, object: 'track', status: 'ready' } },
};
const ENDPOINT = {
  id: exampleId('whe'),
  object: 'webhook_endpoint',
  url: 'https://example.com/hooks/trackforge',
  description: 'Production receiver',
  event_types: ['track.ready', 'track.failed'],
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  status: 'enabled',
  disabled_reason: null,
  created_at: EXAMPLE_CREATED_AT,
};
const SIGNED_WORKSPACE = {
  id: exampleId('wsp'),
  object: 'workspace',
  name: "Ada's workspace",
  plan: 'studio',
  signing_secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
};
const endpointParams = { id: ENDPOINT.id };

export const EVENTS_CONTRACT: ContractRows = {
  'GET /v1/events': {
    access: 'workspace',
    example: { params: { track_id: TRACK_ID }, response: exampleList(EVENT) },
  },
  'GET /v1/ws/jobs': {
    access: 'workspace',
    errors: ['upgrade_required'],
    success: [{ status: '101', description: 'Switching Protocols: the WebSocket is open.' }],
    example: { params: { last_event_id: EVENT.id } },
  },
  'GET /v1/workspace': {
    access: 'workspace',
    errors: ['not_found'],
    example: { response: SIGNED_WORKSPACE },
  },
  'POST /v1/workspace/signing-secret': {
    access: 'user',
    errors: ['not_found'],
    example: { response: SIGNED_WORKSPACE },
  },

  'POST /v1/webhook-endpoints': {
    access: 'workspace',
    errors: ['plan_limit_reached'],
    example: {
      request: { url: ENDPOINT.url, event_types: ENDPOINT.event_types },
      response: ENDPOINT,
    },
  },
  'GET /v1/webhook-endpoints': { access: 'workspace', example: { response: exampleList(ENDPOINT) } },
  'GET /v1/webhook-endpoints/{id}': {
    access: 'workspace',
    example: { params: endpointParams, response: ENDPOINT },
  },
  'PATCH /v1/webhook-endpoints/{id}': {
    access: 'workspace',
    example: {
      params: endpointParams,
      request: { description: 'Production receiver', enabled: true },
      response: ENDPOINT,
    },
  },
  'DELETE /v1/webhook-endpoints/{id}': { access: 'workspace', example: { params: endpointParams } },
};
