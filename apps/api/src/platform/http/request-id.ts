// Request ids: `req_` + ULID, or the caller's own x-request-id when it is well formed, so a
// client can correlate its logs with ours.
import type { IncomingMessage } from 'node:http';
import { newId } from '../shared/ids.js';

const CALLER_REQUEST_ID = /^req_[A-Za-z0-9_-]{8,64}$/;

/** Fastify's genReqId: reuse a well-formed caller id, otherwise mint one. */
export function requestIdFor(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  if (typeof given === 'string' && CALLER_REQUEST_ID.test(given)) return given;
  return newId('req');
}
