// client.voices: the singing voices a track can use, and a short preview of each.
import type { APIClient, RequestOptions } from '../core/api-client.js';
import { BinaryResponse } from '../core/binary.js';
import { type ListBody, PagePromise } from '../core/pagination.js';
import type { Voice, VoiceListParams } from '../types.js';

export class Voices {
  constructor(private readonly api: APIClient) {}

  /** Voices matching the filters (`q`, `gender`, `range`, `style`, `sort`). */
  list(params: VoiceListParams = {}, options?: RequestOptions): PagePromise<Voice> {
    return new PagePromise(params, (query) =>
      this.api.request<ListBody<Voice>>({ method: 'GET', path: '/v1/voices', query, options }),
    );
  }

  retrieve(id: string, options?: RequestOptions): Promise<Voice> {
    return this.api.request<Voice>({ method: 'GET', path: `/v1/voices/${encodeURIComponent(id)}`, options });
  }

  /** A short audio preview of the voice, rendered by the engine. */
  async preview(id: string, options?: RequestOptions): Promise<BinaryResponse> {
    const path = `/v1/voices/${encodeURIComponent(id)}/preview`;
    return new BinaryResponse(await this.api.requestRaw({ method: 'GET', path, options }));
  }
}
