// Generated from openapi.json and packages/sdk-manifest.json by scripts/generate-resources.ts.
// Do not edit: run `npm run generate:sdks`.
// client.tracks: Create, vary, extend, read, list, publish and delete tracks.
import type { APIClient, RequestOptions } from '../core/api-client.js';
import type { APIPromise } from '../core/api-promise.js';
import { type ListBody, PagePromise } from '../core/pagination.js';
import { type CreateOptions, heldOptions } from '../core/prefer-wait.js';
import type { BodyOf, PublicTrack, QueryOf, Track, Waveform } from '../types.js';

export class Tracks {
  constructor(protected readonly api: APIClient) {}

  /**
   * Queues a track (holds 1 credit until it is ready; given back if it fails). `sections` is a
   * plan followed in order (then `duration` may be left out); `melody` a Standard MIDI File the
   * lead plays. An input the engine cannot use is a 422 `unprocessable_input` naming the field;
   * nothing is charged then.
   */
  create(params: BodyOf<'/v1/tracks', 'post'>, options: CreateOptions = {}): APIPromise<Track> {
    return this.api.request<Track>({
      method: 'POST',
      path: '/v1/tracks',
      body: params,
      options: heldOptions(options, this.api.config.timeout),
    });
  }

  /**
   * Queues a variation of a ready track (1 credit): its brief with a new seed, the parts in `keep`
   * unchanged. The answer is the new track (`kind` "variation").
   */
  createVariation(
    id: string,
    params: BodyOf<'/v1/tracks/{id}/variations', 'post'>,
    options: CreateOptions = {},
  ): APIPromise<Track> {
    return this.api.request<Track>({
      method: 'POST',
      path: `/v1/tracks/${encodeURIComponent(id)}/variations`,
      body: params,
      options: heldOptions(options, this.api.config.timeout),
    });
  }

  /**
   * Queues an extension of a ready track (1 credit): the original up to its ending, bit for bit,
   * then `seconds` more in its style, or the `sections` plan from where its ending began (at most
   * 600 s in all).
   */
  extend(
    id: string,
    params: BodyOf<'/v1/tracks/{id}/extend', 'post'> = {},
    options: CreateOptions = {},
  ): APIPromise<Track> {
    return this.api.request<Track>({
      method: 'POST',
      path: `/v1/tracks/${encodeURIComponent(id)}/extend`,
      body: params,
      options: heldOptions(options, this.api.config.timeout),
    });
  }

  /**
   * One of your workspace's tracks: status, progress and, once ready, its music and audio facts.
   */
  retrieve(id: string, options?: RequestOptions): APIPromise<Track> {
    return this.api.request<Track>({ method: 'GET', path: `/v1/tracks/${encodeURIComponent(id)}`, options });
  }

  /** A public or unlisted track of any workspace (yours too) as everyone sees it. */
  retrievePublic(id: string, options?: RequestOptions): APIPromise<PublicTrack> {
    return this.api.request<PublicTrack>({
      method: 'GET',
      path: `/v1/tracks/${encodeURIComponent(id)}`,
      options,
    });
  }

  /** The workspace's tracks, newest first; iterating walks every page. */
  list(params: QueryOf<'/v1/tracks', 'get'> = {}, options?: RequestOptions): PagePromise<Track> {
    return new PagePromise(params, (query) =>
      this.api.request<ListBody<Track>>({ method: 'GET', path: '/v1/tracks', query, options }),
    );
  }

  /** Public tracks of every workspace, newest first (no credential needed). */
  listPublic(
    params: QueryOf<'/v1/public/tracks', 'get'> = {},
    options?: RequestOptions,
  ): PagePromise<PublicTrack> {
    return new PagePromise(params, (query) =>
      this.api.request<ListBody<PublicTrack>>({ method: 'GET', path: '/v1/public/tracks', query, options }),
    );
  }

  /** Deletes the track and every file made from it. */
  delete(id: string, options?: RequestOptions): APIPromise<void> {
    return this.api.request<void>({
      method: 'DELETE',
      path: `/v1/tracks/${encodeURIComponent(id)}`,
      options,
    });
  }

  /**
   * Sets who may see the track: "private" (workspace), "unlisted" (anyone with the link) or
   * "public".
   */
  publish(
    id: string,
    params: BodyOf<'/v1/tracks/{id}/publish', 'post'>,
    options: RequestOptions = {},
  ): APIPromise<Track> {
    return this.api.request<Track>({
      method: 'POST',
      path: `/v1/tracks/${encodeURIComponent(id)}/publish`,
      body: params,
      options,
    });
  }

  /** Waveform peaks (min/max pairs per bucket) for drawing the track. */
  waveform(id: string, options?: RequestOptions): APIPromise<Waveform> {
    return this.api.request<Waveform>({
      method: 'GET',
      path: `/v1/tracks/${encodeURIComponent(id)}/waveform`,
      options,
    });
  }
}
