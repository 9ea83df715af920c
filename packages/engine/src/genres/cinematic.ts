// Cinematic: its record in the genre registry (index.ts), read by the brief, the composer and the renderer.
import type { GenreRecord } from './genre-record.js';
import { drums, NO_SOUND_COLOUR, part, style } from './shared.js';

export const cinematic: GenreRecord = {
  id: 'cinematic',
  // biome-ignore format: word lists, one language a line
  words: {
    nouns: {
      en: ['cinematic', 'film score', 'movie score', 'soundtrack', 'epic trailer', 'trailer', 'trailer music', 'movie', 'film music', 'video game soundtrack', 'game soundtrack', 'boss battle', 'boss fight', 'hans zimmer', 'epic music', 'documentary', 'fantasy soundtrack'],
      es: ['cinematografico', 'cinematica', 'banda sonora', 'musica de pelicula', 'pelicula', 'trailer epico', 'musica epica'],
      fr: ['cinematographique', 'bande originale', 'bande son', 'musique de film', 'film', 'bande-annonce', 'musique epique'],
      de: ['filmmusik', 'soundtrack', 'kinomusik', 'trailermusik', 'filmisch', 'cineastisch', 'epische musik'],
      pt: ['cinematografico', 'cinematica', 'trilha sonora', 'musica de filme', 'filme', 'trailer epico', 'musica epica'],
    },
    modifiers: {
      en: ['cinematic', 'filmic'],
      es: ['cinematografica'],
      fr: ['cinematique'],
      de: ['filmisch'],
      pt: ['cinematografica'],
    },
  },
  brief: {
    label: 'cinematic',
    bpmRange: { min: 60, max: 140 },
    drumKit: 48,
    // The Power kit's big toms, kick and snare strike where the Orchestra kit's timpani swell: an
    // energetic trailer cue mixed on timpani was heard as sparser than a minimal piano loop.
    energeticDrumKit: 16,
    energy: 0.65,
    valence: -0.1,
    modes: { minor: 0.8, major: 0.2 },
    tonics: ['D', 'C', 'E', 'F', 'G', 'A'],
    instruments: [
      drums(48, 'orchestral percussion'),
      part('taiko', 116, 'percussion'),
      part('contrabass', 43, 'bass'),
      part('string ostinato', 48, 'arp'),
      part('brass', 61, 'lead'),
      part('choir', 52, 'pad'),
      part('french horns', 60, 'counter'),
    ],
  },
  style: style({
    major: [
      ['I', 'V', 'vi', 'IV'],
      ['vi', 'IV', 'I', 'V'],
    ],
    minor: [
      ['i', 'bVI', 'bIII', 'bVII'],
      ['i', 'bVI', 'bVII', 'V'],
      ['i', 'bVI', 'iv', 'V'],
    ],
    bass: 'sustained',
    comp: 'ostinato',
    comp2: 'arpeggio',
    // Timpani (41, 43 in the Orchestra kit) swell rather than strike, so an energetic cue's "huge
    // drums" add a bass drum and a driving snare (on the Power kit, see genres.ts): onset detectors
    // (and listeners) heard the timpani-only cue as sparser than a minimal piano loop.
    drums: [
      { note: 41, pattern: 'X..x..x.X.......', minEnergy: 0.4 },
      { note: 43, pattern: '........x..x.x..', minEnergy: 0.6 },
      { note: 38, pattern: '....x.......x...', minEnergy: 0.75 },
      { note: 36, pattern: 'X.....x.X.....x.', minEnergy: 0.7 },
      { note: 38, pattern: 'x.x...x.x.x...xx', minEnergy: 0.78 },
    ],
    percussion: [{ note: 47, pattern: 'X.....x.X.......', minEnergy: 0.4 }],
    introDrums: 'none',
    busyness: 0.4,
  }),
  sound: NO_SOUND_COLOUR,
};
