// /v1/tracks and /v1/public/tracks. Reads of public and unlisted tracks need no credential; every
// other route acts for the caller's workspace only.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../auth/auth-context.js';
import { AppError } from '../errors.js';
import { IdempotencyKeyHeaderSchema } from '../idempotency/idempotency.plugin.js';
import { nextPageLink, PageQuerySchema } from '../shared/keyset-page.js';
import { parseRange } from './range.js';
import {
  AudioQuerySchema,
  CreateTrackBodySchema,
  ListTracksQuerySchema,
  PublicTrackListSchema,
  PublishTrackBodySchema,
  ReadTrackSchema,
  TrackIdParamsSchema,
  TrackListSchema,
  TrackSchema,
  WaveformSchema,
} from './track.schemas.js';
import type { TracksService, Viewer } from './track.service.js';
import type { TrackFileKind } from './track.table.js';

export interface TrackRoutesDeps {
  tracks: TracksService;
  publicUrl: string;
}

const MAX_WAIT_SECONDS = 60;

export const CreateHeadersSchema = z.looseObject({
  'idempotency-key': IdempotencyKeyHeaderSchema,
  prefer: z.string().optional(),
});

function viewerOf(request: FastifyRequest): Viewer {
  return request.auth ? { workspaceId: request.auth.workspaceId, userId: request.auth.userId } : null;
}

export function waitSeconds(prefer: string | undefined): number | undefined {
  const match = prefer ? /(?:^|[,;\s])wait=(\d+)/i.exec(prefer) : null;
  return match ? Math.min(Number(match[1]), MAX_WAIT_SECONDS) : undefined;
}

export function registerTrackRoutes(app: FastifyInstance, deps: TrackRoutesDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { tracks } = deps;

  routes.post(
    '/tracks',
    {
      schema: {
        tags: ['tracks'],
        summary: 'Create a track (holds 1 credit until it is ready; given back if it fails)',
        description:
          'Send `Idempotency-Key` to retry safely: the same key and body replay the first answer for 24 h (`Idempotent-Replayed: true`). `Prefer: wait=N` (N ≤ 60) holds the answer until the track is ready or failed, or N seconds pass.',
        headers: CreateHeadersSchema,
        body: CreateTrackBodySchema,
        response: { 201: TrackSchema },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      // The claimed Idempotency-Key (idempotency.plugin.ts) is stored in the create's transaction.
      let track = await tracks.createTrack(auth, request.body, request.idempotency ?? undefined);
      const wait = waitSeconds(request.headers.prefer);
      if (wait !== undefined && wait > 0) {
        track = await tracks.waitForTrack(auth, track.id, wait * 1000);
        reply.header('preference-applied', `wait=${wait}`);
      }
      reply.header('location', `${deps.publicUrl}/v1/tracks/${track.id}`);
      return reply.code(201).send(track);
    },
  );

  routes.get(
    '/tracks',
    {
      schema: {
        tags: ['tracks'],
        summary: "List the workspace's tracks, newest first",
        querystring: ListTracksQuerySchema,
        response: { 200: TrackListSchema },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const page = await tracks.listTracks(auth.workspaceId, request.query);
      const link = nextPageLink(`${deps.publicUrl}/v1/tracks`, request.query, page);
      if (link) reply.header('link', link);
      return { object: 'list' as const, ...page };
    },
  );

  routes.get(
    '/public/tracks',
    {
      schema: {
        tags: ['tracks'],
        summary: 'List public tracks of every workspace, newest first (no credential needed)',
        description: 'Each track is the public representation (`object: "public_track"`).',
        querystring: PageQuerySchema,
        response: { 200: PublicTrackListSchema },
      },
    },
    async (request, reply) => {
      const page = await tracks.listPublicTracks(request.query);
      const link = nextPageLink(`${deps.publicUrl}/v1/public/tracks`, request.query, page);
      if (link) reply.header('link', link);
      return { object: 'list' as const, ...page };
    },
  );

  routes.get(
    '/tracks/:id',
    {
      schema: {
        tags: ['tracks'],
        summary: 'Get a track (public and unlisted tracks need no credential)',
        description:
          'The track\'s own workspace gets the full track (`object: "track"`); anyone else reading a public or unlisted track gets the public representation (`object: "public_track"`).',
        params: TrackIdParamsSchema,
        response: { 200: ReadTrackSchema },
      },
    },
    async (request) => tracks.getTrack(viewerOf(request), request.params.id),
  );

  routes.delete(
    '/tracks/:id',
    {
      schema: {
        tags: ['tracks'],
        summary: 'Delete a track and its files (an unfinished track gives its credit back)',
        params: TrackIdParamsSchema,
        response: { 204: z.null().describe('Deleted') },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      await tracks.deleteTrack(auth.workspaceId, request.params.id);
      return reply.code(204).send(null);
    },
  );

  routes.post(
    '/tracks/:id/publish',
    {
      schema: {
        tags: ['tracks'],
        summary:
          'Set who can see a track: private (workspace), unlisted (anyone with the link) or public (listed)',
        params: TrackIdParamsSchema,
        body: PublishTrackBodySchema,
        response: { 200: TrackSchema },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      return tracks.publishTrack(auth.workspaceId, request.params.id, request.body.visibility);
    },
  );

  const sendFile = async (request: FastifyRequest, reply: FastifyReply, id: string, kind: TrackFileKind) => {
    const { track, file, contentType } = await tracks.getTrackFile(viewerOf(request), id, kind);
    const extension =
      kind === 'midi' ? 'mid' : kind === 'stems' ? 'zip' : kind === 'waveform' ? 'json' : kind;
    const download = (request.query as { download?: string }).download;
    const disposition = download === '1' || download === 'true' || kind === 'stems' ? 'attachment' : 'inline';
    reply.header('etag', file.etag);
    reply.header('accept-ranges', 'bytes');
    reply.header(
      'cache-control',
      track.visibility === 'private' ? 'private, max-age=0' : 'public, max-age=3600',
    );
    reply.header('content-disposition', `${disposition}; filename="${track.id}.${extension}"`);
    reply.type(contentType);
    if (request.headers['if-none-match'] === file.etag) return reply.code(304).send();
    const ifRange = request.headers['if-range'];
    const range =
      ifRange && ifRange !== file.etag ? undefined : parseRange(request.headers.range, file.bytes);
    if (range === 'unsatisfiable') {
      throw new AppError(
        'range_not_satisfiable',
        `The file has ${file.bytes} bytes; ask for a range inside it.`,
        {
          headers: { 'content-range': `bytes */${file.bytes}` },
        },
      );
    }
    if (range) {
      reply.code(206);
      reply.header('content-range', `bytes ${range.start}-${range.end}/${file.bytes}`);
      reply.header('content-length', String(range.end - range.start + 1));
      return reply.send(await tracks.openFile(file.key, range));
    }
    reply.header('content-length', String(file.bytes));
    return reply.send(await tracks.openFile(file.key));
  };

  routes.get(
    '/tracks/:id/audio',
    {
      schema: {
        tags: ['tracks'],
        summary: 'Download the audio (mp3, wav, ogg or flac); supports Range (206) and ETag',
        description:
          "WAV, OGG and FLAC are rendered again from the track's request on their first download (a few seconds; the engine is deterministic, so they are the same master as the MP3) and kept after that. With `?stream=1` (mp3) on a track that is still queued or generating, the answer is a progressive MP3 that grows as the track renders and ends when it is ready, so a player can start at once.",
        params: TrackIdParamsSchema,
        querystring: AudioQuerySchema,
      },
    },
    async (request, reply) => {
      const { stream, format } = request.query;
      if ((stream === '1' || stream === 'true') && format === 'mp3') {
        const live = await tracks.openLiveAudio(viewerOf(request), request.params.id);
        if (live) {
          reply.header('cache-control', 'no-store');
          reply.header('content-disposition', `inline; filename="${live.track.id}.mp3"`);
          return reply.type('audio/mpeg').send(live.stream);
        }
      }
      return sendFile(request, reply, request.params.id, format);
    },
  );

  for (const [path, kind, summary] of [
    ['midi', 'midi', 'Download the arrangement as a Standard MIDI File'],
    [
      'stems',
      'stems',
      'Download a zip of per-instrument FLAC stems (rendered on the first download, then kept)',
    ],
  ] as const) {
    routes.get(
      `/tracks/:id/${path}`,
      {
        schema: {
          tags: ['tracks'],
          summary,
          params: TrackIdParamsSchema,
          querystring: z.object({ download: z.enum(['1', 'true', '0', 'false']).optional() }),
        },
      },
      async (request, reply) => sendFile(request, reply, request.params.id, kind),
    );
  }

  routes.get(
    '/tracks/:id/waveform',
    {
      schema: {
        tags: ['tracks'],
        summary: 'Waveform peaks for drawing the track (min/max pairs per bucket)',
        params: TrackIdParamsSchema,
        response: { 200: WaveformSchema },
      },
    },
    async (request, reply) => {
      const { file, track } = await tracks.getTrackFile(viewerOf(request), request.params.id, 'waveform');
      const chunks: Buffer[] = [];
      for await (const chunk of await tracks.openFile(file.key)) chunks.push(Buffer.from(chunk));
      reply.header('etag', file.etag);
      reply.header(
        'cache-control',
        track.visibility === 'private' ? 'private, max-age=0' : 'public, max-age=3600',
      );
      return JSON.parse(Buffer.concat(chunks).toString('utf8')) as z.infer<typeof WaveformSchema>;
    },
  );
}
