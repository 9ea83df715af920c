// Named types for the wire objects, picked out of the generated `paths` so they follow openapi.json.
// Each is taken from the route that returns it in its most stable form (the owner's list for Track),
// and nothing here rejects fields the server adds later.
import type { paths } from './generated/openapi.js';

type Method = 'get' | 'post' | 'patch' | 'delete';
type Operation<P extends keyof paths, M extends Method> = M extends keyof paths[P]
  ? NonNullable<paths[P][M]>
  : never;
type JsonOf<R> = R extends { content: { 'application/json': infer B } } ? B : never;
/** The JSON body of the 200/201/202 answer of a route. */
export type ResponseOf<P extends keyof paths, M extends Method> =
  Operation<P, M> extends {
    responses: infer R;
  }
    ? JsonOf<R[Extract<keyof R, 200 | 201 | 202>]>
    : never;
/** The JSON request body of a route. */
export type BodyOf<P extends keyof paths, M extends Method> =
  Operation<P, M> extends {
    requestBody?: infer B;
  }
    ? JsonOf<NonNullable<B>>
    : never;
/** The query parameters of a route. */
export type QueryOf<P extends keyof paths, M extends Method> =
  Operation<P, M> extends {
    parameters: { query?: infer Q };
  }
    ? NonNullable<Q>
    : never;
type ItemOf<L> = L extends { data: (infer T)[] } ? T : never;

/** A track as its owner sees it (API.md "Track"). */
export type Track = ItemOf<ResponseOf<'/v1/tracks', 'get'>>;
/** A track as anyone else sees it (public or unlisted). */
export type PublicTrack = ItemOf<ResponseOf<'/v1/public/tracks', 'get'>>;
export type TrackStatus = Track['status'];
export type TrackVisibility = Track['visibility'];
/** A Standard MIDI File for `melody`: its bytes (Uint8Array, ArrayBuffer, Blob or File), or base64 text. */
export type MelodyFile = string | Uint8Array | ArrayBuffer | Blob;
/** POST /v1/tracks; a `melody` given as bytes is sent base64-encoded, as the JSON body wants it. */
export type TrackCreateParams = Omit<BodyOf<'/v1/tracks', 'post'>, 'melody'> & { melody?: MelodyFile };
export type TrackVariationParams = BodyOf<'/v1/tracks/{id}/variations', 'post'>;
export type TrackExtendParams = BodyOf<'/v1/tracks/{id}/extend', 'post'>;
export type TrackListParams = QueryOf<'/v1/tracks', 'get'>;
export type PublicTrackListParams = QueryOf<'/v1/public/tracks', 'get'>;
export type Waveform = ResponseOf<'/v1/tracks/{id}/waveform', 'get'>;

export type Voice = ResponseOf<'/v1/voices/{id}', 'get'>;
export type VoiceListParams = QueryOf<'/v1/voices', 'get'>;

export type Credits = ResponseOf<'/v1/credits', 'get'>;
export type CreditEntry = ItemOf<Credits['entries']>;
export type CreditListParams = QueryOf<'/v1/credits', 'get'>;

export type Me = ResponseOf<'/v1/me', 'get'>;
export type Workspace = ResponseOf<'/v1/workspace', 'get'>;

export type ApiKey = ItemOf<ResponseOf<'/v1/api-keys', 'get'>>;
/** A new key, with its `secret` (shown once). */
export type ApiKeyWithSecret = ResponseOf<'/v1/api-keys', 'post'>;
export type ApiKeyCreateParams = BodyOf<'/v1/api-keys', 'post'>;
export type ApiKeyListParams = QueryOf<'/v1/api-keys', 'get'>;

export type WebhookEndpoint = ResponseOf<'/v1/webhook-endpoints/{id}', 'get'>;
export type WebhookEndpointCreateParams = BodyOf<'/v1/webhook-endpoints', 'post'>;
export type WebhookEndpointListParams = QueryOf<'/v1/webhook-endpoints', 'get'>;
/** What `webhookEndpoints.update` may change: url, description, event_types, enabled. */
export type WebhookEndpointUpdateParams = BodyOf<'/v1/webhook-endpoints/{id}', 'patch'>;

export type CheckoutParams = BodyOf<'/v1/billing/checkout', 'post'>;
export type CheckoutSession = ResponseOf<'/v1/billing/checkout', 'post'>;
export type PortalParams = BodyOf<'/v1/billing/portal', 'post'>;
export type PortalSession = ResponseOf<'/v1/billing/portal', 'post'>;

export type SignupParams = BodyOf<'/v1/auth/signup', 'post'>;
export type MagicLinkParams = BodyOf<'/v1/auth/magic-link', 'post'>;
export type MagicLinkSent = ResponseOf<'/v1/auth/magic-link', 'post'>;
export type Verification = ResponseOf<'/v1/auth/verify', 'get'>;

type WireEvent = ItemOf<ResponseOf<'/v1/events', 'get'>>;
export type EventType = WireEvent['type'];
export type EventListParams = QueryOf<'/v1/events', 'get'>;
type EventEnvelope = Omit<WireEvent, 'type' | 'data'>;
/** A track's job event (`track.queued`, `track.generating`, `track.ready`, `track.failed`). */
export type TrackEvent = EventEnvelope & {
  type: Extract<EventType, `track.${string}`>;
  data: { track: Track };
};
/** An endpoint disabled after sustained failure or a 410; `data.webhook_endpoint` has no secret. */
export type WebhookEndpointEvent = EventEnvelope & {
  type: 'webhook_endpoint.disabled';
  data: { webhook_endpoint: Omit<WebhookEndpoint, 'secret'> };
};
/** Any event, from GET /v1/events, the WebSocket or a webhook: narrow on `type`. */
export type TrackforgeEvent = TrackEvent | WebhookEndpointEvent;
