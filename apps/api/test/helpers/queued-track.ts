// A 30 s track queued straight through the tracks service, with the one credit it holds, for the
// suites that hand it to real worker processes (no HTTP server in between). The services come
// from the composition root like everywhere else; none of their background parts is started.
import { composeServices } from '../../src/compose.js';
import type { DatabaseHandle } from '../../src/platform/database/create-database.js';
import { newId } from '../../src/platform/shared/ids.js';
import { testConfig } from './app.js';

/** Queues the track with files under dataDir (the worker processes' DATA_DIR). */
export async function queueTrackWithOneCredit(database: DatabaseHandle, dataDir: string) {
  const services = await composeServices(testConfig({ DATA_DIR: dataDir }), { db: database });
  try {
    const { credits, tracks } = services;
    const workspaceId = newId('wsp');
    await credits.grantCredits({ workspaceId, amount: 1, kind: 'grant', sourceKey: newId('evt') });
    const track = await tracks.createTrack(
      { workspaceId, userId: null },
      { prompt: 'slow cinematic strings', duration: { label: '30s', seconds: 30 } },
    );
    return { track, workspaceId, credits };
  } finally {
    // The request's inputs were read on the inputs thread, started on first use: end it.
    await services.stop();
  }
}
