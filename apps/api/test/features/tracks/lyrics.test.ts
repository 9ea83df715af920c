import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { TrackRequest } from '@trackforge/engine';
import { sql } from 'kysely';
import { VOICE_CATALOGUE } from '../../../src/features/voices/voice-catalogue.js';
import { createTestAccount, type TestAccount } from '../../helpers/accounts.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { testDatabaseKinds } from '../../helpers/databases.js';
import { balanceOf, createGenerationRunner, createTrack, FAKE_GENERATED_TRACK, fund } from './helpers.js';

const LYRICS = '[verse]\nHold on to the feeling\nnever let it go\n[chorus]\nsing it to the rafters\n[chorus]';
const voiceNamed = (name: string) => VOICE_CATALOGUE.find((voice) => voice.name === name)!;

for (const kind of testDatabaseKinds()) {
  describe(`lyrics on POST /v1/tracks on ${kind}`, () => {
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

    it('keeps the lyrics with the track and hands them, with the sung voice, to the engine', async () => {
      const created = await createTrack(t, account, {
        prompt: 'warm pop ballad',
        duration: '45s',
        lyrics: LYRICS,
        voice_id: voiceNamed('Nora Vale').id,
      });
      assert.equal(created.statusCode, 201, created.body);
      assert.equal(created.json().inputs.lyrics, LYRICS, 'its own workspace sees the lyrics as sent');
      const requests: TrackRequest[] = [];
      const runner = createGenerationRunner(t, 'worker-lyrics', async (request) => {
        requests.push(request);
        return FAKE_GENERATED_TRACK;
      });
      await runner.runDue();
      const request = requests.find((r) => r.lyrics === LYRICS);
      assert.ok(request, 'the job ran with the lyrics');
      assert.equal(request.voice?.singerId, 'alto');
      assert.equal(request.durationSeconds, 45);
    });

    it('refuses unusable lyrics with 422 naming lyrics and what is wrong, storing and charging nothing', async () => {
      const balance = await balanceOf(t, account.workspaceId);
      const tracks = await trackCount();
      const cases: [Record<string, unknown>, string, RegExp][] = [
        [{ lyrics: '[chant]\nla la' }, 'lyrics', /unknown tag "\[chant\]"/],
        [{ lyrics: 'la\n'.repeat(1600) }, 'lyrics', /at most 3000 characters/],
        [
          { lyrics: 'I have 99 problems + 1' },
          'lyrics',
          /cannot sing: use English words, digits and punctuation/,
        ],
        [{ lyrics: '[chorus]' }, 'lyrics', /no earlier chorus to repeat/],
        [{ lyrics: '   ' }, 'lyrics', /no lines to sing/],
        [{ lyrics: LYRICS, duration: '5s' }, 'lyrics', /need at least \d+ s at \d+ bpm and the track is 5 s/],
        [
          { lyrics: LYRICS, voice_id: voiceNamed('Dusty Hollow').id },
          'voice_id',
          /plays an instrument and does not sing lyrics/,
        ],
      ];
      for (const [fields, param, detail] of cases) {
        const response = await createTrack(t, account, { prompt: 'pop', duration: '30s', ...fields });
        assert.equal(response.statusCode, 422, `${JSON.stringify(fields).slice(0, 60)} → ${response.body}`);
        assert.equal(response.json().code, 'unprocessable_input');
        assert.equal(response.json().param, param, response.body);
        assert.match(response.json().detail, detail);
      }
      const wrongType = await createTrack(t, account, { prompt: 'pop', duration: '30s', lyrics: 42 });
      assert.equal(wrongType.statusCode, 400);
      assert.equal(wrongType.json().param, 'lyrics');
      assert.deepEqual(await balanceOf(t, account.workspaceId), balance);
      assert.equal(await trackCount(), tracks);
    });
  });
}
