// The purger EDGE_PURGE names, or none (off).
import type { Config } from '../../config.js';
import { createCloudflarePurger } from './cloudflare-purger.js';
import type { Purger } from './edge-purge.js';
import { createHttpPurger } from './http-purger.js';

export function createPurger(
  config: Pick<
    Config,
    | 'EDGE_PURGE'
    | 'EDGE_PURGE_URL'
    | 'EDGE_PURGE_METHOD'
    | 'EDGE_PURGE_TOKEN'
    | 'EDGE_PURGE_TOKEN_HEADER'
    | 'EDGE_PURGE_BY'
    | 'PUBLIC_URL'
  >,
): Purger | undefined {
  // loadConfig requires EDGE_PURGE_URL (and the token for cloudflare) whenever EDGE_PURGE is on.
  if (config.EDGE_PURGE === 'http') {
    const header = config.EDGE_PURGE_TOKEN_HEADER.toLowerCase();
    const token = config.EDGE_PURGE_TOKEN;
    return createHttpPurger({
      url: config.EDGE_PURGE_URL!,
      method: config.EDGE_PURGE_METHOD,
      credential: token
        ? { name: header, value: header === 'authorization' ? `Bearer ${token}` : token }
        : undefined,
    });
  }
  if (config.EDGE_PURGE === 'cloudflare') {
    return createCloudflarePurger({
      url: config.EDGE_PURGE_URL!,
      token: config.EDGE_PURGE_TOKEN!,
      by: config.EDGE_PURGE_BY,
      publicUrl: config.PUBLIC_URL,
    });
  }
  return undefined;
}
