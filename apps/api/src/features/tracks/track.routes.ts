// /v1/tracks and /v1/public/tracks. Reads of public and unlisted tracks need no credential; every
// other route acts for the caller's workspace only.
import { type CaptionFormat, encodeLyricCaptions } from '@trackforge/engine/request';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import { requireAuth } from '../../platform/http/auth-context.js';
import { compileSerializer } from '../../platform/http/compiled-serializer.js';
import {
  type EdgeCachePolicy,
  setPublicFeedCaching,
  setTrackCaching,
} from '../../platform/http/edge-cache.js';
import { listPage } from '../../platform/http/list-page.js';
import {
  answerOver,
  clientHasCurrent,
  contentEtag,
  inMemory,
  sendFile,
  sendGrowingFile,
} from '../../platform/http/send-file.js';
import { IdempotencyKeyHeaderSchema } from '../../platform/idempotency/idempotency.plugin.js';
import { PageQuerySchema } from '../../platform/shared/keyset-page.js';
import { MAX_MULTIPART_BYTES, multipartToTrackBody } from './melody-upload.js';
import type { TrackJson } from './track.schemas.js';
import {
  AudioQuerySchema,
  CreateTrackBodySchema,
  ListTracksQuerySchema,
  LyricsQuerySchema,
  PublicTrackListSchema,
  PublicTrackSchema,
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
  /** How long shared caches may keep public answers (long only when purges reach them). */
  edgeCache: EdgeCachePolicy;
}

const MAX_WAIT_SECONDS = 60;

// LRC has no registered type; text/plain opens in a browser and saves as text.
const LYRICS_CONTENT_TYPES: Record<CaptionFormat, string> = {
  lrc: 'text/plain; charset=utf-8',
  vtt: 'text/vtt; charset=utf-8',
  srt: 'application/x-subrip; charset=utf-8',
};

// GET /v1/tracks/{id} is the hottest read: each view has its own serializer, compiled once.
const serializeOwnerTrack = compileSerializer(TrackSchema);
const serializePublicTrack = compileSerializer(PublicTrackSchema);

export const CreateHeadersSchema = z.looseObject({
  'idempotency-key': IdempotencyKeyHeaderSchema,
  prefer: z.string().optional(),
});

function viewerOf(request: FastifyRequest): Viewer {
  return request.auth ? { workspaceId: request.auth.workspaceId, userId: request.auth.userId } : null;
}

function waitSeconds(prefer: string | undefined): number | undefined {
  const match = prefer ? /(?:^|[,;\s])wait=(\d+)/i.exec(prefer) : null;
  return match ? Math.min(Number(match[1]), MAX_WAIT_SECONDS) : undefined;
}

/**
 * The answer to every request that queues a track (create, variation, extension): 201 with the
 * track and its Location, after waiting on it when `Prefer: wait=N` asks to.
 */
export async function answerQueuedTrack(
  prefer: string | undefined,
  reply: FastifyReply,
  deps: { tracks: Pick<TracksService, 'waitForTrack'>; publicUrl: string },
  auth: { workspaceId: string; userId: string | null },
  queued: TrackJson,
): Promise<FastifyReply> {
  let track = queued;
  const wait = waitSeconds(prefer);
  if (wait !== undefined && wait > 0) {
    track = await deps.tracks.waitForTrack(auth, track.id, wait * 1000);
    reply.header('preference-applied', `wait=${wait}`);
  }
  reply.header('location', `${deps.publicUrl}/v1/tracks/${track.id}`);
  return reply.code(201).send(track);
}

/**
 * A melody file comes as multipart/form-data, only to POST /v1/tracks (melody-upload.ts). Added for
 * all of /v1 (buildApp), so that every other route answers multipart with the same 415.
 */
export function registerMultipartParser(app: FastifyInstance): void {
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer', bodyLimit: MAX_MULTIPART_BYTES },
    (request, body, done) => {
      if (request.method !== 'POST' || !/\/v1\/tracks$/.test(request.routeOptions.url ?? '')) {
        done(
          new AppError(
            'unsupported_media_type',
            'multipart/form-data is accepted by POST /v1/tracks only; send JSON.',
          ),
          undefined,
        );
        return;
      }
      try {
        done(null, multipartToTrackBody(body as Buffer, request.headers['content-type'] ?? ''));
      } catch (error) {
        done(error as Error, undefined);
      }
    },
  );
}

export function registerTrackRoutes(app: FastifyInstance, deps: TrackRoutesDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { tracks } = deps;

  routes.post(
    '/tracks',
    {
      schema: {
        tags: ['tracks'],
        summary: 'Create a track',
        description:
          'Create a track (holds 1 credit until it is ready; given back if it fails). Send `Idempotency-Key` to retry safely: the same key and body replay the first answer for 24 h (`Idempotent-Replayed: true`). `Prefer: wait=N` (N ≤ 60) holds the answer until the track is ready or failed, or N seconds pass. Musical inputs: `chords` (a progression followed exactly), `sections` (a section plan that sets the length) and `melody` (a MIDI file the lead plays: base64 in JSON, or as `multipart/form-data` with a `request` JSON part and a `melody` file part, at most 256 KB). An input the engine cannot use (unknown chord, broken MIDI, plan over 600 s) is 422 `unprocessable_input` naming the field; nothing is stored or charged then.',
        headers: CreateHeadersSchema,
        body: CreateTrackBodySchema,
        response: { 201: TrackSchema },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      // The claimed Idempotency-Key (idempotency.plugin.ts) is stored in the create's transaction.
      const track = await tracks.createTrack(auth, request.body, request.idempotency ?? undefined);
      return answerQueuedTrack(request.headers.prefer, reply, deps, auth, track);
    },
  );

  routes.get(
    '/tracks',
    {
      schema: {
        tags: ['tracks'],
        summary: 'List tracks',
        description: "List the workspace's tracks, newest first.",
        querystring: ListTracksQuerySchema,
        response: { 200: TrackListSchema },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const page = await tracks.listTracks(auth.workspaceId, request.query);
      return listPage(reply, `${deps.publicUrl}/v1/tracks`, request.query, page);
    },
  );

  routes.get(
    '/public/tracks',
    {
      schema: {
        tags: ['tracks'],
        summary: 'List public tracks',
        description:
          'List public tracks of every workspace, newest first (no credential needed). Each track is the public representation (`object: "public_track"`).',
        querystring: PageQuerySchema,
        response: { 200: PublicTrackListSchema },
      },
    },
    async (request, reply) => {
      const page = await tracks.listPublicTracks(request.query);
      setPublicFeedCaching(reply);
      return listPage(reply, `${deps.publicUrl}/v1/public/tracks`, request.query, page);
    },
  );

  routes.get(
    '/tracks/:id',
    {
      schema: {
        tags: ['tracks'],
        summary: 'Get a track',
        description:
          'Get a track (public and unlisted tracks need no credential). The track\'s own workspace gets the full track (`object: "track"`); anyone else reading a public or unlisted track gets the public representation (`object: "public_track"`).',
        params: TrackIdParamsSchema,
        response: { 200: ReadTrackSchema },
      },
    },
    async (request, reply) => {
      // The view is chosen by ownership and serialized by that view's own compiled schema, so an
      // owner never gets the public subset and nobody else ever gets an owner's field.
      const read = await tracks.readTrack(viewerOf(request), request.params.id);
      // A reply serializer leaves the content type to the route (the default one sets it itself).
      reply.type('application/json; charset=utf-8');
      return read.view === 'owner'
        ? reply.serializer(serializeOwnerTrack).send(read.track)
        : reply.serializer(serializePublicTrack).send(read.track);
    },
  );

  routes.delete(
    '/tracks/:id',
    {
      schema: {
        tags: ['tracks'],
        summary: 'Delete a track',
        description: 'Delete a track and its files (an unfinished track gives its credit back).',
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
        summary: "Set a track's visibility",
        description:
          'Set who can see a track: private (workspace), unlisted (anyone with the link) or public (listed).',
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

  const sendTrackFile = async (
    request: FastifyRequest,
    reply: FastifyReply,
    id: string,
    kind: TrackFileKind,
  ) => {
    const { track, file, making, contentType } = await tracks.openTrackDownload(
      viewerOf(request),
      id,
      kind,
      answerOver(reply),
    );
    const extension =
      kind === 'midi' ? 'mid' : kind === 'stems' ? 'zip' : kind === 'waveform' ? 'json' : kind;
    const download = (request.query as { download?: string }).download;
    const attach = download === '1' || download === 'true' || kind === 'stems';
    setTrackCaching(reply, deps.edgeCache, track, true);
    const described = {
      contentType,
      disposition: { type: attach ? 'attachment' : 'inline', filename: `${track.id}.${extension}` } as const,
    };
    // A derived file's first download streams while it is made (its length is not known yet); a
    // byte range is served from the kept file once it is there.
    if (making && !request.headers.range) {
      return sendGrowingFile(request, reply, { ...described, etag: making.etag, read: () => making.read() });
    }
    const kept = file ?? (await making!.finished);
    return sendFile(request, reply, {
      ...described,
      bytes: kept.bytes,
      etag: kept.etag,
      open: (range) => tracks.openFile(kept.key, range),
    });
  };

  routes.get(
    '/tracks/:id/audio',
    {
      schema: {
        tags: ['tracks'],
        summary: 'Download the audio',
        description:
          "Download the audio (mp3, wav, ogg or flac); supports Range (206) and ETag. FLAC is the track's stored master (16-bit); WAV and OGG are made from it on their first download (for 120 s, under a second for WAV and a few seconds for OGG) and kept for 7 days, made again after that, so every format is the audio the track was made with. A track made before masters were stored (2026-11-29) has its WAV, OGG and FLAC rendered again from its request instead. With `?stream=1` (mp3) on a track that is still queued or generating, the answer is a progressive MP3 that grows as the track renders and ends when it is ready, so a player can start at once.",
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
      return sendTrackFile(request, reply, request.params.id, format);
    },
  );

  for (const [path, kind, summary, description] of [
    ['midi', 'midi', 'Download the MIDI', 'Download the arrangement as a Standard MIDI File.'],
    [
      'stems',
      'stems',
      'Download the stems',
      "Download a zip of per-instrument FLAC stems, rendered again from the track's request on the first download and kept after that. They are sent only when that render reproduces the track's stored master: a track the engine now renders differently (it was made by an earlier version) answers 422 `unprocessable_track`.",
    ],
  ] as const) {
    routes.get(
      `/tracks/:id/${path}`,
      {
        schema: {
          tags: ['tracks'],
          summary,
          description,
          params: TrackIdParamsSchema,
          querystring: z.object({ download: z.enum(['1', 'true', '0', 'false']).optional() }),
        },
      },
      async (request, reply) => sendTrackFile(request, reply, request.params.id, kind),
    );
  }

  routes.get(
    '/tracks/:id/lyrics',
    {
      schema: {
        tags: ['tracks'],
        summary: 'Download the timed lyrics',
        description:
          "A sung track's lines with their times, as the files players and editors read: `lrc` (each line's start; an empty time tag clears the display after a line followed by a gap), `vtt` (WebVTT: a cue per line, a `NOTE` naming each section, and a timestamp tag before each written word after the first; `24/7`, sung as three words, takes the first one's time) or `srt` (SubRip). The times are `music.lyrics`'. 404 for a track made without `lyrics`, 409 until it is ready.",
        params: TrackIdParamsSchema,
        querystring: LyricsQuerySchema,
      },
    },
    async (request, reply) => {
      const { format, download } = request.query;
      const { track, lines } = await tracks.getTrackLyrics(viewerOf(request), request.params.id);
      const text = Buffer.from(
        encodeLyricCaptions(lines, format, { title: track.title, durationSeconds: track.duration_seconds }),
      );
      setTrackCaching(reply, deps.edgeCache, track, true);
      return sendFile(request, reply, {
        bytes: text.byteLength,
        etag: contentEtag(text),
        contentType: LYRICS_CONTENT_TYPES[format],
        disposition: {
          type: download === '1' || download === 'true' ? 'attachment' : 'inline',
          filename: `${track.id}.${format}`,
        },
        open: inMemory(text),
      });
    },
  );

  routes.get(
    '/tracks/:id/melody',
    {
      schema: {
        tags: ['tracks'],
        summary: 'Download the melody it follows',
        description:
          "The melody a track follows, as a Standard MIDI File (format 0): the notes taken from the `melody` file it was made with (a variation's or extension's: the original's), so it can be sent again to make the track again with the same melody. The track's own workspace only; 404 when the track was made without a melody.",
        params: TrackIdParamsSchema,
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { track, bytes } = await tracks.getTrackMelody(auth.workspaceId, request.params.id);
      reply.header('cache-control', 'private, no-cache');
      reply.header('content-disposition', `inline; filename="${track.id}-melody.mid"`);
      return reply.type('audio/midi').send(Buffer.from(bytes));
    },
  );

  routes.get(
    '/tracks/:id/cover.svg',
    {
      schema: {
        tags: ['tracks'],
        summary: 'Get the cover art',
        description:
          'Cover art drawn from the track (SVG, 600 × 600; public and unlisted tracks need no credential). Deterministic and made on this server: the key picks the colours, the tempo the rings, the genre the motif and the waveform the bars, so the same music always gives the same image. Before the track is ready it is drawn from the prompt and changes once the music exists. Answers carry an ETag (send If-None-Match for 304).',
        params: TrackIdParamsSchema,
      },
    },
    async (request, reply) => {
      const { track, svg, etag } = await tracks.getTrackCover(viewerOf(request), request.params.id);
      reply.header('etag', etag);
      // Before the track is ready the cover is drawn from the prompt and changes once: revalidated.
      setTrackCaching(reply, deps.edgeCache, track, track.status === 'ready');
      reply.type('image/svg+xml; charset=utf-8');
      if (clientHasCurrent(request, etag)) return reply.code(304).send();
      return reply.send(svg);
    },
  );

  routes.get(
    '/tracks/:id/waveform',
    {
      schema: {
        tags: ['tracks'],
        summary: 'Get the waveform',
        description: 'Waveform peaks for drawing the track (min/max pairs per bucket).',
        params: TrackIdParamsSchema,
        response: { 200: WaveformSchema },
      },
    },
    async (request, reply) => {
      const { file, track } = await tracks.getTrackFile(viewerOf(request), request.params.id, 'waveform');
      const chunks: Buffer[] = [];
      for await (const chunk of await tracks.openFile(file.key)) chunks.push(Buffer.from(chunk));
      reply.header('etag', file.etag);
      setTrackCaching(reply, deps.edgeCache, track, true);
      return JSON.parse(Buffer.concat(chunks).toString('utf8')) as z.infer<typeof WaveformSchema>;
    },
  );
}
