// Generated from openapi.json and packages/sdk-manifest.json by scripts/generate-resources.ts.
// Do not edit: run `npm run generate:sdks`.
// client.voices: The singing voices a track can use, and a short preview of each.
import type { APIClient, RequestOptions } from '../core/api-client.js';
import type { APIPromise } from '../core/api-promise.js';
import type { BinaryResponse } from '../core/binary.js';
import { type ListBody, PagePromise } from '../core/pagination.js';
import type { QueryOf, Voice } from '../types.js';

export class Voices {
  constructor(protected readonly api: APIClient) {}

  /** Voices matching the filters (`q` searches name, description, styles and tags). */
  list(params: QueryOf<'/v1/voices', 'get'> = {}, options?: RequestOptions): PagePromise<Voice> {
    return new PagePromise(params, (query) =>
      this.api.request<ListBody<Voice>>({ method: 'GET', path: '/v1/voices', query, options }),
    );
  }

  /** One voice. */
  retrieve(id: string, options?: RequestOptions): APIPromise<Voice> {
    return this.api.request<Voice>({ method: 'GET', path: `/v1/voices/${encodeURIComponent(id)}`, options });
  }

  /** A short audio preview of the voice, rendered by the engine. */
  preview(id: string, options?: RequestOptions): APIPromise<BinaryResponse> {
    return this.api.requestBinary({
      method: 'GET',
      path: `/v1/voices/${encodeURIComponent(id)}/preview`,
      options,
    });
  }
}
