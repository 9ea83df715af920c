import assert from 'node:assert/strict';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createStoragePreviewStore } from '../../../src/features/voices/preview-store.js';
import { createVoiceService, incrementVoiceUsage } from '../../../src/features/voices/voice.service.js';
import { type CatalogueVoice, VOICE_CATALOGUE } from '../../../src/features/voices/voice-catalogue.js';
import {
  createBankLoader,
  createPreviewRenderer,
  renderPreviewInProcess,
} from '../../../src/features/voices/voice-preview.js';
import { transaction } from '../../../src/platform/database/create-database.js';
import { createLocalStorage } from '../../../src/platform/storage/local-storage.js';
import { createTestAccount, type TestAccount } from '../../helpers/accounts.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { testDatabaseKinds } from '../../helpers/databases.js';
import { readMp3Frames } from './mp3-frames.js';

const byId = new Map(VOICE_CATALOGUE.map((voice) => [voice.id, voice]));
const voiceNamed = (name: string) => VOICE_CATALOGUE.find((voice) => voice.name === name)!;
// Uses recorded before the suite runs: ties at 3 and at 0 check the id tie-break.
const USES: Record<string, number> = {
  [voiceNamed('Neon Circuit').id]: 5,
  [voiceNamed('Amara Gold').id]: 3,
  [voiceNamed('Unit 7').id]: 3,
  [voiceNamed('Hikari').id]: 1,
};

const byIdDescending = (a: CatalogueVoice, b: CatalogueVoice) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
const EXPECTED_ORDER: Record<'popular' | 'newest' | 'name', string[]> = {
  popular: [...VOICE_CATALOGUE]
    .sort((a, b) => (USES[b.id] ?? 0) - (USES[a.id] ?? 0) || byIdDescending(a, b))
    .map((v) => v.id),
  newest: [...VOICE_CATALOGUE]
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || byIdDescending(a, b))
    .map((v) => v.id),
  name: [...VOICE_CATALOGUE]
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((v) => v.id),
};

for (const kind of testDatabaseKinds()) {
  describe(`voices on ${kind}`, () => {
    let t: TestApp;
    let account: TestAccount;

    before(async () => {
      t = await createTestApp(kind, { env: { ENGINE_BANK: 'small' } });
      account = await createTestAccount(t, { plan: 'free' });
      await transaction(t.database.db, async (tx) => {
        for (const [id, uses] of Object.entries(USES))
          for (let i = 0; i < uses; i++) await incrementVoiceUsage(tx, id);
      });
    });
    after(() => t.close());

    const get = async (url: string) => {
      const response = await t.app.inject({ method: 'GET', url, headers: account.headers });
      return { status: response.statusCode, body: response.json(), headers: response.headers };
    };
    const idsOf = (body: { data: { id: string }[] }) => body.data.map((voice) => voice.id);

    it('lists voices as a list object, most used first by default, with the full voice resource', async () => {
      const { status, body } = await get('/v1/voices?limit=3');
      assert.equal(status, 200);
      assert.equal(body.object, 'list');
      assert.equal(body.has_more, true);
      assert.deepEqual(idsOf(body), EXPECTED_ORDER.popular.slice(0, 3));
      const first = body.data[0];
      assert.deepEqual(Object.keys(first).sort(), [
        'created_at',
        'creator',
        'description',
        'gender',
        'id',
        'languages',
        'name',
        'object',
        'plan_required',
        'preview_url',
        'range',
        'styles',
        'tags',
        'timbre',
        'usage_count',
        'vocal',
      ]);
      // Neon Circuit is General MIDI's synth voice: it sings vowels, no words, in no language.
      assert.equal(first.vocal, 'wordless');
      assert.equal(first.timbre, 'synth voice');
      assert.deepEqual(first.languages, []);
      assert.equal(first.object, 'voice');
      assert.equal(first.name, 'Neon Circuit');
      assert.equal(first.usage_count, 5);
      assert.deepEqual(first.creator, { name: 'Studio Kaleido' });
      assert.equal(first.preview_url, `${t.config.PUBLIC_URL}/v1/voices/${first.id}/preview`);
      assert.match(first.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    });

    it('searches name, description, styles and tags, matching each word as a prefix', async () => {
      const byName = await get('/v1/voices?q=hikari');
      assert.deepEqual(idsOf(byName.body), [voiceNamed('Hikari').id]);
      const byTag = await get('/v1/voices?q=bossa&sort=name');
      assert.deepEqual(
        byTag.body.data.map((v: { name: string }) => v.name),
        ['Lucía Brisa', 'Rosa Bossa'],
      );
      const byStylePrefix = await get('/v1/voices?q=opera&limit=100');
      const operatic = VOICE_CATALOGUE.filter((v) => v.styles.includes('operatic')).map((v) => v.id);
      for (const id of operatic) assert.ok(idsOf(byStylePrefix.body).includes(id), byId.get(id)!.name);
      const byDescription = await get('/v1/voices?q=church windows');
      assert.deepEqual(idsOf(byDescription.body), [voiceNamed('Dmitri Volga').id]);
      const punctuation = await get(`/v1/voices?q=${encodeURIComponent("gospel' & (!church:*")}&limit=100`);
      assert.equal(punctuation.status, 200);
      assert.deepEqual(idsOf(punctuation.body), [voiceNamed('Velvet Thunder').id]);
      const stopWords = await get('/v1/voices?q=the&limit=100');
      assert.equal(stopWords.body.data.length, VOICE_CATALOGUE.length);
      const none = await get('/v1/voices?q=zzzqqq');
      assert.deepEqual(none.body.data, []);
      assert.equal(none.body.has_more, false);
    });

    for (const [filter, value, matches] of [
      ['gender', 'neutral', (v: CatalogueVoice) => v.gender === 'neutral'],
      ['range', 'bass', (v: CatalogueVoice) => v.range === 'bass'],
      ['style', 'gospel', (v: CatalogueVoice) => v.styles.includes('gospel')],
    ] as const) {
      it(`filters by ${filter}=${value}, returning exactly the matching voices`, async () => {
        const { status, body } = await get(`/v1/voices?${filter}=${value}&sort=name&limit=100`);
        assert.equal(status, 200);
        const expected = EXPECTED_ORDER.name.filter((id) => matches(byId.get(id)!));
        assert.ok(expected.length >= 2);
        assert.deepEqual(idsOf(body), expected);
      });
    }

    it('combines filters and search', async () => {
      const { body } = await get('/v1/voices?gender=female&style=soul&q=warm&sort=name&limit=100');
      const expected = ['Amara Gold', 'Nora Vale', 'Zuri Tide'];
      assert.deepEqual(
        body.data.map((v: { name: string }) => v.name),
        expected,
      );
    });

    for (const sort of ['popular', 'newest', 'name'] as const) {
      it(`pages through the whole catalogue by ${sort}, forwards and backwards, without gaps or repeats`, async () => {
        const forward: string[] = [];
        let cursor: string | null = null;
        let pages = 0;
        do {
          const url: string = `/v1/voices?sort=${sort}&limit=7${cursor ? `&starting_after=${cursor}` : ''}`;
          const { status, body, headers } = await get(url);
          assert.equal(status, 200);
          forward.push(...idsOf(body));
          cursor = body.next_cursor;
          assert.equal(body.has_more, cursor !== null);
          if (body.has_more) assert.match(String(headers.link), /rel="next"/);
          pages += 1;
        } while (cursor && pages < 20);
        assert.deepEqual(forward, EXPECTED_ORDER[sort]);

        const last = forward.at(-1)!;
        const backward: string[] = [last];
        let before: string = last;
        let hasMore = true;
        pages = 0;
        while (hasMore && pages < 20) {
          const { body } = await get(`/v1/voices?sort=${sort}&limit=6&ending_before=${before}`);
          backward.unshift(...idsOf(body));
          hasMore = body.has_more;
          before = body.data[0]?.id;
          pages += 1;
        }
        assert.deepEqual(backward, EXPECTED_ORDER[sort]);
      });
    }

    it('pages a filtered list by cursor without leaving the filter', async () => {
      const expected = EXPECTED_ORDER.newest.filter((id) => byId.get(id)!.gender === 'female');
      const first = await get('/v1/voices?gender=female&sort=newest&limit=5');
      const second = await get(
        `/v1/voices?gender=female&sort=newest&limit=5&starting_after=${first.body.next_cursor}`,
      );
      assert.deepEqual([...idsOf(first.body), ...idsOf(second.body)], expected.slice(0, 10));
    });

    it('returns one voice by id and 404 not_found for an unknown id', async () => {
      const id = voiceNamed('Isolde Aria').id;
      const found = await get(`/v1/voices/${id}`);
      assert.equal(found.status, 200);
      assert.equal(found.body.name, 'Isolde Aria');
      assert.equal(found.body.plan_required, 'studio');
      const missing = await get('/v1/voices/voc_01JNB4RQ80DK7GPSZDDWG7A999');
      assert.equal(missing.status, 404);
      assert.equal(missing.body.code, 'not_found');
      const preview = await get('/v1/voices/voc_nope/preview');
      assert.equal(preview.status, 404);
    });

    for (const [param, value, allowed] of [
      ['gender', 'robot', 'female, male, neutral'],
      ['range', 'falsetto', 'soprano, mezzo, alto, tenor, baritone, bass'],
      ['style', 'polka', 'pop, soul'],
      ['sort', 'random', 'popular, newest, name'],
    ] as const) {
      it(`rejects ${param}=${value} with 400 naming the allowed values`, async () => {
        const { status, body } = await get(`/v1/voices?${param}=${value}`);
        assert.equal(status, 400);
        assert.equal(body.code, 'validation_failed');
        assert.equal(body.param, param);
        assert.ok(body.detail.includes(allowed), body.detail);
      });
    }

    it('filters by language to the sung voices that sing in it, and finds none for a language no voice sings', async () => {
      const english = await get('/v1/voices?language=en&limit=100');
      assert.equal(english.status, 200);
      assert.ok(english.body.data.length >= 4, `${english.body.data.length} English voices`);
      for (const voice of english.body.data) {
        assert.equal(voice.vocal, 'sung', voice.name);
        assert.deepEqual(voice.languages, ['en']);
      }
      const spanish = await get('/v1/voices?language=es');
      assert.equal(spanish.status, 200);
      assert.deepEqual(spanish.body.data, []);
      const bad = await get('/v1/voices?language=english');
      assert.equal(bad.status, 400);
      assert.equal(bad.body.param, 'language');
    });

    it('describes a sung voice as sung, in the languages it sings', async () => {
      const { body } = await get(`/v1/voices/${voiceNamed('Nora Vale').id}`);
      assert.equal(body.vocal, 'sung');
      assert.equal(body.timbre, 'recorded speaking voice moved onto the notes');
      assert.deepEqual(body.languages, ['en']);
    });

    it('describes an instrumental voice as what plays it', async () => {
      const { body } = await get(`/v1/voices/${voiceNamed('Dusty Hollow').id}`);
      assert.equal(body.vocal, 'instrumental');
      assert.equal(body.timbre, 'violin');
      assert.deepEqual(body.languages, []);
    });

    it('rejects an unknown cursor, both cursors at once and a limit above 100', async () => {
      assert.equal((await get('/v1/voices?starting_after=voc_unknown')).body.param, 'starting_after');
      const id = VOICE_CATALOGUE[0]!.id;
      const both = await get(`/v1/voices?starting_after=${id}&ending_before=${id}`);
      assert.equal(both.status, 400);
      assert.equal((await get('/v1/voices?limit=101')).status, 400);
    });

    it('answers 401 without a credential and serves any credential, including an API key', async () => {
      const anonymous = await t.app.inject({ method: 'GET', url: '/v1/voices' });
      assert.equal(anonymous.statusCode, 401);
      const studio = await createTestAccount(t, { plan: 'studio' });
      const withKey = await t.app.inject({
        method: 'GET',
        url: '/v1/voices?limit=1',
        headers: studio.apiKeyHeaders!,
      });
      assert.equal(withKey.statusCode, 200);
      const withCookie = await t.app.inject({
        method: 'GET',
        url: '/v1/voices?limit=1',
        cookies: { tf_session: studio.sessionCookie },
      });
      assert.equal(withCookie.statusCode, 200);
    });

    it('gates voices by plan for tracks: free < studio < enterprise, with required_plan on 403', async () => {
      const voices = createVoiceService({
        db: t.database.db,
        clock: t.clock,
        publicUrl: t.config.PUBLIC_URL,
        previews: { getPreview: async () => new Uint8Array() },
      });
      const free = voiceNamed('Amara Gold');
      const studio = voiceNamed('Isolde Aria');
      const enterprise = voiceNamed('Titan');
      const resolved = await voices.resolveVoiceForTrack(free.id, 'free');
      assert.equal(resolved.voice.id, free.id);
      assert.deepEqual(resolved.spec, {
        id: free.id,
        name: 'Amara Gold',
        program: 53,
        lowPitch: 60,
        highPitch: 81,
        vibratoDepthCents: 45,
        vibratoRateHz: 5.2,
        articulation: 'legato',
        brightness: 0.55,
      });
      await assert.rejects(voices.resolveVoiceForTrack(studio.id, 'free'), {
        code: 'plan_required',
        status: 403,
        extras: { param: 'voice_id', required_plan: 'studio', current_plan: 'free' },
      });
      assert.equal((await voices.resolveVoiceForTrack(studio.id, 'studio')).voice.plan_required, 'studio');
      await assert.rejects(voices.resolveVoiceForTrack(enterprise.id, 'studio'), {
        code: 'plan_required',
        extras: { param: 'voice_id', required_plan: 'enterprise', current_plan: 'studio' },
      });
      assert.equal((await voices.resolveVoiceForTrack(enterprise.id, 'enterprise')).spec.program, 52);
      assert.equal((await voices.resolveVoiceForTrack(studio.id, 'enterprise')).voice.id, studio.id);
      await assert.rejects(voices.resolveVoiceForTrack('voc_missing', 'enterprise'), {
        code: 'not_found',
        status: 404,
        extras: { param: 'voice_id' },
      });
    });

    it('seeds again without changing any row or losing usage counts', async () => {
      const voices = createVoiceService({
        db: t.database.db,
        clock: t.clock,
        publicUrl: t.config.PUBLIC_URL,
        previews: { getPreview: async () => new Uint8Array() },
      });
      assert.equal(await voices.seedCatalogue(), 0);
      assert.equal((await voices.getVoice(voiceNamed('Neon Circuit').id)).usage_count, 5);
      const count = await t.database.db
        .selectFrom('voice')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      assert.equal(Number(count.n), VOICE_CATALOGUE.length);
    });

    it('serves a preview as audio/mpeg of about 10 s, rendered once and then read from its file', async () => {
      const id = voiceNamed('Glass Harp').id;
      const url = `/v1/voices/${id}/preview`;
      const [first, second] = await Promise.all([
        t.app.inject({ method: 'GET', url, headers: account.headers }),
        t.app.inject({ method: 'GET', url, headers: account.headers }),
      ]);
      assert.equal(first.statusCode, 200);
      assert.equal(first.headers['content-type'], 'audio/mpeg');
      assert.equal(Number(first.headers['content-length']), first.rawPayload.length);
      const { durationSeconds, sampleRate } = readMp3Frames(first.rawPayload);
      assert.equal(sampleRate, 44100);
      assert.ok(durationSeconds >= 8 && durationSeconds <= 12.2, `${durationSeconds} s`);
      assert.deepEqual(second.rawPayload, first.rawPayload);
      assert.ok(existsSync(join(t.config.DATA_DIR, 'files', 'voices', 'previews', `${id}.mp3`)));
      // A player seeks with Range and revalidates with the ETag, as for a track's audio.
      const etag = String(first.headers.etag);
      assert.match(etag, /^"[\w-]{27}"$/);
      const part = await t.app.inject({
        method: 'GET',
        url,
        headers: { ...account.headers, range: 'bytes=0-99' },
      });
      assert.equal(part.statusCode, 206);
      assert.equal(part.headers['content-range'], `bytes 0-99/${first.rawPayload.length}`);
      assert.deepEqual(part.rawPayload, first.rawPayload.subarray(0, 100));
      const unchanged = await t.app.inject({
        method: 'GET',
        url,
        headers: { ...account.headers, 'if-none-match': etag },
      });
      assert.equal(unchanged.statusCode, 304);
    });
  });
}

describe('voice previews', () => {
  it('renders once for concurrent first requests and reuses the stored file after a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tf-previews-'));
    const store = createStoragePreviewStore(createLocalStorage(dir));
    let writes = 0;
    let renders = 0;
    const countingStore = {
      read: store.read,
      write: async (id: string, mp3: Uint8Array) => {
        writes += 1;
        await store.write(id, mp3);
      },
    };
    const loadBank = createBankLoader('small');
    const renderer = createPreviewRenderer({
      store: countingStore,
      render: renderPreviewInProcess(() => {
        renders += 1;
        return loadBank();
      }),
      durationSeconds: 5,
    });
    const voice = voiceNamed('Retro Kid');
    const spec = {
      name: voice.name,
      program: voice.program,
      lowPitch: 57,
      highPitch: 77,
      vibratoDepthCents: 10,
      vibratoRateHz: 7,
      articulation: 'staccato' as const,
      brightness: 0.9,
    };
    const results = await Promise.all(
      [1, 2, 3].map(() => renderer.getPreview({ id: voice.id, styles: voice.styles, spec })),
    );
    assert.equal(writes, 1);
    assert.equal(renders, 1, 'one render for three concurrent requests');
    assert.deepEqual(results[1], results[0]);
    assert.deepEqual(results[2], results[0]);

    const restarted = createPreviewRenderer({
      store: countingStore,
      render: () => {
        throw new Error('must not render a stored preview');
      },
    });
    assert.deepEqual(await restarted.getPreview({ id: voice.id, styles: voice.styles, spec }), results[0]);
    assert.equal(writes, 1);
  });
});
