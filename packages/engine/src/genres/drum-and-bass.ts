// Drum and bass: its record in the genre registry (index.ts), read by the brief, the composer and the renderer.
import type { GenreRecord } from './genre-record.js';
import { drums, NO_SOUND_COLOUR, part, SIXTEENTH_HATS, style } from './shared.js';

export const drumAndBass: GenreRecord = {
  id: 'drum_and_bass',
  // biome-ignore format: word lists, one language a line
  words: {
    nouns: {
      en: ['drum and bass', 'drum & bass', 'drum n bass', "drum'n'bass", "drum n' bass", 'dnb', 'd&b', 'd n b', 'jungle', 'liquid dnb', 'liquid funk', 'neurofunk', 'breakbeat', 'breakcore'],
      es: ['drum and bass', 'dnb', 'jungle'],
      fr: ['drum and bass', 'dnb', 'jungle'],
      de: ['drum and bass', 'dnb', 'jungle'],
      pt: ['drum and bass', 'dnb', 'jungle'],
    },
  },
  brief: {
    needs: ['drums', 'bass'],
    label: 'drum and bass',
    bpmRange: { min: 170, max: 178 },
    drumKit: 0,
    energy: 0.85,
    valence: 0,
    modes: { minor: 0.8, dorian: 0.2 },
    tonics: ['F', 'G', 'A', 'E', 'D', 'C'],
    instruments: [
      drums(0),
      part('reese bass', 39, 'bass'),
      part('piano', 0, 'lead'),
      part('warm pad', 89, 'pad'),
      part('strings', 48, 'chords'),
    ],
  },
  style: style({
    humanize: false,
    major: [['vi', 'IV', 'I', 'V']],
    minor: [
      ['i', 'bVI', 'bIII', 'bVII'],
      ['i', 'bVI', 'bVII', 'V7'],
    ],
    colour: 'seventh',
    bass: 'reese',
    comp: 'sustain',
    comp2: 'block',
    drums: [
      { note: 36, pattern: 'X.........x.....', minEnergy: 0.1 },
      { note: 38, pattern: '....X.......X...', minEnergy: 0.2 },
      { note: 38, pattern: '.......g.g....g.', minEnergy: 0.55 },
      { note: 42, pattern: SIXTEENTH_HATS, minEnergy: 0.3 },
      { note: 51, pattern: 'X...X...X...X...', minEnergy: 0.3 },
    ],
    dance: true,
    busyness: 0.55,
  }),
  sound: NO_SOUND_COLOUR,
};
