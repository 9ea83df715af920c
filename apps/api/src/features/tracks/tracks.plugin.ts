// The tracks feature's HTTP surface under /v1: create, read, list, download, delete, and the
// remixes (variations, extensions). Registered by buildApp as one encapsulated plugin.
import type { FastifyInstance } from 'fastify';
import type { EdgeCachePolicy } from '../../platform/http/edge-cache.js';
import { registerContractRows } from '../../platform/http/openapi-contract.js';
import { registerTrackRoutes } from './track.routes.js';
import type { TracksService } from './track.service.js';
import { registerTrackRemixRoutes } from './track-remix.routes.js';
import type { TrackRemix } from './track-remix.service.js';
import { TRACKS_CONTRACT } from './tracks.contract.js';

export interface TracksPluginOptions {
  tracks: TracksService;
  remix: TrackRemix;
  publicUrl: string;
  edgeCache: EdgeCachePolicy;
}

export async function tracksPlugin(app: FastifyInstance, options: TracksPluginOptions): Promise<void> {
  registerContractRows(app, TRACKS_CONTRACT);
  registerTrackRoutes(app, {
    tracks: options.tracks,
    publicUrl: options.publicUrl,
    edgeCache: options.edgeCache,
  });
  registerTrackRemixRoutes(app, {
    remix: options.remix,
    tracks: options.tracks,
    publicUrl: options.publicUrl,
  });
}
