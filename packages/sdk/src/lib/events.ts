// client.events helpers on top of the generated event log: the live, verified stream over
// WS /v1/ws/jobs.
import type { APIClient } from '../core/api-client.js';
import { EventSubscription, type SubscribeParams } from '../core/event-subscription.js';
import { APIStatusError } from '../errors.js';
import type { WebSocketConstructor } from '../internal/websocket.js';
import { Events as GeneratedEvents } from '../resources/events.js';
import type { TrackforgeEvent } from '../types.js';
import type { WorkspaceResource } from './workspace.js';

export class Events extends GeneratedEvents {
  constructor(
    api: APIClient,
    private readonly workspace: WorkspaceResource,
    private readonly WebSocket: WebSocketConstructor | undefined,
  ) {
    super(api);
  }

  /**
   * Live job events, verified with the workspace's signing secret, resumed without loss after a
   * dropped connection. End it with `break`, `close()` or the signal.
   * @example
   * for await (const event of client.events.subscribe({ trackIds: [track.id] })) {
   *   if (event.type === 'track.ready') break;
   * }
   */
  subscribe(params: SubscribeParams = {}): EventSubscription {
    const api = this.api;
    return new EventSubscription(params, {
      socketURL: (lastEventId) =>
        api.buildURL('/v1/ws/jobs', { last_event_id: lastEventId }).replace(/^http/, 'ws'),
      headers: () => {
        const headers: Record<string, string> = { 'trackforge-version': api.config.apiVersion };
        if (api.config.apiKey) headers.authorization = `Bearer ${api.config.apiKey}`;
        return headers;
      },
      signingSecret: async (refresh) => this.workspace.signingSecret({ refresh }),
      newestEventId: async () => (await this.list({ limit: 1 })).data[0]?.id,
      allEventsOldestFirst: async () => {
        const events: TrackforgeEvent[] = [];
        for await (const event of this.list({ limit: 100 })) events.push(event);
        return events.reverse();
      },
      WebSocket: this.WebSocket,
      diagnose: async (lastEventId) => {
        try {
          await api.request({
            method: 'GET',
            path: '/v1/ws/jobs',
            query: { last_event_id: lastEventId },
            options: { maxRetries: 0 },
          });
          return undefined;
        } catch (error) {
          // 426 upgrade_required: the credential and last_event_id are fine; the socket failed otherwise.
          return error instanceof APIStatusError && error.status !== 426 ? error : undefined;
        }
      },
      logger: api.config.logger,
    });
  }
}
