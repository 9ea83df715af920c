// Prefixed, time-sortable identifiers (API.md): `trk_01J…`. ULIDs sort by creation time, which
// keyset pagination on (created_at, id) relies on for ties.
import { randomFillSync } from 'node:crypto';
import { monotonicFactory } from 'ulid';

export type IdPrefix =
  | 'usr'
  | 'wsp'
  | 'key'
  | 'trk'
  | 'voc'
  | 'evt'
  | 'ses'
  | 'whe'
  | 'req'
  | 'mem'
  | 'crd'
  | 'job'
  | 'whd'
  | 'lnk';

// ulid's own generator asks the system for one random byte per character (16 calls per id, a
// request id on every request); the same bytes come from the same source 4 KB at a time here.
const randomPool = new Uint8Array(4096);
let randomAt = randomPool.length;
function pooledRandom(): number {
  if (randomAt === randomPool.length) {
    randomFillSync(randomPool);
    randomAt = 0;
  }
  return (randomPool[randomAt++] as number) / 256;
}

const nextUlid = monotonicFactory(pooledRandom);

/** A new id such as `trk_01JD0…` (26 Crockford base32 characters after the prefix). */
export function newId(prefix: IdPrefix): string {
  return `${prefix}_${nextUlid()}`;
}

/** True when text looks like an id with the given prefix (cheap check before any database read). */
export function isId(prefix: IdPrefix, text: string): boolean {
  return (
    text.length === prefix.length + 27 &&
    text.startsWith(`${prefix}_`) &&
    /^[0-9A-HJKMNP-TV-Z]{26}$/.test(text.slice(prefix.length + 1))
  );
}
