// Ready tracks with every stored file, for the edge suites.
import assert from 'node:assert/strict';
import type { Generate } from '../../../src/features/tracks/generation/generation-pool.js';
import { createGenerationRunner, createTrack, FAKE_GENERATED_TRACK } from '../../features/tracks/helpers.js';
import type { TestAccount } from '../../helpers/accounts.js';
import type { TestApp } from '../../helpers/app.js';

export const generateWithAllFiles: Generate = async () => ({
  ...FAKE_GENERATED_TRACK,
  midi: new Uint8Array([0x4d, 0x54, 0x68, 0x64]),
  waveform: { samplesPerPeak: 256, peaks: [0, 0.5, -0.5, 1] },
});

/** A ready track of the account's, made with the given visibility. */
export async function readyTrack(t: TestApp, owner: TestAccount, visibility: string): Promise<string> {
  const created = await createTrack(t, owner, { prompt: 'warm lofi keys', duration: 'short', visibility });
  assert.equal(created.statusCode, 201, created.body);
  assert.ok((await createGenerationRunner(t, 'edge-worker', generateWithAllFiles).runDue()) >= 1);
  return created.json().id;
}
