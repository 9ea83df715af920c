// The public representation of a track: what anyone outside the owner's workspace may see.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { TrackSchema } from '../../../src/features/tracks/track.schemas.js';
import { createTestAccount, type TestAccount } from '../../helpers/accounts.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { testDatabaseKinds } from '../../helpers/databases.js';
import { createTrack, fund } from './helpers.js';

// API.md "Two representations": exactly these fields, nothing else.
const PUBLIC_FIELDS = [
  'audio',
  'created_at',
  'duration',
  'duration_seconds',
  'id',
  'music',
  'object',
  'prompt',
  'title',
  'urls',
  'voice_id',
];
// cover: the cover art, drawn from the music alone (never from the hidden seed; track-cover.ts).
// lyrics: the timed lyrics, named for a sung track only.
const PUBLIC_URL_FIELDS = ['audio', 'cover', 'share', 'waveform'];
const SECRET_TOKEN = 'hook-token-5ecr3t';
const SECRET_METADATA = 'customer-4711-private';

for (const kind of testDatabaseKinds()) {
  describe(`public tracks on ${kind}`, () => {
    let t: TestApp;
    let owner: TestAccount;
    let stranger: TestAccount;
    let publicId: string;
    let unlistedId: string;
    before(async () => {
      // Private webhooks allowed only so that creation does not look the example host up.
      t = await createTestApp(kind, { env: { ALLOW_PRIVATE_WEBHOOKS: 'true' } });
      owner = await createTestAccount(t);
      stranger = await createTestAccount(t);
      await fund(t, owner.workspaceId, 5);
      const body = {
        prompt: 'warm lofi for reading',
        duration: 'short',
        seed: 987654,
        webhook_url: `https://hooks.example.com/in?token=${SECRET_TOKEN}`,
        metadata: { customer: SECRET_METADATA },
      };
      publicId = (await createTrack(t, owner, { ...body, visibility: 'public' })).json().id;
      unlistedId = (await createTrack(t, owner, { ...body, visibility: 'unlisted' })).json().id;
    });
    after(() => t.close());

    const get = (url: string, account?: TestAccount) =>
      t.app.inject({ method: 'GET', url, headers: account?.headers ?? {} });

    function assertPublic(track: Record<string, unknown>, id: string) {
      assert.deepEqual(Object.keys(track).sort(), PUBLIC_FIELDS);
      const sings = Boolean((track.music as { lyrics?: unknown[] } | null)?.lyrics?.length);
      assert.deepEqual(
        Object.keys(track.urls as object).sort(),
        sings ? [...PUBLIC_URL_FIELDS, 'lyrics'].sort() : PUBLIC_URL_FIELDS,
      );
      assert.equal(track.object, 'public_track');
      assert.equal(track.id, id);
    }

    function assertNothingPrivate(text: string) {
      for (const secret of [
        SECRET_TOKEN,
        SECRET_METADATA,
        'webhook_url',
        'metadata',
        'workspace_id',
        'seed',
        '987654',
        owner.workspaceId,
      ]) {
        assert.ok(!text.includes(secret), `public answer contains ${secret}`);
      }
    }

    it('lists public tracks in the public representation only', async () => {
      const response = await get('/v1/public/tracks');
      assert.equal(response.statusCode, 200);
      const list = response.json();
      assert.equal(list.data.length, 1);
      assertPublic(list.data[0], publicId);
      assertNothingPrivate(response.body);
    });

    it('shows anonymous and foreign readers of public and unlisted tracks the public representation', async () => {
      for (const id of [publicId, unlistedId]) {
        for (const reader of [undefined, stranger]) {
          const response = await get(`/v1/tracks/${id}`, reader);
          assert.equal(response.statusCode, 200);
          assertPublic(response.json(), id);
          assertNothingPrivate(response.body);
        }
      }
    });

    it("shows the owner's workspace the full track, with its webhook_url, metadata and seed", async () => {
      for (const headers of [owner.headers, owner.apiKeyHeaders!]) {
        const track = (
          await t.app.inject({ method: 'GET', url: `/v1/tracks/${unlistedId}`, headers })
        ).json();
        assert.equal(track.object, 'track');
        assert.equal(track.seed, 987654);
        assert.equal(track.metadata.customer, SECRET_METADATA);
        assert.match(track.webhook_url, new RegExp(SECRET_TOKEN));
        assert.equal(track.workspace_id, owner.workspaceId);
      }
    });

    it("serialises each reader's own view: every owner field for the owner's workspace, only public fields for anyone else", async () => {
      const id = (
        await createTrack(t, owner, { prompt: 'views of one track', duration: 'short', visibility: 'public' })
      ).json().id;
      const music = {
        bpm: 92,
        key: 'D minor',
        time_signature: '4/4',
        genre: 'lofi',
        moods: ['calm'],
        instruments: ['piano'],
        sections: [{ name: 'intro', start: 0, end: 8 }],
        // sung lines: every optional field of the track (urls.lyrics too) is there to check
        lyrics: [
          { text: 'la', section: 'Verse', start: 1, end: 2, words: [{ text: 'la', start: 1, end: 2 }] },
        ],
        // not in the wire schema: neither view may write it
        internal_note: 'not for the wire',
      };
      const audio = {
        formats: ['mp3'],
        sample_rate: 44100,
        channels: 2,
        duration_seconds: 30,
        loudness_lufs: -14,
        true_peak_dbtp: -1,
      };
      await sql`update track set status = 'ready', progress = 1, music = ${JSON.stringify(music)}::jsonb, audio = ${JSON.stringify(audio)}::jsonb where id = ${id}`.execute(
        t.database.db,
      );
      const { internal_note: _hidden, ...wireMusic } = music;
      for (const headers of [owner.headers, owner.apiKeyHeaders!]) {
        const response = await t.app.inject({ method: 'GET', url: `/v1/tracks/${id}`, headers });
        assert.equal(response.statusCode, 200);
        assert.equal(response.headers['content-type'], 'application/json; charset=utf-8');
        const track = response.json();
        assert.deepEqual(Object.keys(track).sort(), Object.keys(TrackSchema.shape).sort());
        assert.deepEqual(Object.keys(track.urls).sort(), Object.keys(TrackSchema.shape.urls.shape).sort());
        assert.equal(track.object, 'track');
        assert.equal(track.status, 'ready');
        assert.deepEqual(track.music, wireMusic);
        assert.deepEqual(track.audio, audio);
        assert.equal(track.error, null);
        assert.equal(track.started_at, null);
      }
      for (const reader of [undefined, stranger]) {
        const response = await get(`/v1/tracks/${id}`, reader);
        assert.equal(response.statusCode, 200);
        assert.equal(response.headers['content-type'], 'application/json; charset=utf-8');
        assertPublic(response.json(), id);
        assertNothingPrivate(response.body);
        assert.ok(!response.body.includes('internal_note'));
        assert.deepEqual(response.json().music, wireMusic);
        assert.deepEqual(response.json().audio, audio);
      }
    });

    it('serves the page urls.share names to anyone for public and unlisted tracks, HTML-escaped', async () => {
      const markup = (
        await createTrack(t, owner, {
          prompt: 'lofi <script>alert(1)</script> & rain',
          duration: 'short',
          visibility: 'unlisted',
        })
      ).json();
      for (const id of [publicId, unlistedId, markup.id]) {
        const share = (await get(`/v1/tracks/${id}`)).json().urls.share as string;
        assert.equal(new URL(share).pathname, `/t/${id}`);
        for (const reader of [undefined, stranger]) {
          const page = await get(`/t/${id}`, reader);
          assert.equal(page.statusCode, 200, id);
          assert.match(String(page.headers['content-type']), /^text\/html/);
          assert.match(String(page.headers['content-security-policy']), /frame-ancestors 'none'/);
          assertNothingPrivate(page.body);
        }
      }
      const answer = await get(`/t/${markup.id}`);
      const page = answer.body;
      assert.ok(!page.includes('<script>alert(1)</script>'), 'the prompt is escaped');
      // No script may run on it, inline or not; its one inline style is allowed by its hash alone.
      const csp = String(answer.headers['content-security-policy']);
      assert.doesNotMatch(csp, /unsafe-inline/);
      assert.match(csp, /script-src 'none'/);
      const style = /<style>([^<]*)<\/style>/.exec(page)?.[1] ?? '';
      const styleHash = createHash('sha256').update(style).digest('base64');
      assert.match(csp, new RegExp(`style-src 'sha256-${styleHash.replace(/[+/]/g, '\\$&')}'`));
      assert.match(page, /lofi &lt;script&gt;alert\(1\)&lt;\/script&gt; &amp; rain/);
      assert.doesNotMatch(page, /<audio/, 'no player before the track has audio');
      // As the generation worker leaves it: audio described, status ready.
      const audio = {
        sample_rate: 44100,
        channels: 2,
        duration_seconds: 30,
        loudness_lufs: -14,
        true_peak_dbtp: -1,
      };
      await sql`update track set status = 'ready', audio = ${JSON.stringify(audio)}::jsonb where id = ${markup.id}`.execute(
        t.database.db,
      );
      // The player plays from the page's own origin (CSP media-src 'self'), not PUBLIC_URL's.
      assert.match(
        (await get(`/t/${markup.id}`)).body,
        new RegExp(`<audio [^>]*src="/v1/tracks/${markup.id}/audio"`),
      );
    });

    it('answers 404 not_found on the share page of a private or unknown track, except to its owner', async () => {
      const privateId = (await createTrack(t, owner, { prompt: 'private sketch', duration: 'short' })).json()
        .id;
      for (const url of [`/t/${privateId}`, '/t/trk_01ZZZZZZZZZZZZZZZZZZZZZZZZ', '/t/not-an-id']) {
        for (const reader of [undefined, stranger]) {
          const response = await get(url, reader);
          assert.equal(response.statusCode, 404, url);
          assert.equal(response.json().code, 'not_found');
        }
      }
      assert.equal((await get(`/t/${privateId}`, owner)).statusCode, 200);
    });

    it('documents both representations in openapi.json', async () => {
      const doc = (await get('/openapi.json')).json();
      const schemaOf = (path: string) =>
        doc.paths[path].get.responses['200'].content['application/json'].schema;
      const read = schemaOf('/v1/tracks/{id}').anyOf as { properties: Record<string, unknown> }[];
      assert.deepEqual(
        read.map((variant) => (variant.properties.object as { enum: string[] }).enum[0]).sort(),
        ['public_track', 'track'],
      );
      const listed = schemaOf('/v1/public/tracks').properties.data.items;
      assert.deepEqual(Object.keys(listed.properties).sort(), PUBLIC_FIELDS);
      assert.equal(listed.additionalProperties, false);
    });
  });
}
