// The genre registry: one record per genre (genre-record.ts), one file per genre. The brief, the
// composer and the renderer read a genre's habits from here instead of branching on its name.
import type { GenreId } from '../types.js';
import { afrobeat } from './afrobeat.js';
import { ambient } from './ambient.js';
import { blues } from './blues.js';
import { bossaNova } from './bossa-nova.js';
import { celtic } from './celtic.js';
import { chiptune } from './chiptune.js';
import { cinematic } from './cinematic.js';
import { country } from './country.js';
import { disco } from './disco.js';
import { drumAndBass } from './drum-and-bass.js';
import { folk } from './folk.js';
import { funk } from './funk.js';
import type { GenreRecord } from './genre-record.js';
import { house } from './house.js';
import { jazz } from './jazz.js';
import { latin } from './latin.js';
import { lofi } from './lofi.js';
import { metal } from './metal.js';
import { orchestral } from './orchestral.js';
import { pop } from './pop.js';
import { reggae } from './reggae.js';
import { rock } from './rock.js';
import { synthwave } from './synthwave.js';
import { techno } from './techno.js';
import { trap } from './trap.js';

export type * from './genre-record.js';
export { BASE_STYLE } from './shared.js';

/** Every genre the engine arranges, in the order of GENRE_IDS' table (MUSIC.md). */

export const GENRE_RECORDS: Readonly<Record<GenreId, GenreRecord>> = {
  lofi,
  house,
  techno,
  drum_and_bass: drumAndBass,
  trap,
  synthwave,
  pop,
  rock,
  metal,
  funk,
  disco,
  jazz,
  bossa_nova: bossaNova,
  latin,
  reggae,
  country,
  folk,
  orchestral,
  cinematic,
  ambient,
  chiptune,
  afrobeat,
  blues,
  celtic,
};

/** The record of a genre. */
export function getGenreRecord(id: GenreId): GenreRecord {
  return GENRE_RECORDS[id];
}
