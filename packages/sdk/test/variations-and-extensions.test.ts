import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { UnprocessableEntityError } from '../src/index.js';
import { json, mockClient, problem, trackBody } from './helpers/mock-fetch.js';

describe('tracks.createVariation and tracks.extend', () => {
  it('post the body to the track’s route with an Idempotency-Key, and hold the answer when asked', async () => {
    const { client, requests } = mockClient([
      json(201, trackBody({ id: 'trk_2', status: 'queued', kind: 'variation', parent_track_id: 'trk_1' })),
    ]);
    const variation = await client.tracks.createVariation('trk_1', { keep: ['drums', 'bass'], seed: 9 });
    assert.equal(variation.kind, 'variation');
    assert.equal(variation.parent_track_id, 'trk_1');
    const longer = await client.tracks.extend(
      'trk_1',
      { seconds: 60 },
      { waitSeconds: 30, idempotencyKey: 'k1' },
    );
    assert.equal(longer.id, 'trk_2');
    const [vary, extend] = requests;
    assert.equal(vary?.method, 'POST');
    assert.equal(vary?.url.pathname, '/v1/tracks/trk_1/variations');
    assert.deepEqual(vary?.body, { keep: ['drums', 'bass'], seed: 9 });
    assert.ok(vary?.headers.get('idempotency-key'));
    assert.equal(vary?.headers.get('prefer'), null);
    assert.equal(extend?.url.pathname, '/v1/tracks/trk_1/extend');
    assert.deepEqual(extend?.body, { seconds: 60 });
    assert.equal(extend?.headers.get('prefer'), 'wait=30');
    assert.equal(extend?.headers.get('idempotency-key'), 'k1');
  });

  it('post an extension’s section plan as given, and raise the 422 that names a section field', async () => {
    const { client, requests } = mockClient([
      json(201, trackBody({ id: 'trk_3', status: 'queued', kind: 'extension', parent_track_id: 'trk_1' })),
      problem(422, 'unprocessable_input', { param: 'sections[0].instruments[0]' }),
    ]);
    const sections = [
      { name: 'Chorus 2', bars: 8, energy: 0.9 },
      { name: 'outro', seconds: 10, instruments: ['piano'] },
    ];
    const longer = await client.tracks.extend('trk_1', { sections });
    assert.equal(longer.kind, 'extension');
    assert.equal(requests[0]?.url.pathname, '/v1/tracks/trk_1/extend');
    assert.deepEqual(requests[0]?.body, { sections });
    assert.ok(requests[0]?.headers.get('idempotency-key'));
    const error = await client.tracks
      .extend('trk_1', { sections: [{ name: 'solo', bars: 4, instruments: ['kazoo'] }] })
      .catch((e: unknown) => e);
    assert.ok(error instanceof UnprocessableEntityError);
    assert.equal(error.code, 'unprocessable_input');
    assert.equal(error.param, 'sections[0].instruments[0]');
  });

  it('raise the 422 the server gives for an original that is not ready', async () => {
    const { client } = mockClient([problem(422, 'unprocessable_track', { param: 'id' })]);
    const error = await client.tracks.createVariation('trk_1', { keep: ['drums'] }).catch((e: unknown) => e);
    assert.ok(error instanceof UnprocessableEntityError);
    assert.equal(error.status, 422);
    assert.equal(error.code, 'unprocessable_track');
    assert.equal(error.param, 'id');
  });
});
