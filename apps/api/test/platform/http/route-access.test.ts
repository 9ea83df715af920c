// The access each route declares in its feature's contract rows is found for the route a request
// reached (route-access.ts checks it before the handler and before an idempotent replay).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { FastifyRequest } from 'fastify';
import { ACCOUNTS_CONTRACT } from '../../../src/features/accounts/accounts.contract.js';
import { EVENTS_CONTRACT } from '../../../src/features/events/events.contract.js';
import { TRACKS_CONTRACT } from '../../../src/features/tracks/tracks.contract.js';
import { createContractRegistry } from '../../../src/platform/http/openapi-contract.js';
import { accessOf } from '../../../src/platform/http/route-access.js';

const operationContracts = createContractRegistry();
for (const rows of [ACCOUNTS_CONTRACT, EVENTS_CONTRACT, TRACKS_CONTRACT]) operationContracts.add(rows);

const reached = (method: string, url: string | undefined) =>
  ({ method, routeOptions: { url }, server: { operationContracts } }) as unknown as FastifyRequest;

describe('route access', () => {
  it('finds the declared access of a route, its path parameters written as in the OpenAPI document', () => {
    assert.equal(accessOf(reached('POST', '/v1/api-keys')), 'user');
    assert.equal(accessOf(reached('POST', '/v1/workspace/signing-secret')), 'user');
    assert.equal(accessOf(reached('DELETE', '/v1/api-keys/:id')), 'user');
    assert.equal(accessOf(reached('POST', '/v1/tracks/:id/publish')), 'workspace');
    assert.equal(accessOf(reached('POST', '/v1/webhook-endpoints')), 'workspace');
  });

  it('answers HEAD with the access of the GET route', () => {
    assert.equal(accessOf(reached('HEAD', '/v1/tracks/:id/audio')), 'optional');
    assert.equal(accessOf(reached('HEAD', '/v1/api-keys')), 'user');
  });

  it('declares nothing for routes no row lists, or for no route at all', () => {
    assert.equal(accessOf(reached('GET', '/studio/*')), undefined);
    assert.equal(accessOf(reached('GET', undefined)), undefined);
  });

  it('refuses a second row for an operation another feature already registered', () => {
    assert.throws(() => operationContracts.add({ 'GET /v1/tracks': { access: 'public', example: {} } }), {
      message: 'GET /v1/tracks has two contract rows',
    });
  });
});
