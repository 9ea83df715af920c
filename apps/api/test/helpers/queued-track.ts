// A 30 s track queued straight through the tracks service, with the one credit it holds, for the
// suites that hand it to real worker processes (no HTTP server in between).
import { composeEventLog } from '../../src/compose.js';
import { createCreditsService } from '../../src/features/billing/credits/credit.service.js';
import { generationQueue } from '../../src/features/tracks/generation/generation-queue.js';
import { createTracksService } from '../../src/features/tracks/track.service.js';
import { resolveTrackInputs } from '../../src/features/tracks/track-inputs.js';
import type { Db } from '../../src/platform/database/create-database.js';
import { createIdempotencyService } from '../../src/platform/idempotency/idempotency.service.js';
import { systemClock } from '../../src/platform/shared/clock.js';
import { newId } from '../../src/platform/shared/ids.js';
import { createSecretSealer } from '../../src/platform/shared/secret-sealing.js';
import { createLocalStorage } from '../../src/platform/storage/local-storage.js';

export async function queueTrackWithOneCredit(db: Db, filesDir: string) {
  const credits = createCreditsService({ db, clock: systemClock });
  const tracks = createTracksService({
    db,
    clock: systemClock,
    credits,
    // Used without an Idempotency-Key here: the sealer's key never matters.
    idempotency: createIdempotencyService({
      db,
      clock: systemClock,
      sealer: createSecretSealer(new TextEncoder().encode('unused'), 'unused'),
    }),
    storage: createLocalStorage(filesDir),
    publicUrl: 'http://localhost:8080',
    events: composeEventLog(systemClock),
    generationQueue,
    // read in this thread: the suites that use it send no HTTP request to keep responsive
    resolveInputs: async (body, seed, voice) => resolveTrackInputs(body, seed, voice),
  });
  const workspaceId = newId('wsp');
  await credits.grantCredits({ workspaceId, amount: 1, kind: 'grant', sourceKey: newId('evt') });
  const track = await tracks.createTrack(
    { workspaceId, userId: null },
    { prompt: 'slow cinematic strings', duration: { label: '30s', seconds: 30 } },
  );
  return { track, workspaceId, credits };
}
