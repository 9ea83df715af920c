import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BadRequestError, type TrackCreateParams, UnprocessableEntityError } from '../src/index.js';
import { json, mockClient, problem, trackBody } from './helpers/mock-fetch.js';

// A Standard MIDI File, base64: one track of eight quarter notes at 100 bpm.
const MELODY_BASE64 =
  'TVRoZAAAAAYAAAABAGBNVHJrAAAAUwD/UQMJJ8AAkD5aYIA+AACQQFpggEAAAJBBWmCAQQAAkENaYIBDAACQRVpggEUAAJBDWmCAQwAAkEFaYIBBAACQQFpggEAAAJA+WmCAPgAA/y8A';

describe('tracks.create with chords, a section plan and a melody', () => {
  it('sends chords, a plan without a duration and a base64 melody in the JSON body as given', async () => {
    const { client, requests } = mockClient([json(201, trackBody({ status: 'queued' }))]);
    const sections = [
      { name: 'intro', bars: 4, energy: 0.3, instruments: ['pad', 'bass'] },
      { name: 'outro', seconds: 8.5, prompt: 'calm, no drums' },
    ];
    await client.tracks.create({ prompt: 'synthwave', chords: 'Am F C G', sections });
    await client.tracks.create(
      { prompt: 'celtic folk with harp', duration: '30s', melody: MELODY_BASE64 },
      { waitSeconds: 20 },
    );
    const [planned, melodic] = requests;
    assert.equal(planned?.url.pathname, '/v1/tracks');
    assert.equal(planned?.headers.get('content-type'), 'application/json');
    assert.deepEqual(planned?.body, { prompt: 'synthwave', chords: 'Am F C G', sections });
    assert.deepEqual(melodic?.body, {
      prompt: 'celtic folk with harp',
      duration: '30s',
      melody: MELODY_BASE64,
    });
    assert.equal(melodic?.headers.get('prefer'), 'wait=20');
    const keys = requests.map((request) => request.headers.get('idempotency-key'));
    assert.ok(keys[0] && keys[1] && keys[0] !== keys[1], 'one Idempotency-Key per create');
  });

  it('sends a melody given as bytes, an ArrayBuffer or a Blob base64-encoded, byte for byte', async () => {
    const bytes = new Uint8Array(Buffer.from(MELODY_BASE64, 'base64'));
    const given = [bytes, bytes.slice().buffer, new Blob([bytes], { type: 'audio/midi' })];
    const { client, requests } = mockClient(given.map(() => json(201, trackBody({ status: 'queued' }))));
    for (const melody of given) await client.tracks.create({ prompt: 'celtic folk with harp', melody });
    for (const request of requests) {
      assert.deepEqual(request.body, { prompt: 'celtic folk with harp', melody: MELODY_BASE64 });
    }
  });

  it('encodes a melody larger than one 32 KB chunk whole', async () => {
    const bytes = new Uint8Array(100_000).map((_, index) => (index * 7) % 256);
    const { client, requests } = mockClient([json(201, trackBody({ status: 'queued' }))]);
    await client.tracks.create({ prompt: 'folk', melody: bytes });
    const [request] = requests;
    const sent = (request?.body as { melody: string } | undefined)?.melody ?? '';
    assert.deepEqual(new Uint8Array(Buffer.from(sent, 'base64')), bytes);
  });

  it('raises the 422 unprocessable_input naming the field the engine cannot use, without retrying it', async () => {
    const cases: [string, Partial<TrackCreateParams>][] = [
      ['chords', { chords: 'Am H7' }],
      ['melody', { melody: Buffer.from('not a midi file').toString('base64') }],
      ['sections[0].instruments[0]', { sections: [{ name: 'a', bars: 2, instruments: ['kazoo'] }] }],
    ];
    for (const [param, input] of cases) {
      const { client, requests } = mockClient([problem(422, 'unprocessable_input', { param })]);
      const error = await client.tracks
        .create({ prompt: 'folk', duration: '30s', ...input })
        .catch((e: unknown) => e);
      assert.ok(error instanceof UnprocessableEntityError, `${param}: ${String(error)}`);
      assert.equal(error.code, 'unprocessable_input');
      assert.equal(error.param, param);
      assert.equal(requests.length, 1);
    }
  });

  it('raises the 400 naming duration when neither a duration nor a plan is given', async () => {
    const { client } = mockClient([problem(400, 'validation_failed', { param: 'duration' })]);
    const error = await client.tracks.create({ prompt: 'folk', chords: 'Am F' }).catch((e: unknown) => e);
    assert.ok(error instanceof BadRequestError);
    assert.equal(error.param, 'duration');
  });
});
