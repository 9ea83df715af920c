// Orchestral: its record in the genre registry (index.ts), read by the brief, the composer and the renderer.
import type { GenreRecord } from './genre-record.js';
import { NO_SOUND_COLOUR, part, style } from './shared.js';

export const orchestral: GenreRecord = {
  id: 'orchestral',
  // biome-ignore format: word lists, one language a line
  words: {
    nouns: {
      en: ['orchestra', 'symphony', 'classical', 'classical music', 'baroque', 'romantic era', 'string quartet', 'piano trio', 'string trio', 'brass quintet', 'chamber music', 'concerto', 'sonata', 'nocturne', 'etude', 'requiem', 'philharmonic', 'opera'],
      es: ['orquesta', 'sinfonia', 'musica clasica', 'clasica', 'barroco', 'cuarteto de cuerdas', 'trio con piano', 'musica de camara'],
      fr: ['orchestre', 'symphonie', 'musique classique', 'classique', 'baroque', 'quatuor a cordes', 'trio avec piano', 'musique de chambre'],
      de: ['orchester', 'sinfonie', 'symphonie', 'klassik', 'klassische musik', 'klassisch', 'barock', 'streichquartett', 'klaviertrio', 'kammermusik'],
      pt: ['orquestra', 'sinfonia', 'musica classica', 'classica', 'classico', 'barroco', 'quarteto de cordas', 'musica de camara'],
    },
    modifiers: {
      en: ['orchestral', 'symphonic'],
      es: ['orquestal', 'sinfonico', 'sinfonica', 'orquestado'],
      fr: ['orchestral', 'orchestrale', 'orchestraux', 'symphonique'],
      de: ['orchestral', 'symphonisch', 'sinfonisch'],
      pt: ['orquestral', 'sinfonico', 'sinfonica', 'orquestrado'],
    },
    weak: {
      en: ['waltz', 'minuet'],
      es: ['vals'],
      fr: ['valse', 'menuet'],
      de: ['walzer', 'menuett'],
      pt: ['valsa'],
    },
  },
  brief: {
    label: 'orchestral',
    bpmRange: { min: 60, max: 140 },
    drumKit: 48,
    energy: 0.5,
    valence: 0,
    modes: { minor: 0.6, major: 0.4 },
    tonics: ['D', 'C', 'G', 'Eb', 'F', 'A', 'E'],
    instruments: [
      part('timpani', 47, 'percussion'),
      part('contrabass', 43, 'bass'),
      part('strings', 48, 'chords'),
      part('french horn', 60, 'lead'),
      part('flute', 73, 'counter'),
      part('harp', 46, 'arp'),
    ],
  },
  style: style({
    major: [
      ['I', 'V', 'vi', 'IV'],
      ['I', 'IV', 'V', 'I'],
      ['I', 'iii', 'IV', 'V'],
    ],
    minor: [
      ['i', 'bVI', 'bIII', 'bVII'],
      ['i', 'iv', 'V', 'i'],
      ['i', 'bVI', 'iv', 'V'],
    ],
    bass: 'sustained',
    comp: 'ostinato',
    comp2: 'arpeggio',
    drums: [
      { note: 36, pattern: 'X.......X.......', minEnergy: 0.45 },
      { note: 38, pattern: '....x.......x...', minEnergy: 0.7 },
    ],
    percussion: [{ note: 47, pattern: 'X.......x.......', minEnergy: 0.4 }],
    introDrums: 'none',
    busyness: 0.4,
  }),
  sound: NO_SOUND_COLOUR,
};
