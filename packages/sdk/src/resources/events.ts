// Generated from openapi.json and packages/sdk-manifest.json by scripts/generate-resources.ts.
// Do not edit: run `npm run generate:sdks`.
// client.events: The workspace's event log, and (hand-written) the live, verified job-event subscription.
import type { APIClient, RequestOptions } from '../core/api-client.js';
import { type ListBody, PagePromise } from '../core/pagination.js';
import type { QueryOf, TrackforgeEvent } from '../types.js';

export class Events {
  constructor(protected readonly api: APIClient) {}

  /**
   * The workspace's events, newest first (kept 30 days); `type` e.g. "track.ready", `track_id` for
   * one track's.
   */
  list(params: QueryOf<'/v1/events', 'get'> = {}, options?: RequestOptions): PagePromise<TrackforgeEvent> {
    return new PagePromise(params, (query) =>
      this.api.request<ListBody<TrackforgeEvent>>({ method: 'GET', path: '/v1/events', query, options }),
    );
  }
}
