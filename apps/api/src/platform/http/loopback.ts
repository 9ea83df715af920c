// Whether a request comes from this machine (operator-only surfaces: /metrics without a token,
// /_dev/* in development).
import type { FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';

export function isLoopbackRequest(request: FastifyRequest): boolean {
  // The socket's peer, never X-Forwarded-For: a proxy on this machine must not make everyone local.
  const address = request.socket.remoteAddress ?? '';
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address); // ::ffff:127.0.0.1 → 127.0.0.1
  return parsed.range() === 'loopback';
}
