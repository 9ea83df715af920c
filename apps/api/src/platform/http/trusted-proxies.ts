// Which peers may say where a request came from (TRUST_PROXY, docs/DEPLOY.md "Client addresses").
// Fastify then reads X-Forwarded-For from the right, skipping trusted hops, and request.ip is the
// first hop it does not trust: a client outside the trusted ranges can prepend whatever it likes,
// it only ever lands left of an address we did not trust and is never read.
import type { FastifyServerOptions } from 'fastify';
import type { TrustProxy } from '../../config.js';

export function trustProxyOption(setting: TrustProxy): NonNullable<FastifyServerOptions['trustProxy']> {
  if (setting === false) return false;
  if ('ranges' in setting) return setting.ranges;
  // Fastify's own numeric setting trusts no hop at all (it cannot check the peer), so a count is a
  // function of the hop's position: 0 is the socket's peer, 1 the last X-Forwarded-For entry, ...
  const { hops } = setting;
  return (_address: string, hopIndex: number) => hopIndex < hops;
}
