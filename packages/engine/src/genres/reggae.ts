// Reggae: its record in the genre registry (index.ts), read by the brief, the composer and the renderer.
import type { GenreRecord } from './genre-record.js';
import { drums, NO_SOUND_COLOUR, part, style } from './shared.js';

export const reggae: GenreRecord = {
  id: 'reggae',
  // biome-ignore format: word lists, one language a line
  words: {
    nouns: {
      en: ['reggae', 'dub', 'roots reggae', 'ska', 'rocksteady', 'dancehall', 'one drop'],
      es: ['reggae', 'reggae en espanol', 'dub', 'ska'],
      fr: ['reggae', 'dub', 'ska'],
      de: ['reggae', 'dub', 'ska'],
      pt: ['reggae', 'dub', 'ska'],
    },
  },
  brief: {
    needs: ['drums', 'bass'],
    label: 'reggae',
    bpmRange: { min: 65, max: 80 },
    drumKit: 0,
    energy: 0.45,
    valence: 0.5,
    modes: { major: 0.6, minor: 0.4 },
    tonics: ['A', 'G', 'C', 'D', 'E', 'F'],
    instruments: [
      drums(0),
      part('electric bass', 33, 'bass'),
      part('clean guitar', 27, 'chords'),
      part('organ', 16, 'arp'),
      part('melodica', 22, 'lead'),
    ],
  },
  style: style({
    major: [
      ['I', 'IV'],
      ['I', 'IV', 'I', 'V'],
      ['I', 'vi', 'IV', 'V'],
    ],
    minor: [
      ['i', 'iv'],
      ['i', 'bVII', 'bVI', 'bVII'],
    ],
    bass: 'reggae',
    comp: 'skank',
    comp2: 'bubble',
    // the organ's part is the 'arp' slot: it bubbles (offbeat sixteenth pairs), it does not arpeggiate
    arp: 'bubble',
    drums: [
      { note: 36, pattern: '........X.......', minEnergy: 0.1 },
      { note: 37, pattern: '........x.......', minEnergy: 0.1 },
      { note: 42, pattern: 'x.o.x.o.x.o.x.o.', minEnergy: 0.25 },
    ],
    busyness: 0.45,
  }),
  // Dub's echo: the skank and the melodica go into a dotted-eighth ping-pong delay, the repeats
  // darkening as they fade (a tape echo's band-limited feedback), heard between the off-beat chops.
  sound: {
    ...NO_SOUND_COLOUR,
    dubDelay: { sendsByRole: { chords: 0.55, lead: 0.35 }, beats: 0.75, feedback: 0.5 },
  },
};
