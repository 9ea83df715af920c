import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { TrackRequest } from '@trackforge/engine';
import { sql } from 'kysely';
import { createTestAccount, type TestAccount } from '../../helpers/accounts.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { testDatabaseKinds } from '../../helpers/databases.js';
import { balanceOf, createGenerationRunner, createTrack, FAKE_GENERATED_TRACK, fund } from './helpers.js';

/** A format-0 MIDI file written byte by byte: a C major scale up in eighths at 100 bpm (PPQ 96). */
function scaleMidi(): Buffer {
  const events: number[] = [0x00, 0xff, 0x51, 0x03, 0x09, 0x27, 0xc0]; // tempo 600 000 µs a beat
  for (const pitch of [60, 62, 64, 65, 67, 69, 71, 72]) {
    events.push(0x00, 0x90, pitch, 90); // note on at once
    events.push(0x30, 0x80, pitch, 0); // note off 48 ticks later
  }
  events.push(0x00, 0xff, 0x2f, 0x00);
  const header = [0x4d, 0x54, 0x68, 0x64, 0, 0, 0, 6, 0, 0, 0, 1, 0, 96];
  const length = events.length;
  const track = [
    0x4d,
    0x54,
    0x72,
    0x6b,
    (length >>> 24) & 255,
    (length >>> 16) & 255,
    (length >>> 8) & 255,
    length & 255,
  ];
  return Buffer.from([...header, ...track, ...events]);
}

function multipart(parts: { name: string; filename?: string; type: string; body: Buffer | string }[]) {
  const boundary = 'trackforge-test-boundary';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\nContent-Type: ${part.type}\r\n\r\n`,
      ),
      Buffer.isBuffer(part.body) ? part.body : Buffer.from(part.body),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

for (const kind of testDatabaseKinds()) {
  describe(`musical inputs of POST /v1/tracks on ${kind}`, () => {
    let t: TestApp;
    let account: TestAccount;
    before(async () => {
      t = await createTestApp(kind);
      account = await createTestAccount(t);
      await fund(t, account.workspaceId, 20);
    });
    after(() => t.close());

    const trackCount = async () =>
      (
        await sql<{
          n: number;
        }>`select count(*)::int as n from track where workspace_id = ${account.workspaceId}`.execute(
          t.database.db,
        )
      ).rows[0]!.n;
    const storedInputs = async (id: string) =>
      (
        await t.database.db
          .selectFrom('track')
          .select('inputs')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).inputs;
    const upload = (parts: Parameters<typeof multipart>[0]) => {
      const { payload, contentType } = multipart(parts);
      return t.app.inject({
        method: 'POST',
        url: '/v1/tracks',
        headers: { ...account.headers, 'content-type': contentType },
        payload,
      });
    };

    it('keeps a chord progression with the track for the job to follow', async () => {
      const response = await createTrack(t, account, {
        prompt: 'dreamy pop',
        duration: '20s',
        chords: 'Am F C/E G',
      });
      assert.equal(response.statusCode, 201, response.body);
      assert.deepEqual(await storedInputs(response.json().id), { chords: 'Am F C/E G' });
    });

    it('takes the length from a section plan, which wins over duration', async () => {
      const sections = [
        { name: 'Intro', bars: 4, instruments: ['piano'] },
        { name: 'Chorus', seconds: 16, energy: 0.9 },
        { name: 'Outro', bars: 2 },
      ];
      const response = await createTrack(t, account, { prompt: 'pop 120 bpm', duration: 'short', sections });
      assert.equal(response.statusCode, 201, response.body);
      // 4 + 8 + 2 bars of 2 s at 120 bpm in 4/4.
      assert.equal(response.json().duration_seconds, 28);
      assert.equal(response.json().duration, '28s');
      assert.deepEqual((await storedInputs(response.json().id))?.sections, sections);
      const withoutDuration = await createTrack(t, account, { prompt: 'pop 120 bpm', sections });
      assert.equal(withoutDuration.statusCode, 201, withoutDuration.body);
    });

    it('reports a plan whose length is not whole seconds to the millisecond', async () => {
      // 24 bars of 4 beats at 110 bpm last 52.3636… s.
      const response = await createTrack(t, account, {
        prompt: 'synthwave 110 bpm',
        sections: [{ name: 'verse', bars: 24 }],
      });
      assert.equal(response.statusCode, 201, response.body);
      assert.equal(response.json().duration_seconds, 52.364);
      assert.equal(response.json().duration, '52.364s');
      const read = await t.app.inject({
        method: 'GET',
        url: `/v1/tracks/${response.json().id}`,
        headers: account.headers,
      });
      assert.equal(read.json().duration_seconds, 52.364);
    });

    it('accepts a melody as a multipart file part and stores the notes read from it', async () => {
      const response = await upload([
        {
          name: 'request',
          type: 'application/json',
          body: JSON.stringify({ prompt: 'folk song', duration: '20s', seed: 4 }),
        },
        { name: 'melody', filename: 'tune.mid', type: 'audio/midi', body: scaleMidi() },
      ]);
      assert.equal(response.statusCode, 201, response.body);
      const melody = (await storedInputs(response.json().id))?.melody;
      assert.equal(melody?.bpm, 100);
      assert.deepEqual(
        melody?.notes.map((note) => note.pitch),
        [60, 62, 64, 65, 67, 69, 71, 72],
      );
      // The same melody base64-encoded in a JSON body.
      const json = await createTrack(t, account, {
        prompt: 'folk song',
        duration: '20s',
        melody: scaleMidi().toString('base64'),
      });
      assert.equal(json.statusCode, 201, json.body);
    });

    it('shows its own workspace what the track follows, the melody as a summary, and nobody else', async () => {
      const { payload, contentType } = multipart([
        {
          name: 'request',
          type: 'application/json',
          body: JSON.stringify({
            prompt: 'folk 100 bpm',
            duration: '20s',
            chords: 'C G Am F',
            visibility: 'public',
          }),
        },
        { name: 'melody', filename: 'scale.mid', type: 'audio/midi', body: scaleMidi() },
      ]);
      const created = await t.app.inject({
        method: 'POST',
        url: '/v1/tracks',
        headers: { ...account.headers, 'content-type': contentType },
        payload,
      });
      assert.equal(created.statusCode, 201, created.body);
      assert.deepEqual(created.json().inputs, {
        chords: 'C G Am F',
        sections: null,
        melody: { note_count: 8, bpm: 100, time_signature: null },
        lyrics: null,
      });
      const plain = await createTrack(t, account, { prompt: 'ambient pads', duration: '10s' });
      assert.deepEqual(plain.json().inputs, { chords: null, sections: null, melody: null, lyrics: null });
      const stranger = await t.app.inject({ method: 'GET', url: `/v1/tracks/${created.json().id}` });
      assert.equal(stranger.json().object, 'public_track');
      assert.equal(stranger.json().inputs, undefined);
    });

    it('gives its own workspace the melody a track follows as a MIDI file that makes the same track again', async () => {
      const created = await createTrack(t, account, {
        prompt: 'folk song',
        duration: '20s',
        melody: scaleMidi().toString('base64'),
      });
      assert.equal(created.statusCode, 201, created.body);
      const id = created.json().id;
      const file = await t.app.inject({
        method: 'GET',
        url: `/v1/tracks/${id}/melody`,
        headers: account.headers,
      });
      assert.equal(file.statusCode, 200, file.body);
      assert.equal(file.headers['content-type'], 'audio/midi');
      assert.equal(file.rawPayload.subarray(0, 4).toString('latin1'), 'MThd');
      // sent again, it is the same melody the first track follows
      const again = await createTrack(t, account, {
        prompt: 'folk song',
        duration: '20s',
        melody: file.rawPayload.toString('base64'),
      });
      assert.equal(again.statusCode, 201, again.body);
      assert.deepEqual((await storedInputs(again.json().id))?.melody, (await storedInputs(id))?.melody);

      const other = await createTestAccount(t);
      const stranger = await t.app.inject({
        method: 'GET',
        url: `/v1/tracks/${id}/melody`,
        headers: other.headers,
      });
      assert.equal(stranger.statusCode, 404);
      const plain = await createTrack(t, account, { prompt: 'ambient pads', duration: '10s' });
      const none = await t.app.inject({
        method: 'GET',
        url: `/v1/tracks/${plain.json().id}/melody`,
        headers: account.headers,
      });
      assert.equal(none.statusCode, 404);
      assert.match(none.json().detail, /without a melody/);
    });

    it('hands the stored inputs to the engine when the job runs', async () => {
      const requests: TrackRequest[] = [];
      const created = await upload([
        {
          name: 'request',
          type: 'application/json',
          body: JSON.stringify({
            prompt: 'folk song',
            sections: [{ name: 'verse', bars: 8 }],
            chords: 'C F G C',
          }),
        },
        { name: 'melody', filename: 'tune.mid', type: 'audio/midi', body: scaleMidi() },
      ]);
      assert.equal(created.statusCode, 201, created.body);
      const runner = createGenerationRunner(t, 'worker-inputs', async (request) => {
        requests.push(request);
        return FAKE_GENERATED_TRACK;
      });
      await runner.runDue();
      const request = requests.find((r) => r.chords === 'C F G C');
      assert.ok(request, 'the job ran with the chords');
      assert.deepEqual(request.sections, [{ name: 'verse', bars: 8 }]);
      assert.equal(request.melody?.notes.length, 8);
      assert.equal(request.durationSeconds, created.json().duration_seconds);
    });

    it('refuses unusable inputs with 422 unprocessable_input naming the field, storing and charging nothing', async () => {
      const before = await balanceOf(t, account.workspaceId);
      const tracksBefore = await trackCount();
      const cases: [Record<string, unknown>, string, RegExp][] = [
        [{ prompt: 'pop', duration: 'short', chords: 'Am F H7 G' }, 'chords', /"H7".*chord 3/],
        [
          { prompt: 'pop', duration: 'short', melody: Buffer.from('not a midi file').toString('base64') },
          'melody',
          /MThd/,
        ],
        [
          { prompt: 'pop', duration: 'short', melody: scaleMidi().subarray(0, 30).toString('base64') },
          'melody',
          /track 1/,
        ],
        [
          {
            prompt: 'ambient 60 bpm',
            sections: [
              { name: 'a', bars: 120 },
              { name: 'b', bars: 40 },
            ],
          },
          'sections',
          /at most 600 s/,
        ],
        [
          { prompt: 'pop', sections: [{ name: 'a', bars: 8, instruments: ['kazoo-o-matic'] }] },
          'sections[0].instruments[0]',
          /unknown instrument/,
        ],
      ];
      for (const [body, param, detail] of cases) {
        const response = await createTrack(t, account, body);
        assert.equal(response.statusCode, 422, `${JSON.stringify(body).slice(0, 80)} → ${response.body}`);
        assert.equal(response.json().code, 'unprocessable_input');
        assert.equal(response.json().param, param, response.body);
        assert.match(response.json().detail, detail);
      }
      const broken = await upload([
        {
          name: 'request',
          type: 'application/json',
          body: JSON.stringify({ prompt: 'pop', duration: 'short' }),
        },
        { name: 'melody', filename: 'broken.mid', type: 'audio/midi', body: Buffer.from('MThd garbage') },
      ]);
      assert.equal(broken.statusCode, 422, broken.body);
      assert.equal(broken.json().param, 'melody');
      assert.deepEqual(await balanceOf(t, account.workspaceId), before);
      assert.equal(await trackCount(), tracksBefore);
    });

    it('refuses malformed shapes with 400: a section with both lengths, no duration and no plan, a form without a request part', async () => {
      const both = await createTrack(t, account, {
        prompt: 'pop',
        sections: [{ name: 'a', bars: 4, seconds: 8 }],
      });
      assert.equal(both.statusCode, 400, both.body);
      assert.equal(both.json().param, 'sections[0]');
      const neither = await createTrack(t, account, { prompt: 'pop', chords: 'C G' });
      assert.equal(neither.statusCode, 400);
      assert.equal(neither.json().param, 'duration');
      const noRequest = await upload([
        { name: 'melody', filename: 'tune.mid', type: 'audio/midi', body: scaleMidi() },
      ]);
      assert.equal(noRequest.statusCode, 400, noRequest.body);
      assert.equal(noRequest.json().param, 'request');
      const tooBig = await upload([
        {
          name: 'request',
          type: 'application/json',
          body: JSON.stringify({ prompt: 'pop', duration: 'short' }),
        },
        { name: 'melody', filename: 'huge.mid', type: 'audio/midi', body: Buffer.alloc(600 * 1024) },
      ]);
      assert.equal(tooBig.statusCode, 413, tooBig.body);
    });
  });
}
