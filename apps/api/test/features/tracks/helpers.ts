// Shared setup for track suites: an app, funded accounts, a create call, and a generation job
// runner around a fake engine.
import { createGeneratedFiles } from '../../../src/features/tracks/generation/generated-files.js';
import type { GeneratedTrack } from '../../../src/features/tracks/generation/generated-track.js';
import { createGenerationHandler } from '../../../src/features/tracks/generation/generation.handler.js';
import type { Generate } from '../../../src/features/tracks/generation/generation-pool.js';
import { GENERATION_QUEUE } from '../../../src/features/tracks/generation/generation-queue.js';
import { createJobRunner } from '../../../src/platform/jobs/job-runner.js';
import { newId } from '../../../src/platform/shared/ids.js';
import type { TestAccount } from '../../helpers/accounts.js';
import type { TestApp } from '../../helpers/app.js';

export async function fund(t: TestApp, workspaceId: string, amount: number): Promise<void> {
  await t.services.credits.grantCredits({ workspaceId, amount, kind: 'adjust', sourceKey: newId('evt') });
}

export function balanceOf(t: TestApp, workspaceId: string) {
  return t.services.credits.getCreditBalance(workspaceId);
}

export function createTrack(
  t: TestApp,
  account: TestAccount,
  body: Record<string, unknown> = { prompt: 'lofi beat for studying', duration: '6s' },
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method: 'POST',
    url: '/v1/tracks',
    headers: { ...account.headers, ...headers },
    payload: body,
  });
}

/** What a fake engine returns: a 6 s track with a three-byte MP3. */
export const FAKE_GENERATED_TRACK: GeneratedTrack = {
  music: {
    bpm: 90,
    key: 'D minor',
    time_signature: '4/4',
    genre: 'lo-fi hip hop',
    moods: [],
    instruments: ['piano'],
    sections: [],
  },
  audio: { sample_rate: 44100, channels: 2, duration_seconds: 6, loudness_lufs: -14, true_peak_dbtp: -1 },
  files: { mp3: new Uint8Array([1, 2, 3]) },
};

/** A runner of the track.generate queue as workerId, with `generate` in place of the engine. */
export function createGenerationRunner(
  t: TestApp,
  workerId: string,
  generate: Generate,
  progressIntervalMs = 0,
  monotonicMs?: () => number,
) {
  const { trackStates, storage } = t.services;
  const files = createGeneratedFiles({ storage });
  return createJobRunner({
    db: t.database.db,
    clock: t.clock,
    queue: GENERATION_QUEUE,
    workerId,
    leaseMs: 10_000,
    handler: createGenerationHandler({
      trackStates,
      files,
      generate,
      progressIntervalMs,
      ...(monotonicMs ? { monotonicMs } : {}),
    }),
  });
}
